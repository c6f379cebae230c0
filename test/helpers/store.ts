import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type Store, type StoreOptions } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';

/**
 * Which database the suite runs on. vitest.config.ts runs every test file twice, once per project:
 * `sqlite`, and `postgres` when TEST_DATABASE_URL names a PostgreSQL server.
 */
export const testStore: 'sqlite' | 'postgres' = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
export const onSqlite = testStore === 'sqlite';

/** A schema name unique to this run (so a run's leftovers can be dropped at its end) and this call. */
function schemaName(): string {
  return `t_${process.env.TEST_PG_RUN ?? 'run'}_${randomBytes(5).toString('hex')}`;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL');
  return url;
}

export async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The DATABASE_URL of a new, empty database for one test: a SQLite file in `dir`, or on PostgreSQL a
 * schema of its own, chosen through the connection's search_path. A schema is made and dropped in
 * milliseconds (a database takes a copy of its template), and the URL carries it into CLI and server
 * processes.
 */
export async function newDatabaseUrl(dir: string, file = 'test.db'): Promise<string> {
  if (onSqlite) return `sqlite:${join(dir, file)}`;
  const schema = schemaName();
  await onServer((c) => c.query(`create schema ${schema}`));
  const url = new URL(serverUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Drops what `newDatabaseUrl` made on PostgreSQL (a SQLite file goes with its folder). */
export async function dropDatabase(url: string): Promise<void> {
  const schema = /search_path=(t_[a-z0-9_]+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
  if (!url.startsWith('postgres') || !schema) return;
  await onServer((c) => c.query(`drop schema if exists ${schema} cascade`));
}

/** Settings for a CLI or server process working in `dir`: on PostgreSQL, a fresh schema as well. */
export async function processEnv(dir: string): Promise<Record<string, string>> {
  const env = { DATA_DIR: dir };
  return onSqlite ? env : { ...env, DATABASE_URL: await newDatabaseUrl(dir) };
}

export interface TestStoreOptions extends StoreOptions {
  /** How the store reaches the new database (e.g. through a proxy the test can cut), and a replica. */
  connect?: (url: string) => { url: string; readUrl?: string };
}

const databaseUrls = new WeakMap<Store, string>();

/** The DATABASE_URL of a store from `openTestStore`, for a CLI command or server on the same data. */
export function databaseUrlOf(store: Store): string {
  const url = databaseUrls.get(store);
  if (!url) throw new Error('not a store made by openTestStore');
  return url;
}

/** A fresh, migrated store for tests that use the store without the app; `close` drops it too. */
export async function openTestStore(
  dir: string,
  file?: string,
  { connect, ...options }: TestStoreOptions = {},
): Promise<Store> {
  const url = await newDatabaseUrl(dir, file);
  const route = connect?.(url) ?? { url };
  const store = openStore(route.url, { ...options, readUrl: route.readUrl ?? options.readUrl });
  databaseUrls.set(store, url);
  await migrateToLatest(store.db);
  const close = store.close;
  store.close = async () => {
    await close();
    await dropDatabase(url);
  };
  return store;
}
