import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_GROUP_NAMES } from '../../src/domain/service-groups.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { afternoonToday } from '../helpers/clock.js';
import { INVALID_KEY, MISSING_KEY, operations, type Operation } from '../helpers/operations.js';
import { act, OUT_OF_QUOTA, RATE_LIMITED, subscribe } from '../helpers/subscriptions.js';

// The security cases, written once and run against every operation: no key, wrong key, each state
// that refuses a key, a key of another service group, over the rate limit, over the quota.

const clock = afternoonToday(); // 45 s left in the minute, 01:29:45 left in the Bangkok day
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const KEY = 'ocp-apim-subscription-key';
const groupOf = (op: Operation) => op.url.split('/')[2]!;
const call = (op: Operation, key?: string) =>
  t.app.inject({ method: op.method, url: op.url, headers: key === undefined ? {} : { [KEY]: key } });

describe.each(operations({ today: '', latest: '2026-11-20', batchId: 0 }).map((o) => [o.id]))(
  'security of %s',
  (id) => {
    const op = () => operations(t.fixture).find((o) => o.id === id)!;

    it('refuses no key and a wrong key', async () => {
      expect((await call(op())).json()).toEqual(MISSING_KEY);
      const wrong = await call(op(), '0123456789abcdef0123456789abcdef');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_KEY);
    });

    it('refuses the keys of suspended, cancelled and expired subscriptions', async () => {
      const suspended = await subscribe(t);
      const cancelled = await subscribe(t);
      const expired = await subscribe(t, { expiresAt: new Date(clock.now().getTime() - 1000).toISOString() });
      await act(t, suspended.id, 'suspend');
      await act(t, cancelled.id, 'cancel');
      for (const key of [
        suspended.primaryKey,
        suspended.secondaryKey,
        cancelled.primaryKey,
        expired.primaryKey,
      ]) {
        const res = await call(op(), key);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID_KEY);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('refuses a key not allowed into the service group, and admits one that is', async () => {
      const others = SERVICE_GROUP_NAMES.filter((g) => g !== groupOf(op()));
      const outsider = await subscribe(t, { groups: others.join(',') });
      expect((await call(op(), outsider.primaryKey)).json()).toEqual(INVALID_KEY);
      const insider = await subscribe(t, { groups: groupOf(op()).toLowerCase() });
      expect((await call(op(), insider.primaryKey)).statusCode).toBe(200);
    });

    it('answers 429 with Retry-After over the rate limit, RateLimit-* headers before', async () => {
      const { primaryKey } = await subscribe(t, { rateLimit: { calls: 2, periodSeconds: 60 } });
      const first = await call(op(), primaryKey);
      const second = await call(op(), primaryKey);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.headers).toMatchObject({
        'ratelimit-limit': '2',
        'ratelimit-remaining': '1',
        'ratelimit-reset': '45',
      });
      expect(second.headers['ratelimit-remaining']).toBe('0');
      const over = await call(op(), primaryKey);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual(RATE_LIMITED(45));
      expect(over.headers['retry-after']).toBe('45');
      expect(over.headers['ratelimit-limit']).toBeUndefined();
    });

    it('answers 403 with Retry-After over the quota', async () => {
      const { primaryKey } = await subscribe(t, { rateLimit: null, quota: { calls: 2, period: 'day' } });
      expect((await call(op(), primaryKey)).statusCode).toBe(200);
      expect((await call(op(), primaryKey)).statusCode).toBe(200);
      const over = await call(op(), primaryKey);
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual(OUT_OF_QUOTA('01:29:45'));
      expect(over.headers['retry-after']).toBe(String(89 * 60 + 45));
    });
  },
);
