import type SQLite from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { TransactionAwareDatabase } from './dialect.js';

/**
 * The database as Kysely's SQLite dialect uses it, preparing each distinct SQL text once. Kysely
 * prepares every query's statement afresh, and for the API's small queries preparing cost as much as
 * running them (measured: CONTRIBUTING.md, Measurements behind the code). A
 * statement still being iterated (a streamed query) is not shared: a busy one is prepared anew.
 * SQLite prepares a statement again by itself when the schema changes (migrations).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): TransactionAwareDatabase {
  // Bounded: SQL texts vary with the length of IN lists.
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    get inTransaction() {
      return sqlite.inTransaction;
    },
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) statements.set(source, statement);
      return statement;
    },
  };
}
