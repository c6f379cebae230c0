import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite dialect, with transactions that take the write lock when they begin. A plain
 * (deferred) BEGIN reads from a snapshot and asks for the lock at its first write; if another process
 * committed in between (the server counting usage while a CLI command reads a subscription), SQLite
 * cannot let it write on that stale snapshot and fails it at once with "database is locked", whatever
 * the busy timeout. BEGIN IMMEDIATE waits its busy timeout for the lock first, so the other writer
 * waits for it instead. Every transaction here writes, so none pays for a lock it does not use.
 */
export class WriteLockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new WriteLockingSqliteDriver(this.settings);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
