import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.js';
import { bangkokToday } from '../../src/domain/dates.js';
import { openStore, type Store } from '../../src/store/db.js';
import { KeyRepository } from '../../src/store/key-repo.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { seedFixture, type Fixture } from './fixture.js';
import { checkResponsesAgainstOpenApi } from './openapi.js';

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  key: string;
  fixture: Fixture;
  dir: string;
  close(): Promise<void>;
}

/**
 * A fresh migrated SQLite file with the fixture, the real app on it, and a valid key. Every answer the
 * tests get through `app.inject` is checked against the app's OpenAPI document.
 */
export async function createTestApp(
  options: { logStream?: DestinationStream; seed?: boolean; webRoot?: string } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-test-'));
  const store = openStore(`sqlite:${join(dir, 'test.db')}`);
  await migrateToLatest(store.db);
  const today = bangkokToday();
  const fixture =
    options.seed === false ? { today, latest: today, batchId: 0 } : await seedFixture(store.db, today);
  const { primaryKey } = await new KeyRepository(store.db).create('test');
  const app = await buildApp({
    config: { logLevel: options.logStream ? 'info' : 'silent', bodyLimit: 65536, requestTimeoutMs: 10_000 },
    store,
    logStream: options.logStream,
    webRoot: options.webRoot,
  });
  checkResponsesAgainstOpenApi(app);
  return {
    app,
    store,
    key: primaryKey,
    fixture,
    dir,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** d/m/yyyy path segments of an ISO date. */
export function dmy(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T00:00:00$/;
