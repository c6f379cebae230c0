import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { gatewaySettings, startGateway, type Gateway } from '../../src/gateway/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { MISSING_KEY } from '../helpers/operations.js';
import { deleteKeys, needsRedis, redisForTest, TEST_REDIS_URL } from '../helpers/redis.js';
import { testConfig } from '../helpers/config.js';

// Public access on two nodes in one process (as test/http/redis-shared.test.ts): two gateways over one
// database and one Redis, polling off, so what reaches the other node at once came by a notice, and
// each client address's limit is counted once across both.

const LATEST = '/api/FundPriceService/LatestDate';
const NO_POLLING = 3_600_000;
const clock = new TestClock(Date.parse('2026-03-31T10:00:10.000Z')); // 50 s left in a 60 s window
const redis = redisForTest('closed');

let a: TestApp;
let b: { app: FastifyInstance; gateway: Gateway };

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  const onError = (error: unknown, what: string) => console.error(what, error);
  const gateway = { redis, pollMs: NO_POLLING, onError };
  a = await createTestApp({ now: clock.now, gateway });
  const bGateway = await startGateway({
    ...gatewaySettings(testConfig()),
    store: a.store,
    now: clock.now,
    ...gateway,
  });
  const bApp = await buildApp({
    // Load shedding off, as in createTestApp: a loaded test machine would trip it.
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

const keyless = (app: FastifyInstance, remoteAddress: string) => app.inject({ url: LATEST, remoteAddress });
const admin = (app: FastifyInstance, method: 'PUT' | 'DELETE', payload?: object) =>
  app.inject({
    method,
    url: '/admin/public-access',
    headers: { authorization: `Bearer ${a.adminToken}` },
    ...(payload && { payload }),
  });

/** Milliseconds until `app` answers `status` to a keyless call; fails after 3 s. */
async function msUntil(app: FastifyInstance, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await keyless(app, '192.0.2.200')).statusCode === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${status} within 3 s`);
}

describe.skipIf(!TEST_REDIS_URL)(needsRedis('public access on two nodes through Redis'), () => {
  it('opens on every node at once, counts each address once across nodes, and closes everywhere', async () => {
    expect((await keyless(b.app, '192.0.2.1')).json()).toEqual(MISSING_KEY);
    const opened = await admin(a.app, 'PUT', {
      groups: ['FundPriceService'],
      origins: ['https://www.bank.example'],
      rateLimit: { calls: 3, periodSeconds: 60 },
      quota: { calls: 100, period: 'day' },
    });
    expect(opened.statusCode).toBe(200);
    // Polling is off: node b learns of it from the notice, well within a second.
    expect(await msUntil(b.app, 200)).toBeLessThan(1000);

    const answers = [];
    for (const node of [a.app, b.app, a.app, b.app]) answers.push(await keyless(node, '192.0.2.7'));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers[3]!.headers['retry-after']).toBe('50');
    // Another address has its own count on both nodes.
    expect((await keyless(b.app, '192.0.2.8')).statusCode).toBe(200);
    expect((await keyless(a.app, '192.0.2.8')).statusCode).toBe(200);

    expect((await admin(b.app, 'DELETE')).statusCode).toBe(200);
    expect(await msUntil(a.app, 401)).toBeLessThan(1000);
    expect((await keyless(a.app, '192.0.2.9')).json()).toEqual(MISSING_KEY);
  });
});
