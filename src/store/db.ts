import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export interface Store {
  db: Kysely<Database>;
  dialect: 'sqlite';
  /** The raw connection, for the bulk-write fast path; Kysely runs on this same connection. */
  sqlite: SQLite.Database;
  location: string;
  /** Emits 'commit' after a batch of this process commits (other processes are seen by polling). */
  events: EventEmitter;
  close(): Promise<void>;
}

/** Where the database lives: `sqlite:<path>`, `file:<path>` or a plain path. */
export function sqlitePath(databaseUrl: string): string {
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new Error(
      'DATABASE_URL points at PostgreSQL, which this version does not support yet; use a SQLite path (sqlite:./data/rates.db).',
    );
  }
  const path = databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (path === '') throw new Error(`DATABASE_URL '${databaseUrl}' names no database file`);
  return path;
}

export interface StoreOptions {
  readonly?: boolean;
  /**
   * How long a write waits for another process's write lock. better-sqlite3 waits synchronously, so
   * the server keeps this short (its few writes, usage counts, are retried later) while the CLI may
   * wait for the server's short writes.
   */
  busyTimeoutMs?: number;
}

export function openStore(databaseUrl: string, options: StoreOptions = {}): Store {
  const path = sqlitePath(databaseUrl);
  if (path !== ':memory:' && !options.readonly) {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new Error(
        `Cannot create the database folder ${dirname(path)}: ${(error as Error).message}. Check DATA_DIR or DATABASE_URL.`,
      );
    }
  }
  const sqlite = new SQLite(path, {
    readonly: options.readonly ?? false,
    fileMustExist: options.readonly ?? false,
  });
  // WAL lets one writer (an import) run beside many readers (the server) without blocking them;
  // NORMAL sync is durable at every checkpoint and safe against corruption in WAL mode.
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    location: path,
    events: new EventEmitter(),
    close: () => db.destroy(),
  };
}
