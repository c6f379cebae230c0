import type { Insertable } from 'kysely';
import type { Database } from './schema.js';
import type { Row } from './versioned-tables.js';

/**
 * The tables of reference rows, which the served rows refer to (categories, funds, FX families,
 * products): replaced whole on their key, with no revisions. One entry per table; the batch writer's
 * `upsert` (publisher.ts) works from it alone. `derive` adds the columns the store makes itself.
 */
export const REFERENCE_TABLES = {
  fund_categories: { key: 'id' },
  // A fund is found by its short code in any case (FundPrice/{code}/...): the key of that search.
  funds: { key: 'id', derive: (row: Row) => ({ code_key: String(row.code).toUpperCase() }) },
  fx_families: { key: 'code' },
  deposit_products: { key: 'id' },
  loan_products: { key: 'id' },
} as const satisfies Record<string, { key: string; derive?: (row: Row) => Row }>;

export type ReferenceTableName = keyof typeof REFERENCE_TABLES;

/** A new row of a reference table, as a batch writes it (without the columns `derive` makes). */
export type NewReferenceRow<T extends ReferenceTableName> = Omit<Insertable<Database[T]>, 'code_key'>;
