import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/http/admin-auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('admin routes', () => {
  it('open with the admin token', async () => {
    const res = await t.app.inject({
      url: '/admin/batches',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ id: t.fixture.batchId, kind: 'fixture', status: 'committed' });
  });

  it('refuse a missing or wrong token, and a subscription key in any form', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, '/admin/batches', ADMIN_MESSAGES.missing],
      [{ authorization: 'Bearer adm_wrong' }, '/admin/batches', ADMIN_MESSAGES.invalid],
      [{ authorization: `Basic ${t.adminToken}` }, '/admin/batches', ADMIN_MESSAGES.missing],
      [{ authorization: `Bearer ${t.key}` }, '/admin/batches', ADMIN_MESSAGES.invalid],
      [{ 'ocp-apim-subscription-key': t.key }, '/admin/batches', ADMIN_MESSAGES.missing],
      [{}, `/admin/batches?subscription-key=${t.key}`, ADMIN_MESSAGES.missing],
      // The market summary's history, added with its type, is behind the same token.
      [{}, '/admin/history/market-summary?date=2026-11-20', ADMIN_MESSAGES.missing],
      [
        { 'ocp-apim-subscription-key': t.key },
        '/admin/history/market-summary?date=2026-11-20',
        ADMIN_MESSAGES.missing,
      ],
    ];
    for (const [headers, url, message] of cases) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message });
    }
  });

  it("refuse the portal's operator routes without the token, with a subscription key, and changes nothing", async () => {
    const routes: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', '/admin/products'],
      ['POST', '/admin/products', { name: 'sneaky' }],
      ['GET', '/admin/products/1'],
      ['PATCH', '/admin/products/1', { published: true }],
      ['GET', '/admin/developers'],
      ['GET', '/admin/developers/1'],
      ['POST', '/admin/developers/invitations', { email: 'x@example.com' }],
      ['GET', '/admin/subscriptions/pending'],
      ['POST', '/admin/subscriptions/1/approve', {}],
      ['POST', '/admin/subscriptions/1/reject', { reason: 'no' }],
    ];
    for (const headers of [{}, { 'ocp-apim-subscription-key': t.key }, { authorization: `Bearer ${t.key}` }])
      for (const [method, url, payload] of routes) {
        const res = await t.app.inject({ method, url, headers, ...(payload && { payload }) });
        expect([method, url, res.statusCode]).toEqual([method, url, 401]);
      }
    const products = await t.app.inject({
      url: '/admin/products',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(products.statusCode).toBe(200);
    expect(products.json()).toEqual([]);
  });

  it('do not accept the admin token on the API', async () => {
    const res = await t.app.inject({
      url: '/api/FundPriceService/LatestDate',
      headers: { 'ocp-apim-subscription-key': t.adminToken },
    });
    expect(res.statusCode).toBe(401);
  });
});
