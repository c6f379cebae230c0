import { EventEmitter } from 'node:events';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { DEFAULT_FILE_MODE, makeDataFile, makeDataFolder } from './data-files.js';
import { WriteLockingSqliteDialect } from './sqlite/dialect.js';
import { withStatementCache } from './sqlite/statements.js';
import type pg from 'pg';
import { isPostgresUrl, openPostgres, redactUrl } from './postgres/connection.js';
import type { Database } from './schema.js';
import { asOfReads } from './as-of.js';

interface StoreBase {
  /** The primary: every write, and reads that must see them (keys, usage, imports). */
  db: Kysely<Database>;
  /** Where the API routes read: the replica of DATABASE_READ_URL, or the primary itself. */
  reader: Kysely<Database>;
  /** Where the database is, for messages (a PostgreSQL URL without its password). */
  location: string;
  /**
   * How to open another connection to the same database (an admin import's worker thread writes on
   * a connection of its own). Holds the password of a PostgreSQL URL: never log it.
   */
  address: StoreAddress;
  /** Emits 'commit' after a batch of this process commits (other processes are seen by polling). */
  events: EventEmitter;
  /** Resolves when every database the store uses answers a query; rejects with the first failure. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SqliteStore extends StoreBase {
  dialect: 'sqlite';
  /** The raw connection, for the bulk-write fast path; Kysely runs on this same connection. */
  sqlite: SQLite.Database;
}

export interface PostgresStore extends StoreBase {
  dialect: 'postgres';
  /** The primary's pool: an import takes one client of it for its COPY and its transaction. */
  pool: pg.Pool;
}

export type Store = SqliteStore | PostgresStore;

/** What `openStore` needs to reach a store's database again, from another thread. */
export interface StoreAddress {
  url: string;
  busyTimeoutMs?: number;
}

/** Where the database lives: `sqlite:<path>`, `file:<path>` or a plain path. */
export function sqlitePath(databaseUrl: string): string {
  if (isPostgresUrl(databaseUrl)) {
    throw new Error(
      `DATABASE_URL points at PostgreSQL; this needs a SQLite database (sqlite:./data/rates.db).`,
    );
  }
  const path = databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (path === '') throw new Error(`DATABASE_URL '${databaseUrl}' names no database file`);
  return path;
}

/** Where DATABASE_URL points, for messages: a SQLite file's path, or a PostgreSQL URL without its password. */
export function databaseLocation(databaseUrl: string): string {
  return isPostgresUrl(databaseUrl) ? redactUrl(databaseUrl) : sqlitePath(databaseUrl);
}

export interface StoreOptions {
  readonly?: boolean;
  /**
   * How long a write waits for another process's write lock. better-sqlite3 waits synchronously, so
   * the server keeps this short (its few writes, usage counts, are retried later) while the CLI may
   * wait for the server's short writes.
   */
  busyTimeoutMs?: number;
  /** DATABASE_READ_URL: a PostgreSQL replica for the API's reads. */
  readUrl?: string | null;
  /** DATA_FILE_MODE: the mode of a database file this makes (its folder's follows from it). */
  fileMode?: number;
}

/** Opens the database DATABASE_URL names: PostgreSQL for postgres:// URLs, SQLite otherwise. */
export function openStore(databaseUrl: string, options: StoreOptions = {}): Store {
  const address = { url: databaseUrl, busyTimeoutMs: options.busyTimeoutMs };
  if (isPostgresUrl(databaseUrl)) {
    return { ...openPostgres(databaseUrl, options.readUrl ?? null), address, events: new EventEmitter() };
  }
  if (options.readUrl) throw new Error('DATABASE_READ_URL needs a PostgreSQL DATABASE_URL');
  return { ...openSqlite(sqlitePath(databaseUrl), options), address };
}

function openSqlite(path: string, options: StoreOptions): Omit<SqliteStore, 'address'> {
  if (path !== ':memory:' && !options.readonly) {
    const fileMode = options.fileMode ?? DEFAULT_FILE_MODE;
    const make = (what: string, where: string, work: () => void) => {
      try {
        work();
      } catch (error) {
        throw new Error(
          `Cannot create the ${what} ${where}: ${(error as Error).message}. Check DATA_DIR or DATABASE_URL.`,
        );
      }
    };
    make('database folder', dirname(path), () => makeDataFolder(dirname(path), fileMode));
    make('database', path, () => makeDataFile(path, fileMode));
  }
  const sqlite = new SQLite(path, {
    readonly: options.readonly ?? false,
    fileMustExist: options.readonly ?? false,
  });
  // WAL lets one writer (an import) run beside many readers (the server) without blocking them;
  // NORMAL sync is durable at every checkpoint and safe against corruption in WAL mode.
  // Pages of 16 KB, for a database made now (one that has tables keeps the size it was made with):
  // fewer pages, fewer calls for an import and its checkpoint than with 4 KB pages (measured:
  // CONTRIBUTING.md, Measurements behind the code).
  if (!options.readonly) sqlite.pragma('page_size = 16384');
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  // Statement journals in memory. A statement that writes many rows and may fail part way (50 fund
  // prices to an insert, each checked against its foreign keys) keeps the pages it changes in one, to
  // undo just itself; on disk it spills to a temporary file past 64 KB, four of these 16 KB pages, so
  // nearly every such insert wrote and read one (measured: CONTRIBUTING.md, Measurements behind the code). Temporary tables
  // (DISTINCT, IN lists) stay in memory too; the service's queries make only small ones.
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new WriteLockingSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [asOfReads],
  });
  return {
    db,
    reader: db,
    dialect: 'sqlite',
    sqlite,
    location: path,
    events: new EventEmitter(),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
