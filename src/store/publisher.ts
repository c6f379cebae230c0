import { sql, type Kysely } from 'kysely';
import { dateDigits, fromDateDigits } from '../domain/dates.js';
import type { Database } from './schema.js';
import { beginBatch, type BatchTransaction, type BulkWriter } from './batch-transaction.js';
import { bumpCounter, DATA_VERSION } from './counters.js';
import type { Store } from './db.js';
import {
  dataType,
  revisionsOf,
  tableNameOf,
  type DataType,
  type DataTypeName,
  type NewRow,
  type PublishedType,
  type ReferenceType,
} from '../data-types/index.js';
import { decodeRows, encodeRows, isRowSlice, type RowSlice } from './row-slice.js';
import { versionedTable, type Row, type VersionedTable, type WriteCounts } from './versioned-tables.js';

/** Rows per statement: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
export const CHUNK = 500;

/** `a, b, c` as identifiers. */
const list = (names: readonly string[]) => sql.join(names.map((n) => sql.ref(n)));
/** `(?, ?, ?)` with a row's values for the named columns (missing ones as null). */
const tuple = (row: Row, names: readonly string[]) => sql`(${sql.join(names.map((n) => row[n] ?? null))})`;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/** A stored value and a new one are the same (drivers may give numbers of big columns as text). */
const sameValue = (stored: unknown, value: unknown): boolean =>
  (stored ?? null) === (value ?? null) ||
  (stored != null && value != null && String(stored) === String(value));

/** Writes of one batch, all inside the batch's transaction. */
export class BatchWriter {
  readonly counts: WriteCounts = { inserted: 0, changed: 0, unchanged: 0 };

  private readonly bulkWriters = new Map<
    VersionedTable,
    { writer: BulkWriter; counts: WriteCounts; type: string }
  >();
  /** The data types this batch inserted or changed rows of (batch_types: the timemap's instants). */
  private readonly changedTypes = new Set<string>();
  /** Per type with a days table, as `dateDigits`: the batch's days, gathered row by row. */
  private readonly days = new Map<PublishedType, Set<number>>();

  constructor(
    private readonly trx: Kysely<Database>,
    readonly batchId: number,
    private readonly now: string,
    /** The engine's path for versioned rows (batch-transaction.ts). */
    private readonly bulk: BatchTransaction['bulkWriter'],
  ) {}

  /**
   * Rows of a data type (src/data-types/), as objects or as a slice of its columns (the checked rows of
   * an import). Published values: new keys are inserted, identical rows left alone (so re-publishing is
   * idempotent), and a changed row is replaced after its old values go to the revisions table.
   * `fromUpstream` (rates sync): the upstream's own numbers for the rows (mfr_iId, l_ID, ID; the type's
   * `origin` columns) are written and compared too. Reference rows are replaced whole (no revisions).
   */
  write<N extends DataTypeName>(
    name: N,
    rows: NewRow<N>[] | RowSlice,
    { fromUpstream = false }: { fromUpstream?: boolean } = {},
  ): Promise<void> {
    const type: DataType = dataType(name);
    if (type.kind === 'reference')
      return this.upsert(type, isRowSlice(rows) ? decodeRows(rows) : (rows as unknown as Row[]));
    return this.writeAll(type, versionedTable(type, fromUpstream), rows);
  }

  /**
   * Reference rows are replaced whole on a key that exists. Each is compared with the stored row first,
   * so the counts account for every row and a batch of rows already there changes nothing.
   */
  private async upsert(type: ReferenceType, given: Row[]): Promise<void> {
    if (given.length === 0) return;
    const key = type.keys[0]!;
    const table = tableNameOf(type);
    const derive = Object.entries(type.derive ?? {}) as [string, (row: Row) => string | number | null][];
    const rows = given.map((r) => {
      const row: Row = { ...r, batch_id: this.batchId };
      for (const [name, make] of derive) row[name] = make(r);
      return row;
    });
    // Every column the table keeps, so a replaced row's revision holds all of it.
    const values = [...Object.keys(type.columns), ...derive.map(([name]) => name)];
    const columns = [...values, 'batch_id'];
    const updates = columns
      .filter((c) => c !== key)
      .map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`);
    for (const chunk of chunks(rows)) {
      const { rows: stored } = await sql<Row>`select ${list(columns)} from ${sql.table(table)}
        where ${sql.ref(key)} in (${sql.join(chunk.map((r) => r[key]))})`.execute(this.trx);
      const byKey = new Map(stored.map((r) => [String(r[key]), r]));
      const replaced: Row[] = [];
      const writes = chunk.filter((row) => {
        const old = byKey.get(String(row[key]));
        if (!old) {
          this.counts.inserted++;
          return true;
        }
        if (values.every((c) => sameValue(old[c], row[c]))) {
          this.counts.unchanged++;
          return false;
        }
        this.counts.changed++;
        replaced.push({ ...old, replaced_by_batch_id: this.batchId, replaced_at: this.now });
        return true;
      });
      if (writes.length === 0) continue;
      this.changedTypes.add(type.name);
      if (replaced.length > 0) {
        const kept = [...columns, 'replaced_by_batch_id', 'replaced_at'];
        await sql`insert into ${sql.table(revisionsOf(table))} (${list(kept)})
          values ${sql.join(replaced.map((r) => tuple(r, kept)))}`.execute(this.trx);
      }
      await sql`insert into ${sql.table(table)} (${list(columns)}) values ${sql.join(writes.map((r) => tuple(r, columns)))}
        on conflict (${sql.ref(key)}) do update set ${sql.join(updates)}`.execute(this.trx);
    }
  }

  /** Values that changed, each kept as a revision (prices and rates, and reference rows since as-of reads). */
  get revisions(): number {
    return this.counts.changed;
  }

  /**
   * Work due once all rows are written: the counts of the bulk writers, the days that now have rows
   * (each day naming the batch that first had it, for as-of reads) and the types this batch changed.
   */
  async finish(): Promise<void> {
    for (const { writer, counts, type } of this.bulkWriters.values()) {
      await writer.finish();
      this.counts.inserted += counts.inserted;
      this.counts.changed += counts.changed;
      this.counts.unchanged += counts.unchanged;
      if (counts.inserted + counts.changed > 0) this.changedTypes.add(type);
    }
    for (const [type, days] of this.days)
      for (const chunk of chunks([...days].map(fromDateDigits)))
        await sql`insert into ${sql.table(type.daysTable!)} (${sql.ref(type.day!)}, batch_id)
          values ${sql.join(chunk.map((d) => sql`(${d}, ${this.batchId})`))} on conflict (${sql.ref(type.day!)}) do nothing`.execute(
          this.trx,
        );
    if (this.changedTypes.size > 0)
      await this.trx
        .insertInto('batch_types')
        .values([...this.changedTypes].map((type) => ({ batch_id: this.batchId, type })))
        .execute();
  }

  /** Rows as a slice of the table's columns, at this one door: the bulk writers take nothing else. */
  private async writeAll(
    type: PublishedType,
    spec: VersionedTable,
    rows: readonly object[] | RowSlice,
  ): Promise<void> {
    const slice = isRowSlice(rows)
      ? rows
      : encodeRows(rows as Record<string, unknown>[], [...spec.keys, ...spec.values]).slice;
    if (type.daysTable) {
      let days = this.days.get(type);
      if (!days) this.days.set(type, (days = new Set()));
      // A type with a days table has a day (checked where DATA_TYPES is listed).
      const column = slice.columns[slice.names.indexOf(type.day!)] ?? [];
      for (let i = 0; i < slice.length; i++) days.add(dateDigits(column[i] as string));
    }
    let bulk = this.bulkWriters.get(spec);
    if (!bulk) {
      const counts = { inserted: 0, changed: 0, unchanged: 0 };
      bulk = { writer: this.bulk(spec, this.batchId, this.now, counts), counts, type: type.name };
      this.bulkWriters.set(spec, bulk);
    }
    return bulk.writer.write(slice);
  }
}

export interface PublishedBatch {
  /** Null when no row was new or changed: the batch was rolled back, as it would publish nothing. */
  batchId: number | null;
  counts: WriteCounts;
  /** Changed values, each with its earlier value kept. */
  revisions: number;
}

/** Thrown inside the transaction to undo a batch that changed nothing. */
class NothingChanged extends Error {
  constructor(readonly published: PublishedBatch) {
    super('nothing changed');
  }
}

/**
 * Runs `write` as one all-or-nothing batch: the batch row and every row written through the writer
 * commit together, or nothing does (an exception rolls the whole transaction back). `alongside`
 * writes what must commit with the batch and only with it (a connector's progress), after its rows.
 */
export async function publishBatch(
  store: Store,
  meta: { kind: string; source: string },
  write: (batch: BatchWriter) => Promise<void>,
  now: () => Date = () => new Date(),
  alongside?: (trx: Kysely<Database>) => Promise<void>,
): Promise<PublishedBatch> {
  const batch = await beginBatch(store);
  try {
    const published = await writeBatch(batch, meta, write, now);
    await alongside?.(batch.trx);
    await batch.commit();
    store.events.emit('commit', published.batchId);
    return published;
  } catch (error) {
    await batch.rollback();
    // A batch id, a data version and dropped caches for nothing would only say something changed.
    if (error instanceof NothingChanged) return error.published;
    throw error;
  }
}

async function writeBatch(
  { trx, bulkWriter }: BatchTransaction,
  meta: { kind: string; source: string },
  write: (batch: BatchWriter) => Promise<void>,
  now: () => Date,
): Promise<PublishedBatch> {
  const started = now().toISOString();
  const { id } = await trx
    .insertInto('batches')
    .values({ ...meta, status: 'open', created_at: started, committed_at: null, row_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const writer = new BatchWriter(trx, id, started, bulkWriter);
  await write(writer);
  await writer.finish();
  const { inserted, changed } = writer.counts;
  if (inserted + changed === 0)
    throw new NothingChanged({ batchId: null, counts: writer.counts, revisions: 0 });
  await trx
    .updateTable('batches')
    .set({ status: 'committed', committed_at: now().toISOString(), row_count: inserted + changed })
    .where('id', '=', id)
    .execute();
  // Servers poll this counter and drop their cached answers when it moves.
  await bumpCounter(trx, DATA_VERSION);
  return { batchId: id, counts: writer.counts, revisions: writer.revisions };
}
