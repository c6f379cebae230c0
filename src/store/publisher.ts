import { sql, type Insertable, type Kysely } from 'kysely';
import { dateDigits, fromDateDigits } from '../domain/dates.js';
import type {
  Database,
  DepositProductTable,
  FundCategoryTable,
  FundTable,
  FxFamilyTable,
  LoanProductTable,
  NewDepositRate,
  NewFundPrice,
  NewFxRate,
  NewLoanRate,
  NewMarketSummaryRow,
} from './schema.js';
import { beginBatch, type BatchTransaction, type BulkWriter } from './batch-transaction.js';
import { bumpCounter, DATA_VERSION } from './counters.js';
import type { Store } from './db.js';
import { decodeRows, encodeRows, isRowSlice, type RowSlice } from './row-slice.js';
import {
  DEPOSIT_RATES,
  FUND_PRICES,
  FX_RATES,
  LOAN_RATES,
  MARKET_SUMMARY,
  SYNCED_FUND_PRICES,
  SYNCED_FX_RATES,
  type Row,
  type VersionedTable,
  type WriteCounts,
} from './versioned-tables.js';
import { list, tuple, writeVersioned } from './versioned-write.js';

type ReferenceTable = 'fund_categories' | 'funds' | 'fx_families' | 'deposit_products' | 'loan_products';

/** Rows per statement: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
export const CHUNK = 500;

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

  private readonly bulkWriters = new Map<VersionedTable, BulkWriter>();
  /** As `dateDigits`: the batch's price dates, gathered row by row. */
  private readonly priceDates = new Set<number>();
  private referenceChanges = 0;

  constructor(
    private readonly trx: Kysely<Database>,
    readonly batchId: number,
    private readonly now: string,
    /** The dialect's bulk path for versioned rows; without it, portable SQL per chunk. */
    private readonly bulk?: BatchTransaction['bulkWriter'],
  ) {}

  upsertFundCategories(rows: Insertable<FundCategoryTable>[]): Promise<void> {
    return this.upsert('fund_categories', 'id', rows as Row[]);
  }

  upsertFunds(rows: Omit<Insertable<FundTable>, 'code_key'>[]): Promise<void> {
    return this.upsert('funds', 'id', rows.map((f) => ({ ...f, code_key: f.code.toUpperCase() })) as Row[]);
  }

  upsertFxFamilies(rows: Insertable<FxFamilyTable>[]): Promise<void> {
    return this.upsert('fx_families', 'code', rows as Row[]);
  }

  upsertDepositProducts(rows: Insertable<DepositProductTable>[]): Promise<void> {
    return this.upsert('deposit_products', 'id', rows as Row[]);
  }

  upsertLoanProducts(rows: Insertable<LoanProductTable>[]): Promise<void> {
    return this.upsert('loan_products', 'id', rows as Row[]);
  }

  /**
   * Reference rows are replaced whole on a key that exists (no revisions: they describe, not
   * publish). Each is compared with the stored row first, so the counts account for every row and a
   * batch of rows already there changes nothing.
   */
  private async upsert(table: ReferenceTable, key: string, rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const updates = columns
      .filter((c) => c !== key)
      .map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`);
    for (const chunk of chunks(rows)) {
      const { rows: stored } = await sql<Row>`select ${list(columns)} from ${sql.table(table)}
        where ${sql.ref(key)} in (${sql.join(chunk.map((r) => r[key]))})`.execute(this.trx);
      const byKey = new Map(stored.map((r) => [String(r[key]), r]));
      const writes = chunk.filter((row) => {
        const old = byKey.get(String(row[key]));
        if (!old) {
          this.counts.inserted++;
          return true;
        }
        if (columns.every((c) => sameValue(old[c], row[c]))) {
          this.counts.unchanged++;
          return false;
        }
        this.counts.changed++;
        this.referenceChanges++;
        return true;
      });
      if (writes.length === 0) continue;
      await sql`insert into ${sql.table(table)} (${list(columns)}) values ${sql.join(writes.map((r) => tuple(r, columns)))}
        on conflict (${sql.ref(key)}) do update set ${sql.join(updates)}`.execute(this.trx);
    }
  }

  /** Served values that changed, each kept as a revision (reference rows keep none). */
  get revisions(): number {
    return this.counts.changed - this.referenceChanges;
  }

  /** Prices and rates come as rows, or as a slice (the checked rows of an import). */
  writeFundPrices(rows: NewFundPrice[] | RowSlice): Promise<void> {
    return this.writeAll(FUND_PRICES, rows);
  }

  /** Prices read from an upstream by `rates sync`, with its mfr_iId and l_ID (origin_id, origin_batch_id). */
  writeSyncedFundPrices(rows: NewFundPrice[]): Promise<void> {
    return this.writeAll(SYNCED_FUND_PRICES, rows);
  }

  /** Rates read from an upstream by `rates sync`, with its row ID (origin_id). */
  writeSyncedFxRates(rows: NewFxRate[]): Promise<void> {
    return this.writeAll(SYNCED_FX_RATES, rows);
  }

  /** Work due once all rows are written: the dates that now have prices. */
  async finish(): Promise<void> {
    for (const writer of this.bulkWriters.values()) await writer.finish();
    for (const chunk of chunks([...this.priceDates].map(fromDateDigits))) {
      await this.trx
        .insertInto('fund_price_dates')
        .values(chunk.map((price_date) => ({ price_date })))
        .onConflict((oc) => oc.column('price_date').doNothing())
        .execute();
    }
  }

  writeFxRates(rows: NewFxRate[] | RowSlice): Promise<void> {
    return this.writeAll(FX_RATES, rows);
  }

  writeDepositRates(rows: NewDepositRate[] | RowSlice): Promise<void> {
    return this.writeAll(DEPOSIT_RATES, rows);
  }

  writeLoanRates(rows: NewLoanRate[] | RowSlice): Promise<void> {
    return this.writeAll(LOAN_RATES, rows);
  }

  writeMarketSummary(rows: NewMarketSummaryRow[] | RowSlice): Promise<void> {
    return this.writeAll(MARKET_SUMMARY, rows);
  }

  /** Rows as a slice of the table's columns, at this one door: the bulk writers take nothing else. */
  private async writeAll(spec: VersionedTable, rows: readonly object[] | RowSlice): Promise<void> {
    const slice = isRowSlice(rows)
      ? rows
      : encodeRows(rows as Record<string, unknown>[], [...spec.keys, ...spec.values]).slice;
    if (spec.table === 'fund_prices') {
      const dates = slice.columns[slice.names.indexOf('price_date')] ?? [];
      for (let i = 0; i < slice.length; i++) this.priceDates.add(dateDigits(dates[i] as string));
    }
    if (this.bulk) {
      let writer = this.bulkWriters.get(spec);
      if (!writer) {
        writer = this.bulk(spec, this.batchId, this.now, this.counts);
        this.bulkWriters.set(spec, writer);
      }
      return writer.write(slice);
    }
    for (const chunk of chunks(decodeRows(slice))) {
      const c = await writeVersioned(this.trx, spec, chunk, this.batchId, this.now);
      this.counts.inserted += c.inserted;
      this.counts.changed += c.changed;
      this.counts.unchanged += c.unchanged;
    }
  }
}

export interface PublishedBatch {
  /** Null when no row was new or changed: the batch was rolled back, as it would publish nothing. */
  batchId: number | null;
  counts: WriteCounts;
  /** Changed prices and rates, each with its earlier value kept. */
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
 * commit together, or nothing does (an exception rolls the whole transaction back).
 */
export async function publishBatch(
  store: Store,
  meta: { kind: string; source: string },
  write: (batch: BatchWriter) => Promise<void>,
  now: () => Date = () => new Date(),
): Promise<PublishedBatch> {
  const batch = await beginBatch(store);
  try {
    const published = await writeBatch(batch, meta, write, now);
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
