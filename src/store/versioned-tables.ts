import type { Insertable } from 'kysely';
import type { Database } from './schema.js';

/**
 * A table whose served rows keep their earlier values in a revisions table (docs/contract-notes.md,
 * Revisions). One entry of VERSIONED_TABLES below per table; the batch writer (publisher.ts) and each
 * engine's bulk writer (sqlite/, postgres/) work from it alone.
 */
export interface VersionedTable {
  table: string;
  revisions: string;
  /** The columns that name a row: one row per key. */
  keys: readonly string[];
  /** The served values: a row whose values differ from the stored ones replaces them, keeping a revision. */
  values: readonly string[];
  /**
   * The upstream's own numbers for a row, written only by `rates sync` (served as mfr_iId, l_ID and
   * ID): compared and kept in revisions like the values.
   */
  origin?: readonly string[];
}

export interface WriteCounts {
  inserted: number;
  /** Rows whose served value changed; each one kept its earlier value as a revision. */
  changed: number;
  unchanged: number;
}

export type Row = Record<string, string | number | null>;

export const VERSIONED_TABLES = {
  fund_prices: {
    table: 'fund_prices',
    revisions: 'fund_price_revisions',
    keys: ['fund_id', 'price_date'],
    values: ['nav', 'offer', 'redemption', 'total_net_assets'],
    origin: ['origin_id', 'origin_batch_id'],
  },
  fx_rates: {
    table: 'fx_rates',
    revisions: 'fx_rate_revisions',
    keys: ['family_code', 'rate_date', 'round'],
    values: ['rate_time', 'buying_notes', 'selling_notes', 'buying_sight_bill', 'selling_tt', 'buying_tt'],
    origin: ['origin_id'],
  },
  deposit_rates: {
    table: 'deposit_rates',
    revisions: 'deposit_rate_revisions',
    keys: ['product_id', 'effective_date'],
    values: ['rate', 'submitted_at'],
  },
  loan_rates: {
    table: 'loan_rates',
    revisions: 'loan_rate_revisions',
    keys: ['product_id', 'effective_date'],
    values: ['rate', 'submitted_at'],
  },
  market_summary: {
    table: 'market_summary',
    revisions: 'market_summary_revisions',
    keys: ['summary_date', 'code', 'number'],
    values: ['value'],
  },
} as const satisfies Record<string, VersionedTable & { table: keyof Database; revisions: keyof Database }>;

export type VersionedTableName = keyof typeof VERSIONED_TABLES;

/** A new row of a versioned table, as a batch writes it (the batch and the row id are the store's). */
export type NewVersionedRow<T extends VersionedTableName> = Omit<Insertable<Database[T]>, 'batch_id' | 'id'>;

/** The table's spec as a write uses it: with `synced`, the upstream's numbers count as values too. */
const synced = new Map<VersionedTableName, VersionedTable>();
export function versionedTable(name: VersionedTableName, fromUpstream = false): VersionedTable {
  const spec: VersionedTable = VERSIONED_TABLES[name];
  if (!fromUpstream || !spec.origin) return spec;
  let withOrigin = synced.get(name);
  if (!withOrigin) synced.set(name, (withOrigin = { ...spec, values: [...spec.values, ...spec.origin] }));
  return withOrigin;
}
