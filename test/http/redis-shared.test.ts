import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { keysStateCommand } from '../../src/cli/keys.js';
import { gatewaySettings, startGateway, type Gateway } from '../../src/gateway/index.js';
import { createTestApp, type TestApp, postBatch } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { deleteKeys, needsRedis, redisForTest, TEST_REDIS_URL } from '../helpers/redis.js';
import { databaseUrlOf } from '../helpers/store.js';
import { subscribe } from '../helpers/subscriptions.js';
import { testConfig } from '../helpers/config.js';

// Two nodes in one process: two gateways, each with its own Redis connections and caches, over one
// database and one Redis. Polling is off (an hour), so what reaches the other node at once came by
// a notice.

const LATEST = '/api/FundPriceService/LatestDate';
const NO_POLLING = 3_600_000;
const clock = new TestClock(Date.parse('2026-03-31T10:00:10.000Z')); // 50 s left in a 60 s window
const redis = redisForTest('closed');

let a: TestApp;
let b: { app: FastifyInstance; gateway: Gateway };

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  // Redis failures are printed: they would otherwise show only as unexplained 503s.
  const onError = (error: unknown, what: string) => console.error(what, error);
  const gateway = { redis, pollMs: NO_POLLING, keyGuessLimit: 2, onError };
  a = await createTestApp({ now: clock.now, keyGuessLimit: 2, gateway });
  const bGateway = await startGateway({
    ...gatewaySettings(testConfig()),
    store: a.store,
    now: clock.now,
    ...gateway,
  });
  const bApp = await buildApp({
    config: testConfig(),
    store: a.store,
    now: clock.now,
    gateway: bGateway,
  });
  b = { app: bApp, gateway: bGateway };
});
afterAll(async () => {
  if (!TEST_REDIS_URL) return;
  await b.app.close();
  await b.gateway.close();
  await a.close();
  await deleteKeys(redis);
});

const call = (app: FastifyInstance, key: string, remoteAddress = '127.0.0.1') =>
  app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key }, remoteAddress });

/** Milliseconds until `app` answers `status` to `key`; fails after 3 s. */
async function msUntil(app: FastifyInstance, key: string, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await call(app, key)).statusCode === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${status} within 3 s`);
}

describe.skipIf(!TEST_REDIS_URL)(needsRedis('limits shared by two nodes through Redis'), () => {
  it('count a rate limit once across both nodes, then refuse on both', async () => {
    const { primaryKey } = await subscribe(a, { rateLimit: { calls: 4, periodSeconds: 60 } });
    const nodes = [a.app, b.app, a.app, b.app, a.app, b.app];
    const answers = [];
    for (const node of nodes) answers.push(await call(node, primaryKey));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(answers.slice(0, 4).map((r) => r.headers['ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
    expect(answers[5]!.headers['retry-after']).toBe('50');
  });

  it('count a quota once across both nodes', async () => {
    const { primaryKey } = await subscribe(a, { rateLimit: null, quota: { calls: 2, period: 'day' } });
    const statuses = [];
    for (const node of [b.app, a.app, b.app, a.app]) statuses.push((await call(node, primaryKey)).statusCode);
    expect(statuses).toEqual([200, 200, 403, 403]);
  });

  it('count key guesses from one address across both nodes', async () => {
    const guesses = [];
    for (const node of [a.app, b.app, a.app, b.app])
      guesses.push((await call(node, 'ab'.repeat(16), '192.0.2.7')).statusCode);
    expect(guesses).toEqual([401, 401, 429, 429]);
  });
});

describe.skipIf(!TEST_REDIS_URL)(needsRedis('changes announced through Redis'), () => {
  it('a suspension through the admin API of one node reaches the other without polling', async () => {
    const { id, primaryKey } = await subscribe(a, { rateLimit: null });
    expect((await call(b.app, primaryKey)).statusCode).toBe(200); // now cached on node b
    const suspended = await a.app.inject({
      method: 'POST',
      url: `/admin/subscriptions/${id}/suspend`,
      headers: { authorization: `Bearer ${a.adminToken}` },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await msUntil(b.app, primaryKey, 401)).toBeLessThan(1000);
  });

  it('a change by the CLI is announced once it is written', async () => {
    const { id, primaryKey } = await subscribe(a, { rateLimit: null });
    expect((await call(b.app, primaryKey)).statusCode).toBe(200);
    vi.stubEnv('DATABASE_URL', databaseUrlOf(a.store));
    vi.stubEnv('REDIS_URL', redis.url);
    vi.stubEnv('REDIS_KEY_PREFIX', redis.keyPrefix);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await keysStateCommand('suspend')(id);
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(await msUntil(b.app, primaryKey, 401)).toBeLessThan(1000);
  });

  it('a batch committed through one node makes the other drop its cached answers', async () => {
    const prices = (app: FastifyInstance) =>
      app.inject({
        url: '/api/FundPriceService/FundPrice_ByFundCode/B-EQUITY/06/01/2020/06/01/2020',
        headers: { 'ocp-apim-subscription-key': a.key },
      });
    expect((await prices(b.app)).json()).toEqual([]); // now cached on node b
    const dropped = new Promise<void>((resolve) => b.gateway.onChange('data', resolve));
    const published = await postBatch(
      a,
      'fund-prices',
      'fund,date,nav,offer,redemption\nB-EQUITY,2020-01-06,10.5,10.6,10.4\n',
    );
    expect(published.json()).toMatchObject({ status: 'committed' });
    await dropped;
    // (The shared store object also tells node b in-process; test/cli/two-nodes.e2e.test.ts has no such help.)
    expect((await prices(b.app)).json()).toMatchObject([{ mfr_fNav: 10.5 }]);
  });
});
