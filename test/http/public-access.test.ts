import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicAccessRepository } from '../../src/store/public-access-repo.js';
import { answerLookups, getOverHttp, stableHeaders } from '../helpers/answers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { afternoonToday } from '../helpers/clock.js';
import { INVALID_KEY, MISSING_KEY } from '../helpers/operations.js';

// Public access (docs/public-access.md): groups opened to calls without a key, from listed browser
// origins, each client address limited on its own, counted as the 'anonymous' subscription.

const clock = afternoonToday();
const SITE = 'https://www.bank.example';
const FUND = '/api/FundPriceService/LatestDate';
const FX = '/api/ExchangeRateService/Getfxfamily';
const OPEN = {
  groups: ['FundPriceService', 'interestratesservice'],
  origins: [SITE, 'http://localhost:8080'],
  rateLimit: { calls: 3, periodSeconds: 60 },
  quota: null,
};

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Behind a proxy: the forwarded address is the client's, so two addresses can be told apart.
  t = await createTestApp({ now: clock.now, config: { trustProxy: true } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const admin = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
  t.app.inject({
    method,
    url: '/admin/public-access',
    headers: { authorization: `Bearer ${t.adminToken}` },
    ...(payload && { payload }),
  });
let address = 0;
/** A client address of its own, so each test meets only its own limits. */
const newAddress = () => `203.0.113.${++address}`;
const call = (url: string, headers: Record<string, string> = {}, from = newAddress()) =>
  t.app.inject({ url, headers: { 'x-forwarded-for': from, ...headers } });

describe('public access', () => {
  it('is closed by default: a call without a key gets the usual 401', async () => {
    expect((await admin('GET')).json()).toMatchObject({ open: false, groups: [], subscriptionId: null });
    const res = await call(FUND);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(MISSING_KEY);
  });

  it('refuses settings it cannot enforce with a 400 naming the problem', async () => {
    const bad = async (change: object) => {
      const res = await admin('PUT', { ...OPEN, ...change });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ groups: ['all'] })).toContain("'all' is not accepted");
    expect(await bad({ groups: ['Nope'] })).toContain("unknown service group 'Nope'");
    expect(await bad({ origins: ['www.bank.example'] })).toContain('expected an origin');
    expect(await bad({ origins: [`${SITE}/page`] })).toContain('no path');
    expect(await bad({ origins: ['*', SITE] })).toContain("'*' allows every origin");
    expect(await bad({ rateLimit: { calls: 0, periodSeconds: 60 } })).toContain('rateLimit');
    expect(await bad({ rateLimit: null })).toContain('rateLimit');
    expect((await admin('GET')).json().open).toBe(false);
  });

  it('opens chosen groups to calls without a key; other groups and wrong keys still get 401', async () => {
    const opened = await admin('PUT', OPEN);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      open: true,
      groups: ['FundPriceService', 'InterestRatesService'],
      origins: [SITE, 'http://localhost:8080'],
      rateLimit: { calls: 3, periodSeconds: 60 },
      quota: null,
    });
    expect(opened.json().subscriptionId).toEqual(expect.any(Number));
    expect((await admin('GET')).json()).toEqual(opened.json());

    const res = await call(FUND);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('T00:00:00');
    expect(res.headers['ratelimit-limit']).toBe('3');
    // Paths match case-insensitively, group names too.
    expect((await call(FUND.toLowerCase())).statusCode).toBe(200);
    const fx = await call(FX);
    expect(fx.statusCode).toBe(401);
    expect(fx.json()).toEqual(MISSING_KEY);
    for (const wrong of [
      { 'ocp-apim-subscription-key': 'f'.repeat(32) },
      { 'ocp-apim-subscription-key': 'x' },
    ]) {
      const refused = await call(FUND, wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(INVALID_KEY);
    }
    expect((await call(`${FUND}?subscription-key=${'e'.repeat(32)}`)).json()).toEqual(INVALID_KEY);
    // A key sent twice in the query is a key that does not fit, not no key: never a keyless call.
    const twice = await call(`${FUND}?subscription-key=${t.key}&subscription%2Dkey=${'e'.repeat(32)}`);
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual(INVALID_KEY);
    // A valid key is checked and limited as always, under its own subscription.
    const keyed = await call(FX, { 'ocp-apim-subscription-key': t.key });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['ratelimit-limit']).toBe('100000');
  });

  it('limits each client address on its own: 429 with Retry-After past the limit', async () => {
    const one = newAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(FUND, {}, one)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await call(FUND, {}, one);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json()).toEqual({
      statusCode: 429,
      message: 'Rate limit is exceeded. Try again in 45 seconds.',
    });
    // Another address, and a keyed call from the same one, are not affected.
    expect((await call(FUND, {}, newAddress())).statusCode).toBe(200);
    expect((await call(FUND, { 'ocp-apim-subscription-key': t.key }, one)).statusCode).toBe(200);
    // A new window, a new count.
    clock.advance(60_000);
    expect((await call(FUND, {}, one)).statusCode).toBe(200);
  });

  it('counts a quota per address too: 403 once it is used up, another address unaffected', async () => {
    const before = (await admin('GET')).json();
    await admin('PUT', {
      ...OPEN,
      rateLimit: { calls: 100, periodSeconds: 60 },
      quota: { calls: 2, period: 'day' },
    });
    const one = newAddress();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(FUND, {}, one)).statusCode);
    expect(statuses).toEqual([200, 200, 403]);
    const refused = await call(FUND, {}, one);
    expect(refused.json().message).toMatch(
      /^Out of call volume quota\. Quota will be replenished in \d\d:\d\d:\d\d\.$/,
    );
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await call(FUND, {}, newAddress())).statusCode).toBe(200);
    await admin('PUT', { ...OPEN, groups: before.groups, origins: before.origins });
  });

  it('counts an IPv6 client by its /64 and IPv4 by its address, an IPv4-mapped address as IPv4', async () => {
    const statuses = async (addresses: string[]) => {
      const seen = [];
      for (const from of addresses) seen.push((await call(FUND, {}, from)).statusCode);
      return seen;
    };
    // Four addresses of one /64, written four ways: one client, one budget of 3 calls a minute.
    const oneNetwork = [
      '2001:db8:45:1::1',
      '2001:db8:45:1::2',
      '2001:0db8:0045:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:45:1:0:0:0:3',
    ];
    expect(await statuses(oneNetwork)).toEqual([200, 200, 200, 429]);
    // The next /64 is another client.
    expect(await statuses(['2001:db8:45:2::1'])).toEqual([200]);
    // One IPv4 address, as IPv4 or mapped into IPv6 (a dual-stack socket's form), is one client.
    const oneAddress = ['::ffff:198.51.100.7', '198.51.100.7', '::ffff:c633:6407', '198.51.100.7'];
    expect(await statuses(oneAddress)).toEqual([200, 200, 200, 429]);
    // The next IPv4 address is another client: IPv4 is not counted by network.
    expect(await statuses(['198.51.100.8'])).toEqual([200]);
  });

  it('gives CORS headers to the listed origins only, and answers their preflights', async () => {
    const listed = await call(FUND, { origin: SITE });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(SITE);
    expect(listed.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
    expect(String(listed.headers.vary)).toContain('Origin');
    const other = await call(FUND, { origin: 'https://evil.example' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
    expect(String(other.headers.vary)).toContain('Origin');

    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: FUND,
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(allowed.headers['access-control-allow-methods']).toContain('GET');
    expect(String(allowed.headers.vary)).toContain('Origin');

    // Keyed calls keep CORS_ORIGINS (here '*', the default), whatever public access lists.
    const keyed = await call(FUND, { origin: 'https://evil.example', 'ocp-apim-subscription-key': t.key });
    expect(keyed.headers['access-control-allow-origin']).toBe('*');
    // So does a keyless call to a group that is not open: a 401 a page may read.
    expect((await call(FX, { origin: 'https://evil.example' })).headers['access-control-allow-origin']).toBe(
      '*',
    );
  });

  it('answers a repeated keyless call from the direct answers exactly as the framework does', async () => {
    const url = '/api/InterestRatesService/GetDepositRate';
    const from = newAddress();
    const first = await httpGet(url, { 'x-forwarded-for': from });
    const hitsBefore = await directHits();
    const second = await httpGet(url, { 'x-forwarded-for': from });
    expect(await directHits()).toBe(hitsBefore + 1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers['access-control-allow-origin']).toBeUndefined();
    expect(Number(second.headers['ratelimit-remaining'])).toBe(
      Number(first.headers['ratelimit-remaining']) - 1,
    );
    // The third is past the address's limit; the fourth from the same address too (counted once each).
    const third = await httpGet(url, { 'x-forwarded-for': from });
    const fourth = await httpGet(url, { 'x-forwarded-for': from });
    expect([third.status, fourth.status]).toEqual([200, 429]);
    expect(fourth.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is served directly, its own count.
    const elsewhere = await httpGet(url, { 'x-forwarded-for': newAddress() });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['ratelimit-remaining']).toBe('2');
    // A keyless call naming an origin goes to the framework, which judges its CORS.
    const fromSite = await httpGet(url, { 'x-forwarded-for': newAddress(), origin: SITE });
    expect(fromSite.headers['access-control-allow-origin']).toBe(SITE);
    expect(fromSite.body.equals(first.body)).toBe(true);
    // Still closed for a group not opened, on the fast path too.
    const fx = await httpGet(FX, { 'x-forwarded-for': newAddress() });
    expect(fx.status).toBe(401);
  });

  it('counts keyless calls under one anonymous subscription, in usage and in /metrics', async () => {
    const { subscriptionId } = (await admin('GET')).json();
    const usage = await t.app.inject({
      url: '/admin/usage',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    const rows = (
      usage.json() as {
        subscriptionId: number;
        subscription: string;
        operation: string;
        statusClass: string;
        count: number;
      }[]
    ).filter((r) => r.subscriptionId === subscriptionId);
    expect(new Set(rows.map((r) => r.subscription))).toEqual(new Set(['anonymous']));
    const latest = rows.filter((r) => r.operation === 'LatestDate');
    expect(latest.find((r) => r.statusClass === '2xx')!.count).toBeGreaterThanOrEqual(8);
    expect(latest.find((r) => r.statusClass === '4xx')!.count).toBeGreaterThanOrEqual(1);
    expect(
      rows.find((r) => r.operation === 'InterestRates_GetDepositRate' && r.statusClass === '2xx')!.count,
    ).toBeGreaterThanOrEqual(3);

    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    const anonymous = /rates_calls_by_caller_total\{caller="anonymous"\} (\d+)/.exec(metrics);
    expect(Number(anonymous?.[1])).toBe(rows.reduce((sum, r) => sum + r.count, 0));
    expect(metrics).toMatch(/rates_calls_by_caller_total\{caller="subscription"\} [1-9]/);
    // The anonymous subscription has no key that works: it is cancelled.
    const shown = await t.app.inject({
      url: `/admin/subscriptions/${subscriptionId}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(shown.json()).toMatchObject({ name: 'anonymous', state: 'cancelled' });
  });

  it('closes at once, and applies a change another process made within its poll', async () => {
    const { subscriptionId } = (await admin('GET')).json();
    const closed = await admin('DELETE');
    expect(closed.json()).toMatchObject({ open: false, groups: [] });
    const res = await call(FUND);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(MISSING_KEY);
    expect((await httpGet(FUND, { 'x-forwarded-for': newAddress() })).status).toBe(401);
    expect((await call(FUND, { origin: SITE })).headers['access-control-allow-origin']).toBe('*');

    // Another process (the CLI) writes to the database; this one sees it by polling the change counter.
    const reopened = await new PublicAccessRepository(t.store.db).open({
      ...OPEN,
      groups: ['ExchangeRateService'],
    });
    expect(reopened.subscriptionId).toBe(subscriptionId);
    // Seen within a few polls: waited for, not timed.
    await vi.waitFor(async () => expect((await call(FX)).statusCode).toBe(200), {
      timeout: 3000,
      interval: 50,
    });
    expect((await call(FUND)).statusCode).toBe(401);
    await admin('DELETE');
  });
});

/** One GET over real HTTP (the direct answers are reached only so), the body as sent. */
const httpGet = (path: string, headers: Record<string, string>) => getOverHttp(`${base}${path}`, headers);

async function directHits(): Promise<number> {
  return (await answerLookups(t.gateway)).hit_direct ?? 0;
}
