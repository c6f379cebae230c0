import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { MESSAGES } from '../../src/domain/errors.js';
import { announceChanges } from '../../src/gateway/change-notices.js';
import { gatewaySettings, startGateway } from '../../src/gateway/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deleteKeys, needsRedis, redisForTest, TEST_REDIS_URL } from '../helpers/redis.js';
import { subscribe } from '../helpers/subscriptions.js';
import { testConfig } from '../helpers/config.js';

// Redis unreachable: nothing listens on port 1, so these run without a Redis.
const DEAD = 'redis://:s3cret@127.0.0.1:1';
const LATEST = '/api/FundPriceService/LatestDate';

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

/** A second app on the test database whose gateway comes from the settings, as the server's does. */
async function appWith(settings: Partial<Config>, lines: string[] = []): Promise<FastifyInstance> {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ logLevel: 'info', keyGuessLimit: 2, ...settings }),
    store: t.store,
    logStream,
  });
  apps.push(app);
  return app;
}

const call = (app: FastifyInstance, key: string) =>
  app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });

describe('Redis unreachable, REDIS_FAILURE_MODE=closed', () => {
  it('answers 503 with the gateway body and Retry-After, for known and unknown keys', async () => {
    const app = await appWith({ redisUrl: DEAD, redisFailureMode: 'closed' });
    // A dead Redis must not hang the request: the test's own timeout would catch it.
    const res = await call(app, t.key);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, message: MESSAGES.limitsUnavailable });
    expect(res.headers['retry-after']).toBe('5');
    expect((await call(app, 'f'.repeat(32))).statusCode).toBe(503);
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/rates_redis_failures_total\{kind="limits"\} [1-9]/);
    expect(metrics.body).toMatch(/rates_gateway_refusals_total\{reason="limits_unavailable"\} [1-9]/);
  });

  it('is not ready (/ready 503) while every API call is refused, and stays alive (/health 200)', async () => {
    const app = await appWith({ redisUrl: DEAD, redisFailureMode: 'closed' });
    expect((await call(app, t.key)).statusCode).toBe(503);
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ statusCode: 503, message: MESSAGES.limitsUnavailable });
    expect(ready.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('Redis unreachable, REDIS_FAILURE_MODE=open', () => {
  it('serves without limits, logs the outage once per ten seconds, and never logs the URL', async () => {
    const lines: string[] = [];
    const app = await appWith({ redisUrl: DEAD, redisFailureMode: 'open' }, lines);
    const { primaryKey } = await subscribe(t, { rateLimit: { calls: 1, periodSeconds: 60 } });
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(app, primaryKey)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]!.headers['ratelimit-limit']).toBeUndefined();
    // Unknown keys are not slowed down either, but stay unknown.
    expect((await call(app, 'f'.repeat(32))).statusCode).toBe(401);
    expect((await call(app, 'e'.repeat(32))).statusCode).toBe(401);
    expect((await call(app, 'd'.repeat(32))).statusCode).toBe(401);
    const reports = lines.filter((l) => l.includes('Redis limits failed'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('limits fail open');
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('stays ready: calls are served (unmetered) while Redis is away', async () => {
    const app = await appWith({ redisUrl: DEAD, redisFailureMode: 'open' });
    expect((await call(app, t.key)).statusCode).toBe(200);
    expect((await app.inject({ url: '/ready' })).json()).toEqual({ status: 'ready' });
  });
});

describe('Redis unreachable for the CLI', () => {
  it('warns that the change was not announced (servers poll for it), without the URL', async () => {
    const warnings: string[] = [];
    await announceChanges({ url: DEAD, keyPrefix: 'rates-test:' }, ['data'], (line) => warnings.push(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Could not announce the change through Redis .*servers see it by polling/);
    expect(warnings[0]).not.toContain('s3cret');
  });
});

/** A TCP proxy to the test Redis that a test can cut and restore, as a network fault would. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async open(): Promise<void> {
    const target = new URL(TEST_REDIS_URL!);
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => [client, upstream].forEach((x) => x.destroy()));
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    const closed = new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(null)));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

/** Calls until the app answers `status`; fails after `ms`. */
async function until(app: FastifyInstance, key: string, status: number, ms: number): Promise<void> {
  const started = Date.now();
  let last = 0;
  while (Date.now() - started < ms) {
    last = (await call(app, key)).statusCode;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still ${last}, not ${status}, after ${ms} ms`);
}

describe.skipIf(!TEST_REDIS_URL)(needsRedis('Redis lost and back'), () => {
  const proxy = new CuttableProxy();
  const settings = redisForTest('closed');
  afterAll(async () => {
    await proxy.cut();
    await deleteKeys(settings);
  });

  it('refuses with 503 while Redis is cut off (closed), and counts again once it is back', async () => {
    await proxy.open();
    const app = await appWith({
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      redisKeyPrefix: settings.keyPrefix,
      redisFailureMode: 'closed',
    });
    const { primaryKey } = await subscribe(t, { rateLimit: { calls: 1000, periodSeconds: 300 } });
    expect((await call(app, primaryKey)).statusCode).toBe(200);
    await proxy.cut();
    await until(app, primaryKey, 503, 3000);
    await proxy.open();
    await until(app, primaryKey, 200, 5000);
    expect(Number((await call(app, primaryKey)).headers['ratelimit-remaining'])).toBeLessThan(999);
  });

  it('listens for change notices once a Redis that was down at start comes up', async () => {
    const late = new CuttableProxy();
    await late.open();
    await late.cut(); // its port is now known, and nothing listens there
    const gateway = await startGateway({
      ...gatewaySettings(testConfig()),
      store: t.store,
      redis: { ...settings, url: `redis://127.0.0.1:${late.port}` },
    });
    try {
      let heard = false;
      gateway.onChange('subscriptions', () => (heard = true));
      await late.open();
      const started = Date.now();
      while (!heard && Date.now() - started < 5000) {
        await announceChanges(settings, ['subscriptions'], () => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heard).toBe(true);
    } finally {
      await gateway.close();
      await late.cut();
    }
  });
});
