import { Kysely, sql } from 'kysely';
import { StoreDialect } from './introspector.js';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Database } from '../schema.js';
import { asOfReads } from '../as-of.js';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL database';
  }
}

/**
 * The driver, loaded with the first pool: a process on SQLite never loads it (with pg-copy-streams,
 * a part of every start-up; measured: CONTRIBUTING.md, Measurements behind the code).
 */
function driver(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}

// bigint (int8) comes back as a string by default, because it may exceed 2^53. Here it is only ever a
// count(*) or a sum of counts, far below that, so every repository gets plain numbers on both dialects.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : driver().types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function pool(url: string, applicationName: string): pg.Pool {
  const p = new (driver().Pool)({
    connectionString: url,
    application_name: applicationName,
    types,
    max: 10,
    // An unreachable server must turn into a quick 503, not a request that waits for the OS timeout.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // A client whose server went away (a restart, pg_terminate_backend, a network cut) emits 'error',
  // idle in the pool or checked out, besides failing its query. An 'error' nobody listens to ends
  // the process; heard here, the failed query answers 503 and the pool replaces the client.
  p.on('error', () => undefined);
  p.on('connect', (client) => client.on('error', () => undefined));
  return p;
}

export interface PostgresConnection {
  dialect: 'postgres';
  db: Kysely<Database>;
  reader: Kysely<Database>;
  pool: pg.Pool;
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The primary's pool and Kysely on it, and, with DATABASE_READ_URL, a second pool for the API's reads. */
export function openPostgres(url: string, readUrl: string | null): PostgresConnection {
  const primary = pool(url, 'rates');
  // Selects read as of a past instant inside an as-of call (../as-of.ts).
  const db = new Kysely<Database>({ dialect: new StoreDialect({ pool: primary }), plugins: [asOfReads] });
  const replica = readUrl ? pool(readUrl, 'rates-read') : undefined;
  const reader = replica
    ? new Kysely<Database>({ dialect: new StoreDialect({ pool: replica }), plugins: [asOfReads] })
    : db;
  return {
    dialect: 'postgres',
    db,
    reader,
    pool: primary,
    location: redactUrl(url),
    ping: async () => {
      await sql`select 1`.execute(db);
      if (reader !== db) await sql`select 1`.execute(reader);
    },
    close: async () => {
      await db.destroy();
      if (reader !== db) await reader.destroy();
    },
  };
}

/**
 * Kysely on one client already taken from the pool, so an import's Kysely queries and its COPY run
 * in the same transaction (Kysely itself never hands out its connection). `beforeQuery` runs before
 * each statement: it ends a COPY in progress on the client.
 */
export function kyselyOnClient(client: pg.PoolClient, beforeQuery: () => Promise<void>): Kysely<Database> {
  const borrowed = {
    query: async (text: string, values?: unknown[]) => {
      await beforeQuery();
      return client.query(text, values);
    },
    // The caller releases the client when its transaction ends.
    release: () => undefined,
  };
  return new Kysely<Database>({
    dialect: new StoreDialect({
      pool: { connect: async () => borrowed as unknown as pg.PoolClient, end: async () => undefined },
    }),
  });
}
