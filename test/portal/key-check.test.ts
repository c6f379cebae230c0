import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';
import { createPortalApp, signedUpDeveloper, type Browser } from './helpers.js';

// The portal's key check (POST /portal/api/key-check): whether a key works now, whatever service
// groups it opens, without calling an operation. /docs and the explorer ask it about the key kept in
// the browser: a call of an operation answers a key not allowed into its group with the same 401 as a
// dead key, and spent a call of the key's quota and a line of its request log on each page load.

const HOUR = 3_600_000;
const FX = '/api/ExchangeRateService/Getfxfamily';
let t: TestApp;
let clock = new Date('2026-12-07T03:00:00Z');
const log = captureLog();
let fxOnly: number;

const guess = () => randomBytes(16).toString('hex');
const check = (key: unknown, remoteAddress = '203.0.113.20', app = t.app) =>
  app.inject({ method: 'POST', url: '/portal/api/key-check', payload: { key }, remoteAddress });
const alive = async (key: string, remoteAddress?: string) => {
  const res = await check(key, remoteAddress);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as { alive: boolean };
};
const call = (url: string, key: string, remoteAddress = '203.0.113.20') =>
  t.app.inject({ url, headers: { 'ocp-apim-subscription-key': key }, remoteAddress });

async function subscribed(browser: Browser): Promise<{ id: number; key: string }> {
  const res = await browser.post('/subscriptions', { productId: fxOnly, name: 'fx app', acceptTerms: true });
  expect(res.statusCode).toBe(201);
  return { id: res.json().subscription.id, key: res.json().primaryKey };
}

beforeAll(async () => {
  t = await createPortalApp({ now: () => clock, logStream: log.stream, config: { keyGuessLimit: 5 } });
  const admin = { authorization: `Bearer ${t.adminToken}` };
  // A product with the exchange rates only, a small rate limit and a quota: what a check would spend shows.
  fxOnly = (
    await t.app.inject({
      method: 'POST',
      url: '/admin/products',
      headers: admin,
      payload: {
        name: 'fx only',
        groups: 'ExchangeRateService',
        perDeveloper: 9,
        rateLimit: { calls: 3, seconds: 60 },
        quota: { calls: 100, period: 'day' },
      },
    })
  ).json().id;
  await t.app.inject({ method: 'POST', url: `/admin/products/${fxOnly}/publish`, headers: admin });
});
afterAll(() => t.close());

describe('the key check', () => {
  it('says a live key limited to other groups is alive, though a call outside them gets 401', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { key } = await subscribed(browser);
    // The gateway refuses it outside its groups with the 401 of a dead key (as the original does).
    expect((await call('/api/FundPriceService/LatestDate', key)).statusCode).toBe(401);
    expect((await call(FX, key)).statusCode).toBe(200);
    expect(await alive(key)).toEqual({ alive: true });
  });

  it('says a regenerated key is alive during its grace and dead after it', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    expect(await alive(key)).toEqual({ alive: true });
    const regenerated = await browser.post(`/subscriptions/${id}/regenerate`, {
      which: 'primary',
      grace: 3600,
    });
    expect(regenerated.statusCode).toBe(200);
    clock = new Date(clock.getTime() + HOUR - 1);
    expect(await alive(key)).toEqual({ alive: true });
    clock = new Date(clock.getTime() + 1);
    expect(await alive(key)).toEqual({ alive: false });
    expect(await alive(regenerated.json().key)).toEqual({ alive: true });
    // Regenerated without grace: dead at once.
    const again = await browser.post(`/subscriptions/${id}/regenerate`, { which: 'primary', grace: 0 });
    expect(await alive(regenerated.json().key)).toEqual({ alive: false });
    expect(await alive(again.json().key)).toEqual({ alive: true });
  });

  it("says an unknown key, a cancelled subscription's key and a key too long to be one are dead", async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    expect(await alive(guess(), '203.0.113.21')).toEqual({ alive: false });
    expect(await alive('x'.repeat(500), '203.0.113.21')).toEqual({ alive: false });
    expect((await browser.post(`/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    expect(await alive(key, '203.0.113.21')).toEqual({ alive: false });
    // Not a key at all: refused as the portal refuses a bad body.
    expect((await check(undefined)).json().code).toBe('bad_request');
    expect((await check({ key: 'x' })).json().code).toBe('bad_request');
    expect((await check('')).json().code).toBe('bad_request');
  });

  it('counts nothing against the key: no rate limit, quota, usage or request log line, and the key is never logged', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    for (let i = 0; i < 10; i++) expect(await alive(key)).toEqual({ alive: true });
    // The rate limit (3 a minute) still has all its calls: the first call of the key is its first.
    const first = await call(FX, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('2');
    await t.gateway.requestLog.flush();
    const usage = (await browser.get(`/subscriptions/${id}/usage`)).json();
    const counted = usage.days.reduce(
      (n: number, d: { answered: number; limited: number; failed: number }) =>
        n + d.answered + d.limited + d.failed,
      0,
    );
    expect(counted).toBe(1);
    expect((await browser.get(`/subscriptions/${id}/requests`)).json().requests).toHaveLength(1);
    expect(
      (await browser.get('/subscriptions')).json().find((s: { id: number }) => s.id === id).quotaLeft,
    ).toBe(99);
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.filter((line) => line.includes(key))).toEqual([]);
  });

  it('is guarded against key guessing with the same count as /api/ calls, per address', async () => {
    const { browser } = await signedUpDeveloper(t);
    const seen = await subscribed(browser);
    const unseen = await subscribed(browser);
    const address = '192.0.2.77';
    expect(await alive(seen.key, address)).toEqual({ alive: true });
    // Wrong keys count, whether checked here or presented to /api/: 5 a minute, then 429 for 300 s.
    for (let i = 0; i < 3; i++) expect(await alive(guess(), address)).toEqual({ alive: false });
    for (let i = 0; i < 2; i++) expect((await call(FX, guess(), address)).statusCode).toBe(401);
    const slowed = await check(guess(), address);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('rate_limited');
    expect(slowed.headers['retry-after']).toBe('300');
    // While blocked no key is looked up from there, here or on /api/, but one known to work still is.
    expect((await check(unseen.key, address)).statusCode).toBe(429);
    expect((await call(FX, guess(), address)).statusCode).toBe(429);
    expect(await alive(seen.key, address)).toEqual({ alive: true });
    // Other addresses are untouched.
    expect(await alive(unseen.key, '198.51.100.200')).toEqual({ alive: true });
    expect(await alive(guess(), '198.51.100.200')).toEqual({ alive: false });
  });

  it('works with sign-up closed, with no session and no CSRF token', async () => {
    const closed = await createPortalApp({ config: { portal: 'off' } });
    try {
      const asked = (key: string) => check(key, '203.0.113.30', closed.app);
      const live = await asked(closed.key);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ alive: true });
      expect((await asked(guess())).json()).toEqual({ alive: false });
      // Sign-up itself is closed there.
      const session = await closed.app.inject({ url: '/portal/api/session' });
      expect(session.json().portal).toBe('off');
      // Other portal paths are as they were: an unknown one, a POST without the CSRF token.
      expect((await closed.app.inject({ url: '/portal/api/no-such-path' })).json().code).toBe('not_found');
      const signout = await closed.app.inject({ method: 'POST', url: '/portal/api/signout' });
      expect(signout.json().code).toBe('csrf');
    } finally {
      await closed.close();
    }
  });
});
