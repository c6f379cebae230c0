import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageRepository } from '../../src/store/usage-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { MISSING_KEY, operations } from '../helpers/operations.js';

// The bank's newer site calls the nav group from the browser, without a key, from its own origin
// (contract notes: the newer website; docs/public-access.md): the operator opens the group alone, and its calls are counted as the
// 'anonymous' subscription in usage and metrics, under the nav operations' names.

const SITE = 'https://www.bank.example';
let t: TestApp;
let anonymous: number;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true } });
  const opened = await t.app.inject({
    method: 'PUT',
    url: '/admin/public-access',
    headers: { authorization: `Bearer ${t.adminToken}` },
    // The group's name in any case, as operators type it.
    payload: { groups: ['NAV'], origins: [SITE], rateLimit: { calls: 1000, periodSeconds: 60 }, quota: null },
  });
  expect(opened.statusCode).toBe(200);
  expect(opened.json()).toMatchObject({ open: true, groups: ['nav'] });
  anonymous = opened.json().subscriptionId as number;
});
afterAll(async () => t.close());

const navOperations = () => operations(t.fixture).filter((o) => o.url.startsWith('/api/nav/'));
const keyless = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });

describe('the nav group without a key', () => {
  it('answers every nav operation to the site, with its CORS headers, and its preflight', async () => {
    expect(navOperations()).toHaveLength(6);
    for (const op of navOperations()) {
      const res = await keyless(op.url, { origin: SITE });
      expect(res.statusCode, op.id).toBe(200);
      expect(res.headers['access-control-allow-origin'], op.id).toBe(SITE);
      expect(res.headers['access-control-expose-headers'], op.id).toContain('RateLimit-Remaining');
      expect(res.headers['ratelimit-limit'], op.id).toBe('1000');
      // An origin the operator did not list may not read it.
      const other = await keyless(op.url, { origin: 'https://elsewhere.example' });
      expect(other.headers['access-control-allow-origin'], op.id).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/nav/AllFundNames',
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  it('leaves the groups it did not open closed', async () => {
    const res = await keyless('/api/FundPriceService/LatestDate', { origin: SITE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(MISSING_KEY);
  });

  it("counts the calls as the 'anonymous' subscription, by nav operation, in usage and metrics", async () => {
    await keyless('/api/nav/LatestDate', { origin: SITE });
    await keyless('/api/nav/GetUpdateInMonth/2026/13/0', { origin: SITE });
    await t.gateway.usage.flush();
    const rows = await new UsageRepository(t.store.db).report({ subscriptionId: anonymous });
    const count = (operation: string, statusClass: string) =>
      rows.find((r) => r.operation === operation && r.statusClass === statusClass)?.count ?? 0;
    expect(count('nav_LatestDate', '2xx')).toBeGreaterThanOrEqual(3);
    expect(count('nav_GetUpdateInMonth', '4xx')).toBe(1);
    for (const op of navOperations()) expect(count(op.id, '2xx'), op.id).toBeGreaterThan(0);

    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/rates_http_requests_total\{operation="nav_LatestDate",status="200"\} [1-9]/);
    expect(metrics).toMatch(/rates_http_requests_total\{operation="nav_GetUpdateInMonth",status="400"\} 1/);
    expect(metrics).toMatch(/rates_calls_by_caller_total\{caller="anonymous"\} [1-9]/);
  });
});
