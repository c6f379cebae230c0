import type { ReleaseSchedule } from '../domain/release-schedule.js';
import type { Parser } from './fields.js';
import type { DemoPlan } from './demo/plan.js';
import type { References } from './references.js';
import type { RowContext } from './row-context.js';

/**
 * How a data type is declared (docs/adding-a-data-type.md): one object per type, in a file of its own
 * under src/data-types/, listed once in DATA_TYPES (index.ts). Everything else is made from it: the
 * store's row types and table names, the versioned write, the import type and its checks, the demo,
 * the generic history, the sources' keys and the generated docs.
 */

/** A column of a data type's table: how an import file gives it and what the table keeps. */
export interface Column<Stored> {
  /** Parses the file's value (CSV text or a JSON value) into what the row keeps; throws FieldError. */
  readonly parse: Parser<unknown>;
  /** The import file's name for it, when not the column's own (`fund` for `fund_id`). */
  readonly file?: string;
  /** The file names a row of this reference type (by its key, a fund also by short code); the table keeps that key. */
  readonly ref?: string;
  /** What the docs' import table says of it beside its name. */
  readonly doc?: string;
  /** Carries the stored type to the derived row types; never set. */
  readonly stored?: Stored;
}

interface ColumnOptions {
  /** The import file's name for it, when not the column's own. */
  file?: string;
  /** What the docs' import table says of it beside its name: `(number or code)`. */
  doc?: string;
}

/** A column kept as its parser gives it. */
export const column = <T>(parse: Parser<T>, options: ColumnOptions = {}): Column<T> => ({
  parse,
  ...options,
});

/** A column naming a row of the reference type `type`: the table keeps that row's key (of type T). */
export const reference = <T>(
  type: string,
  parse: Parser<unknown>,
  options: ColumnOptions = {},
): Column<T> => ({
  parse,
  ref: type,
  ...options,
});

export type Columns = Readonly<Record<string, Column<unknown>>>;

/** A row as the table keeps it (what a check sees and a write takes), from the columns. */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<infer S> ? S : never };

/** A row as the import file holds it: values by the file's column names, before parsing. */
export type FileRow = Readonly<Record<string, unknown>>;

interface Common<N extends string, C extends Columns> {
  /** The one name of the type: import type, file name, history and CLI (`fund-prices`); its table is this in snake case. */
  name: N;
  /** How counts of its rows are printed: `fund prices`. */
  label: string;
  /** What its rows are, for the import types table of docs/import-formats.md. */
  description: string;
  /** Its checks in words, for the same table (the column parsers' own limits are said by their messages). */
  checks?: string;
  /** The table's columns in the import file's order. */
  columns: C;
  /** The columns that name a row: one row per key. */
  keys: readonly (keyof C & string)[];
  /** Names a row in `duplicate ... in this batch` (`price of fund 101 on 2026-11-20`). */
  duplicate(row: RowOf<C>, file: FileRow): string;
  /** The checks across columns, after each column parsed and each reference was found; throws RowError. */
  check?(row: RowOf<C>, file: FileRow, ctx: RowContext): void;
  /** The file column that names a refused row in a source's summary (default: the first key that is not the day). */
  sourceKey?: string;
}

/** Published values (prices, rates): one served row per key, every earlier value kept as a revision. */
export interface PublishedType<
  N extends string = string,
  C extends Columns = Columns,
  O extends readonly string[] = readonly string[],
> extends Common<N, C> {
  kind: 'published';
  /**
   * The key column holding the row's business day (duplicates, history, status). None for values
   * that are not of a day (a fund's facts: one row per fund, each change a revision).
   */
  day?: keyof C & string;
  /**
   * When a day's rows are published, Bangkok time (/status compares the latest day held with the day
   * this says should be out); 'on-change': rows come when the source changes a value (rates by their
   * effective dates, a fund's facts, a dividend), so no day is expected.
   */
  schedule: ReleaseSchedule | 'on-change';
  /** A table of every day that has a row of the type (one column, named as `day`), kept by each batch. */
  daysTable?: string;
  /** The column that may not be after today (its first ten characters: a day). */
  notFuture?: keyof C & string;
  /** A batch of it holds one day (the market summary: a correction of a day is a batch of that day). */
  dayPerBatch?: boolean;
  /**
   * The upstream's own numbers for a row, written only by `rates sync` (served as mfr_iId, l_ID and ID):
   * compared and kept in revisions like the values.
   */
  origin?: O;
  /** SQLite inserts this many new rows a statement (1 unless named: worth it for rows that come in key order). */
  rowsPerInsert?: number;
  /**
   * The demo's rows, batch by batch, each batch a sequence of row chunks (bounded memory). Its
   * generator is imported when the demo runs: its calendars would otherwise load with every import.
   */
  demo?: (plan: DemoPlan) => AsyncIterable<Iterable<RowOf<C>[]>>;
}

/** Reference rows (funds, families, products) that published rows refer to: replaced whole, no revisions. */
export interface ReferenceType<
  N extends string = string,
  C extends Columns = Columns,
  X extends Derived<C> = Record<never, never>,
> extends Common<N, C> {
  kind: 'reference';
  /** Names one in messages: `unknown fund X`, `duplicate family USD in this batch`. */
  what: string;
  /** The key a file's value names (default: the value itself, if stored); undefined: unknown. */
  resolve?(value: unknown, refs: References): string | number | undefined;
  /** Columns the store keeps beside the given ones, each made from the row (a fund's upper-cased code). */
  derive?: X;
  /** The demo's rows: all go into the demo's first batch. */
  demo?: (plan: DemoPlan) => Promise<RowOf<C>[]>;
}

/** Columns the store derives from a reference row's own: each column's name and how it is made. */
type Derived<C extends Columns> = Readonly<Record<string, (row: RowOf<C>) => string | number | null>>;

export type DataType = PublishedType | ReferenceType;

/** Declares a published type, keeping its literal name and columns for the derived types. */
export function published<
  const N extends string,
  const C extends Columns,
  const O extends readonly string[] = readonly [],
>(spec: Omit<PublishedType<N, C, O>, 'kind'>): PublishedType<N, C, O> {
  return { kind: 'published', ...spec };
}

/** Declares a reference type, keeping its literal name and columns for the derived types. */
export function referenceType<
  const N extends string,
  const C extends Columns,
  X extends Derived<C> = Record<never, never>,
>(spec: Omit<ReferenceType<N, C, X>, 'kind'>): ReferenceType<N, C, X> {
  return { kind: 'reference', ...spec };
}

/** `fund-prices` -> `fund_prices`: a type's table is its name in snake case. */
export type TableName<N extends string> = N extends `${infer A}-${infer B}` ? `${A}_${TableName<B>}` : N;
export const tableOf = <N extends string>(name: N): TableName<N> => name.replaceAll('-', '_') as TableName<N>;

/** `fund_prices` -> `fund_price_revisions`, `fx_families` -> `fx_family_revisions`: where a table's earlier values are kept. */
export type RevisionsName<T extends string> = T extends `${infer A}ies`
  ? `${A}y_revisions`
  : T extends `${infer A}s`
    ? `${A}_revisions`
    : `${T}_revisions`;
export const revisionsOf = <T extends string>(table: T): RevisionsName<T> =>
  `${table.replace(/ies$/, 'y').replace(/s$/, '')}_revisions` as RevisionsName<T>;

/** A column's name in the import file. */
export const fileName = (columns: Columns, name: string): string => columns[name]?.file ?? name;
