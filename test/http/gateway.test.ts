import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionRepository } from '../../src/store/subscription-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { INVALID_KEY, MISSING_KEY, NOT_FOUND, operations } from '../helpers/operations.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const KEY = 'ocp-apim-subscription-key';

describe.each(operations({ today: '', latest: '2026-11-20', batchId: 0 }).map((o) => [o.id]))(
  'gateway rules for %s',
  (id) => {
    const op = () => operations(t.fixture).find((o) => o.id === id)!;

    it('answers 200 JSON with a request id for a valid key in the header', async () => {
      const res = await t.app.inject({ method: op().method, url: op().url, headers: { [KEY]: t.key } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      const body: unknown = res.json();
      if (op().answers === 'string') expect(typeof body).toBe('string');
      else expect(body !== null && typeof body === 'object').toBe(true);
    });

    it('accepts the key in the subscription-key query parameter', async () => {
      const url = op().url + (op().url.includes('?') ? '&' : '?') + `subscription-key=${t.key}`;
      const res = await t.app.inject({ method: op().method, url });
      expect(res.statusCode).toBe(200);
    });

    it('matches the path case-insensitively', async () => {
      const url = op().url.replace(/^[^?]*/, (path) => path.toLowerCase());
      const res = await t.app.inject({ method: op().method, url, headers: { [KEY]: t.key } });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a request without a key', async () => {
      const res = await t.app.inject({ method: op().method, url: op().url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(MISSING_KEY);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('refuses a wrong key, an empty key and an over-long key', async () => {
      // The key with its last digit changed (a key that ends in 0 gets a 1).
      const wrong = `${t.key.slice(0, -1)}${t.key.endsWith('0') ? '1' : '0'}`;
      for (const key of [wrong, 'nonsense', 'x'.repeat(5000)]) {
        const res = await t.app.inject({ method: op().method, url: op().url, headers: { [KEY]: key } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID_KEY);
      }
    });

    it('answers 404 to the wrong method', async () => {
      const method = op().method === 'GET' ? 'POST' : 'GET';
      const res = await t.app.inject({ method, url: op().url, headers: { [KEY]: t.key } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  },
);

describe('gateway rules across operations', () => {
  it('refuses the key of a suspended or expired subscription', async () => {
    const subscriptions = new SubscriptionRepository(t.store.db);
    const { subscription, primaryKey } = await subscriptions.create({ name: 'to-suspend' });
    const url = '/api/FundPriceService/LatestDate';
    expect((await t.app.inject({ url, headers: { [KEY]: primaryKey } })).statusCode).toBe(200);
    await subscriptions.act(subscription.id, 'suspend');
    await t.gateway.subscriptions.refresh();
    const suspended = await t.app.inject({ url, headers: { [KEY]: primaryKey } });
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json()).toEqual(INVALID_KEY);
    await subscriptions.act(subscription.id, 'resume');
    await subscriptions.update(subscription.id, { expiresAt: '2020-01-01T00:00:00.000Z' });
    await t.gateway.subscriptions.refresh();
    expect((await t.app.inject({ url, headers: { [KEY]: primaryKey } })).json()).toEqual(INVALID_KEY);
  });

  it('answers 404 for an unknown operation before checking the key', async () => {
    for (const url of ['/api/FundPriceService/NoSuchThing', '/api/Nope/LatestDate', '/api', '/nothing']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('checks the key before the parameters', async () => {
    const res = await t.app.inject({ url: '/api/FundPriceService/AllFundPrices/99/99/99' });
    expect(res.json()).toEqual(MISSING_KEY);
  });

  it('keeps a safe caller request id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id\u0000' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\u0000');
  });

  it('answers /health without a key', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('accepts a trailing slash', async () => {
    const res = await t.app.inject({ url: '/api/FundPriceService/LatestDate/', headers: { [KEY]: t.key } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a POST body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/FundPriceService/GetNavByFundCode/2026-01-01/2026-02-01?fundCode=101`,
      headers: { [KEY]: t.key, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(70_000, 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().statusCode).toBe(413);
  });
});
