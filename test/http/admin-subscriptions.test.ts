import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { INVALID_KEY } from '../helpers/operations.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t.adminToken}` },
    ...(payload && { payload }),
  });
const api = (key: string) =>
  t.app.inject({ url: '/api/FundPriceService/LatestDate', headers: { 'ocp-apim-subscription-key': key } });

describe('/admin/subscriptions', () => {
  it('creates a subscription with the default limits and shows its keys only in that answer', async () => {
    const res = await admin('POST', '/admin/subscriptions', { name: 'partner', owner: 'ops@example.com' });
    expect(res.statusCode).toBe(201);
    const { subscription, primaryKey, secondaryKey } = res.json();
    expect(primaryKey).toMatch(/^[0-9a-f]{32}$/);
    expect(subscription).toMatchObject({
      name: 'partner',
      owner: 'ops@example.com',
      groups: 'all',
      state: 'active',
      rateLimit: { calls: 300, periodSeconds: 60 },
      quota: null,
      expiresAt: null,
      keys: { primary: { hint: primaryKey.slice(-4) }, secondary: { hint: secondaryKey.slice(-4) } },
    });
    expect((await api(primaryKey)).statusCode).toBe(200);

    const list = await admin('GET', '/admin/subscriptions');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { name: string }) => s.name)).toContain('partner');
    const shown = await admin('GET', `/admin/subscriptions/${subscription.id}`);
    for (const body of [list.body, shown.body]) {
      expect(body).not.toContain(primaryKey);
      expect(body).not.toContain(secondaryKey);
    }
  });

  it('updates groups, limits and expiry, and refuses bad values', async () => {
    const { subscription } = (await admin('POST', '/admin/subscriptions', { name: 'u' })).json();
    const url = `/admin/subscriptions/${subscription.id}`;
    const res = await admin('PATCH', url, {
      groups: 'exchangerateservice, InterestRatesService',
      rateLimit: { calls: 10, periodSeconds: 1 },
      quota: { calls: 5000, period: 'month' },
      expiresAt: '2030-01-01T00:00:00+07:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      groups: 'ExchangeRateService,InterestRatesService',
      rateLimit: { calls: 10, periodSeconds: 1 },
      quota: { calls: 5000, period: 'month' },
      expiresAt: '2029-12-31T17:00:00.000Z',
    });
    const cleared = await admin('PATCH', url, { quota: null, expiresAt: null });
    expect(cleared.json()).toMatchObject({ quota: null, expiresAt: null, rateLimit: { calls: 10 } });

    const badGroup = await admin('PATCH', url, { groups: 'Nope' });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().message).toContain("unknown service group 'Nope'");
    expect((await admin('PATCH', url, { rateLimit: { calls: 1, periodSeconds: 301 } })).statusCode).toBe(400);
    // More calls than PostgreSQL's integer columns hold is refused on both stores alike, not a 500.
    const huge = await admin('PATCH', url, { quota: { calls: 1e12, period: 'day' } });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('quota calls must be a whole number from 1 to 2147483647');
    expect((await admin('PATCH', '/admin/subscriptions/9999', { name: 'x' })).statusCode).toBe(404);
  });

  it('suspends, resumes and cancels; a cancelled subscription stays cancelled', async () => {
    const { subscription, primaryKey } = (await admin('POST', '/admin/subscriptions', { name: 's' })).json();
    const url = `/admin/subscriptions/${subscription.id}`;
    expect((await admin('POST', `${url}/suspend`)).json().state).toBe('suspended');
    expect((await api(primaryKey)).json()).toEqual(INVALID_KEY);
    expect((await admin('POST', `${url}/resume`)).json().state).toBe('active');
    expect((await api(primaryKey)).statusCode).toBe(200);
    expect((await admin('POST', `${url}/cancel`)).json().state).toBe('cancelled');
    expect((await api(primaryKey)).json()).toEqual(INVALID_KEY);
    const resume = await admin('POST', `${url}/resume`);
    expect(resume.statusCode).toBe(409);
    expect(resume.json()).toEqual({
      statusCode: 409,
      message: `Subscription ${subscription.id}: a cancelled subscription cannot be resumed`,
    });
    expect((await admin('POST', '/admin/subscriptions/9999/suspend')).statusCode).toBe(404);
  });

  it('rotates keys: a regenerated key replaces the old one at once, the other slot keeps working', async () => {
    const created = (await admin('POST', '/admin/subscriptions', { name: 'rotate' })).json();
    const url = `/admin/subscriptions/${created.subscription.id}`;
    expect((await api(created.primaryKey)).statusCode).toBe(200);

    const primary = await admin('POST', `${url}/keys/primary/regenerate`);
    expect(primary.statusCode).toBe(200);
    const newPrimary = primary.json().key;
    expect(newPrimary).toMatch(/^[0-9a-f]{32}$/);
    expect((await api(created.primaryKey)).json()).toEqual(INVALID_KEY);
    expect((await api(created.secondaryKey)).statusCode).toBe(200);
    expect((await api(newPrimary)).statusCode).toBe(200);

    const secondary = (await admin('POST', `${url}/keys/secondary/regenerate`)).json().key;
    expect((await api(created.secondaryKey)).json()).toEqual(INVALID_KEY);
    expect((await api(secondary)).statusCode).toBe(200);
    expect((await api(newPrimary)).statusCode).toBe(200);
    expect((await admin('GET', url)).json().keys.secondary.hint).toBe(secondary.slice(-4));
    expect((await admin('POST', `${url}/keys/tertiary/regenerate`)).statusCode).toBe(400);
  });

  it('answers 404 for an id past any stored id (beyond 32 bits), on every store', async () => {
    for (const id of ['2147483648', '9007199254740991']) {
      for (const [method, url] of [
        ['GET', `/admin/subscriptions/${id}`],
        ['GET', `/admin/subscriptions/${id}/usage`],
        ['PATCH', `/admin/subscriptions/${id}`],
        ['POST', `/admin/subscriptions/${id}/suspend`],
        ['POST', `/admin/subscriptions/${id}/keys/primary/regenerate`],
      ] as const) {
        const res = await admin(method, url, method === 'PATCH' ? { name: 'x' } : undefined);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 404,
          body: { statusCode: 404, message: `Subscription ${id} was not found` },
        });
      }
    }
  });

  it('takes only plain decimal digits as an id, on every route that names one', async () => {
    const { subscription } = (await admin('POST', '/admin/subscriptions', { name: 'by id' })).json();
    const id = String(subscription.id);
    const routes = (x: string) =>
      [
        ['GET', `/admin/subscriptions/${x}`],
        ['GET', `/admin/subscriptions/${x}/usage`],
        ['PATCH', `/admin/subscriptions/${x}`],
        ['POST', `/admin/subscriptions/${x}/suspend`],
        ['POST', `/admin/subscriptions/${x}/resume`],
        ['POST', `/admin/subscriptions/${x}/keys/primary/regenerate`],
      ] as const;
    // Each spelling JavaScript's Number() or a loose integer check reads as the same id.
    const spellings = [
      `0x${subscription.id.toString(16)}`,
      `${id}e0`,
      `${id}.0`,
      `+${id}`,
      `%20${id}`,
      `${id}%20`,
    ];
    for (const spelled of spellings) {
      for (const [method, url] of routes(spelled)) {
        const res = await admin(method, url, method === 'PATCH' ? { name: 'renamed' } : undefined);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 400,
          body: {
            statusCode: 400,
            message: `Invalid id: expected a subscription id (decimal digits), got '${decodeURIComponent(spelled)}'`,
          },
        });
      }
    }
    expect((await admin('GET', `/admin/subscriptions/${id}`)).json().name).toBe('by id');
    const loan = await admin('GET', '/admin/history/loan-rates?product=0x1&date=2026-01-01');
    expect(loan.json()).toEqual({
      statusCode: 400,
      message: "Invalid product: expected a whole number, got '0x1'",
    });
  });

  it('reports usage per operation, day and status class', async () => {
    const { subscription, primaryKey } = (
      await admin('POST', '/admin/subscriptions', { name: 'counted' })
    ).json();
    await api(primaryKey);
    await api(primaryKey);
    await t.app.inject({
      url: '/api/FundPriceService/AllFundPrices/99/99/2026',
      headers: { 'ocp-apim-subscription-key': primaryKey },
    });
    const res = await admin('GET', `/admin/subscriptions/${subscription.id}/usage`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().map((r: Record<string, unknown>) => [r.operation, r.statusClass, r.count]);
    expect(rows).toEqual([
      ['AllFundPrices', '4xx', 1],
      ['LatestDate', '2xx', 2],
    ]);
    const all = (await admin('GET', '/admin/usage?from=2000-01-01')).json();
    expect(all.some((r: { subscription: string }) => r.subscription === 'counted')).toBe(true);
    expect((await admin('GET', '/admin/usage?from=yesterday')).statusCode).toBe(400);
  });

  it('need the admin token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/subscriptions', payload: { name: 'x' } });
    expect(res.statusCode).toBe(401);
    const withKey = await t.app.inject({
      url: '/admin/subscriptions',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(withKey.statusCode).toBe(401);
  });
});
