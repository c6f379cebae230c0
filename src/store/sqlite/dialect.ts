import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';

/** The connection as Kysely uses it, and whether SQLite has a transaction open on it. */
export interface TransactionAwareDatabase extends SqliteDatabase {
  readonly inTransaction: boolean;
}

/**
 * Kysely's SQLite dialect, with transactions that take the write lock when they begin. A plain
 * (deferred) BEGIN reads from a snapshot and asks for the lock at its first write; if another process
 * committed in between (the server counting usage while a CLI command reads a subscription), SQLite
 * cannot let it write on that stale snapshot and fails it at once with "database is locked", whatever
 * the busy timeout. BEGIN IMMEDIATE waits its busy timeout for the lock first, so the other writer
 * waits for it instead. Every transaction here writes, so none pays for a lock it does not use.
 */
export class WriteLockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig & { database: TransactionAwareDatabase }) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new WriteLockingSqliteDriver(this.settings, this.settings.database);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  constructor(
    settings: SqliteDialectConfig,
    private readonly database: TransactionAwareDatabase,
  ) {
    super(settings);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite ends a transaction itself when a write fails for want of room or of a working disk
   * (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM). Kysely then rolls back all the same, that ROLLBACK fails
   * ("cannot rollback - no transaction is active"), and its error is thrown in place of the one that
   * ended the transaction: a full disk was logged as a failed rollback. Nothing left to undo, no ROLLBACK.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.database.inTransaction) await super.rollbackTransaction(connection);
  }
}
