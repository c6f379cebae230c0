import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionRepository } from '../../src/store/subscription-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { OUT_OF_QUOTA, RATE_LIMITED, subscribe } from '../helpers/subscriptions.js';

const clock = new TestClock(Date.parse('2026-03-31T16:59:58.000Z')); // Bangkok 2026-03-31 23:59:58
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const URL = '/api/FundPriceService/LatestDate';
const call = (key: string, url = URL) => t.app.inject({ url, headers: { 'ocp-apim-subscription-key': key } });

describe('limits', () => {
  it('admit exactly the limit of concurrent requests over HTTP, no more', async () => {
    const { primaryKey } = await subscribe(t, { rateLimit: { calls: 25, periodSeconds: 60 } });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${base}${URL}`, { headers: { 'Ocp-Apim-Subscription-Key': primaryKey } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(25);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
  });

  it('count primary and secondary key together, and open a new window at its boundary', async () => {
    clock.set('2026-03-31T10:00:50.000Z');
    const { primaryKey, secondaryKey } = await subscribe(t, { rateLimit: { calls: 2, periodSeconds: 60 } });
    expect((await call(primaryKey)).statusCode).toBe(200);
    expect((await call(secondaryKey)).statusCode).toBe(200);
    expect((await call(primaryKey)).json()).toEqual(RATE_LIMITED(10));
    clock.advance(9_999);
    expect((await call(primaryKey)).json()).toEqual(RATE_LIMITED(1));
    clock.advance(1);
    const next = await call(primaryKey);
    expect(next.statusCode).toBe(200);
    expect(next.headers).toMatchObject({ 'ratelimit-remaining': '1', 'ratelimit-reset': '60' });
  });

  it('replenish a daily quota at Bangkok midnight', async () => {
    clock.set('2026-03-31T16:59:58.000Z');
    const { primaryKey } = await subscribe(t, { rateLimit: null, quota: { calls: 1, period: 'day' } });
    expect((await call(primaryKey)).statusCode).toBe(200);
    const over = await call(primaryKey);
    expect(over.json()).toEqual(OUT_OF_QUOTA('00:00:02'));
    expect(over.headers['retry-after']).toBe('2');
    clock.advance(1_999);
    expect((await call(primaryKey)).json()).toEqual(OUT_OF_QUOTA('00:00:01'));
    clock.advance(1);
    expect((await call(primaryKey)).statusCode).toBe(200);
    expect((await call(primaryKey)).statusCode).toBe(403);
  });

  it('replenish a monthly quota on the 1st, counting hours past 24 in the message', async () => {
    clock.set('2026-03-31T16:59:59.000Z'); // Bangkok 2026-03-31 23:59:59
    const { primaryKey } = await subscribe(t, { rateLimit: null, quota: { calls: 1, period: 'month' } });
    expect((await call(primaryKey)).statusCode).toBe(200);
    expect((await call(primaryKey)).json()).toEqual(OUT_OF_QUOTA('00:00:01'));
    clock.advance(1_000); // Bangkok 2026-04-01 00:00:00: a new month, 30 days of April to go
    expect((await call(primaryKey)).statusCode).toBe(200);
    const over = await call(primaryKey);
    expect(over.json()).toEqual(OUT_OF_QUOTA('720:00:00'));
    expect(over.headers['retry-after']).toBe(String(30 * 86_400));
  });

  it('do not count a call refused by the rate limit against the quota', async () => {
    clock.set('2026-03-31T10:00:00.000Z');
    const { primaryKey } = await subscribe(t, {
      rateLimit: { calls: 1, periodSeconds: 60 },
      quota: { calls: 2, period: 'day' },
    });
    expect((await call(primaryKey)).statusCode).toBe(200);
    expect((await call(primaryKey)).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await call(primaryKey)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await call(primaryKey)).statusCode).toBe(403);
  });

  it('come before the parameters are checked', async () => {
    clock.set('2026-03-31T10:00:00.000Z');
    const { primaryKey } = await subscribe(t, { rateLimit: { calls: 1, periodSeconds: 10 } });
    const bad = '/api/FundPriceService/AllFundPrices/99/99/2026';
    expect((await call(primaryKey, bad)).statusCode).toBe(400);
    expect((await call(primaryKey, bad)).json()).toEqual(RATE_LIMITED(10));
  });

  it('follow a new limit set while the server runs', async () => {
    clock.set('2026-03-31T10:00:00.000Z');
    const { id, primaryKey } = await subscribe(t, { rateLimit: { calls: 1, periodSeconds: 60 } });
    expect((await call(primaryKey)).statusCode).toBe(200);
    expect((await call(primaryKey)).statusCode).toBe(429);
    await new SubscriptionRepository(t.store.db).update(id, { rateLimit: { calls: 5, periodSeconds: 60 } });
    await t.gateway.subscriptions.refresh();
    const raised = await call(primaryKey);
    expect(raised.statusCode).toBe(200);
    expect(raised.headers['ratelimit-limit']).toBe('5');
    await new SubscriptionRepository(t.store.db).update(id, { rateLimit: null });
    await t.gateway.subscriptions.refresh();
    const unlimited = await call(primaryKey);
    expect(unlimited.statusCode).toBe(200);
    expect(unlimited.headers['ratelimit-limit']).toBeUndefined();
  });
});
