import type { BatchWriter } from '../store/publisher.js';
import type { RowSlice } from '../store/row-slice.js';
import type { DateKeySet } from './duplicates.js';
import type { Parser } from './fields.js';
import type { References } from './references.js';

export const IMPORT_TYPES = [
  'fund-categories',
  'funds',
  'fx-families',
  'deposit-products',
  'loan-products',
  'fund-prices',
  'fx-rates',
  'deposit-rates',
  'loan-rates',
  'market-summary',
] as const;

/** Import types in the order a batch applies them: reference data before what refers to it. */
export type ImportType = (typeof IMPORT_TYPES)[number];

export class RowError extends Error {
  constructor(
    readonly column: string | null,
    reason: string,
  ) {
    super(reason);
  }
}

export interface RowContext {
  refs: References;
  /** Today in Bangkok: no price or rate may be dated after it. */
  today: string;
  dates: DateKeySet;
  /** Keys of reference rows seen in this batch, e.g. `fund 101`. */
  ids: Set<string>;
  /** The day of the market summary rows in this batch: one day per batch. */
  summaryDate?: string;
}

/** One import type: its columns (in file order), the row checks, and how accepted rows are written. */
export interface ImportSpec<T extends object = object> {
  type: ImportType;
  columns: Readonly<Record<string, Parser<unknown>>>;
  /** Cross-field checks and references; throws RowError. */
  build(values: Record<string, unknown>, ctx: RowContext): T;
  /** Writes accepted rows, as the slices they cross threads in (store/row-slice.ts). */
  write(writer: BatchWriter, rows: RowSlice): Promise<void>;
}

export function defineSpec<T extends object>(spec: ImportSpec<T>): ImportSpec {
  return spec as unknown as ImportSpec;
}
