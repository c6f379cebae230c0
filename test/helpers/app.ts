import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { bangkokToday } from '../../src/domain/dates.js';
import { DEMO_LIMITS } from '../../src/domain/subscriptions.js';
import { gatewaySettings, startGateway, type Gateway, type GatewayOptions } from '../../src/gateway/index.js';
import type { Store } from '../../src/store/db.js';
import { AdminTokenRepository } from '../../src/store/admin-token-repo.js';
import { KeyRepository } from '../../src/store/key-repo.js';
import { testConfig } from './config.js';
import { seedFixture, type Fixture } from './fixture.js';
import { checkResponsesAgainstOpenApi } from './openapi.js';
import { openTestStore, type TestStoreOptions } from './store.js';

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  key: string;
  adminToken: string;
  fixture: Fixture;
  dir: string;
  gateway: Gateway;
  close(): Promise<void>;
}

/**
 * A fresh migrated database (a SQLite file, or a schema of its own in the postgres project) with the
 * fixture, the real app on it, and a valid key. Every answer the tests get through `app.inject` is
 * checked against the app's OpenAPI document.
 */
export async function createTestApp(
  options: {
    logStream?: DestinationStream;
    seed?: boolean;
    /** The clock of limits, quotas, expiry and usage days. */
    now?: () => Date;
    /** Unknown keys per minute from one address; high by default so security tests can send many. */
    keyGuessLimit?: number;
    /** How often usage is written; long by default, so tests flush when they choose. */
    usageFlushMs?: number;
    /** The built explorer to serve (web/dist by default). */
    webRoot?: string;
    /** Gateway options over the tests' defaults: a Redis store, a poll interval. */
    gateway?: Partial<GatewayOptions>;
    /** Settings over the tests' defaults: limits, timeouts, CORS origins. */
    config?: Partial<Config>;
    /** How the store reaches its database (a proxy, a replica URL); see openTestStore. */
    connect?: TestStoreOptions['connect'];
    /** The folder of the SQLite file (e.g. on a small disk), removed on close; a new temporary one by default. */
    dir?: string;
  } = {},
): Promise<TestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rates-test-'));
  mkdirSync(dir, { recursive: true });
  // A short busy timeout, as the server has.
  const store = await openTestStore(dir, 'test.db', { busyTimeoutMs: 100, connect: options.connect });
  const today = bangkokToday();
  const fixture =
    options.seed === false ? { today, latest: today, batchId: 0 } : await seedFixture(store, today);
  // The shared test key is generous, like the demo key, so route tests never meet its rate limit.
  const { primaryKey } = await new KeyRepository(store.db).create('test', null, new Date(), {
    limits: DEMO_LIMITS,
  });
  const { token: adminToken } = await new AdminTokenRepository(store.db).create('test');
  const config = testConfig({
    logLevel: options.logStream ? 'info' : 'silent',
    keyGuessLimit: options.keyGuessLimit ?? 10_000,
    usageFlushMs: options.usageFlushMs ?? 3_600_000,
    ...options.config,
  });
  const gateway = await startGateway({
    ...gatewaySettings(config),
    store,
    now: options.now,
    ...options.gateway,
  });
  const app = await buildApp({
    config,
    store,
    now: options.now,
    logStream: options.logStream,
    gateway,
    webRoot: options.webRoot,
  });
  checkResponsesAgainstOpenApi(app);
  return {
    app,
    store,
    key: primaryKey,
    adminToken,
    fixture,
    dir,
    gateway,
    async close() {
      await app.close();
      await gateway.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on a test app's store and gateway without the answer cache, so that every call builds
 * its answer, with `config` over the defaults (e.g. another series cache off). The caller closes it.
 */
export function uncachedApp(t: TestApp, config: Partial<Config> = {}): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig({ cacheMaxBytes: 0, ...config }),
    store: t.store,
    gateway: t.gateway,
  });
}

/** POSTs a batch of `type` to the admin API as the test app's admin. */
export function postBatch(
  t: TestApp,
  type: string,
  payload: InjectOptions['payload'],
  contentType = 'text/csv',
) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/batches?type=${type}`,
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
    payload,
  });
}

/** d/m/yyyy path segments of an ISO date. */
export function dmy(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T00:00:00$/;
