import type { Kysely } from 'kysely';
import type { Store } from './db.js';
import { kyselyOnClient } from './postgres/connection.js';
import { ClientTurns } from './postgres/copy.js';
import { PostgresVersionedWriter } from './postgres/versioned-write.js';
import type { Database } from './schema.js';
import { SqliteVersionedWriter } from './sqlite/versioned-write.js';
import type { RowSlice } from './row-slice.js';
import type { VersionedTable, WriteCounts } from './versioned-tables.js';

/** Each dialect's fastest way to write many versioned rows; counts are complete after `finish`. */
export interface BulkWriter {
  write(rows: RowSlice): Promise<void>;
  finish(): Promise<void>;
}

/** One batch's transaction: Kysely on it, its bulk writers, and how it ends. */
export interface BatchTransaction {
  trx: Kysely<Database>;
  bulkWriter(spec: VersionedTable, batchId: number, replacedAt: string, counts: WriteCounts): BulkWriter;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export async function beginBatch(store: Store): Promise<BatchTransaction> {
  if (store.dialect === 'postgres') {
    // One client for the whole batch: Kysely's statements and the COPY streams share its transaction.
    const client = await store.pool.connect();
    try {
      await client.query('begin');
      // Batches commit one at a time, so batch ids follow commit order: an as-of read takes every
      // batch up to the last one committed at its instant (as-of.ts). SQLite's one writer does this.
      await client.query('select pg_advisory_xact_lock(7089)');
    } catch (error) {
      client.release(true);
      throw error;
    }
    // A writer keeps its COPY open between writes; any other statement waits for its turn.
    const turns = new ClientTurns();
    const writers: PostgresVersionedWriter[] = [];
    return {
      trx: kyselyOnClient(client, () => turns.take()),
      bulkWriter: (spec, batchId, replacedAt, counts) => {
        const writer = new PostgresVersionedWriter(client, turns, spec, batchId, replacedAt, counts);
        writers.push(writer);
        return writer;
      },
      // After a failed COMMIT the caller rolls back, which releases the client.
      commit: async () => {
        await client.query('commit');
        client.release();
      },
      rollback: async () => {
        // Writers first stop sending and end their COPY: the ROLLBACK would otherwise wait behind
        // an open COPY forever, or slip in between a writer's statements.
        for (const writer of writers) await writer.abort();
        // A client whose rollback failed is in an unknown state: the pool closes it instead.
        const failed = await client.query('rollback').then(
          () => undefined,
          (error: Error) => error,
        );
        client.release(failed);
      },
    };
  }
  // A controlled transaction, so a failed COMMIT is seen as itself: SQLite rolls back by itself on
  // some errors (a full disk, for one), and the ROLLBACK after that fails with "no transaction is
  // active", which must not hide the error that matters.
  const trx = await store.db.startTransaction().execute();
  const sqlite = store.sqlite;
  return {
    trx,
    bulkWriter: (spec, batchId, replacedAt, counts) => {
      const writer = new SqliteVersionedWriter(sqlite, spec, batchId, replacedAt, counts);
      return {
        write: async (rows) => writer.write(rows),
        finish: async () => undefined,
      };
    },
    commit: () => trx.commit().execute(),
    rollback: () =>
      trx
        .rollback()
        .execute()
        .catch(() => undefined),
  };
}
