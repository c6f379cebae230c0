import type { Generated } from 'kysely';
import { rowBuilder, type RowBuilder } from './build.js';

export { resolveReference } from './build.js';
import {
  fileName,
  revisionsOf,
  tableOf,
  type Columns,
  type DataType,
  type PublishedType,
  type ReferenceType,
  type RevisionsName,
  type RowOf,
  type TableName,
} from './define.js';
import { depositProducts } from './deposit-products.js';
import { depositRates } from './deposit-rates.js';
import { fundCategories } from './fund-categories.js';
import { fundDividends } from './fund-dividends.js';
import { fundFacts } from './fund-facts.js';
import { fundPrices } from './fund-prices.js';
import { funds } from './funds.js';
import { fxFamilies } from './fx-families.js';
import { fxRates } from './fx-rates.js';
import { loanProducts } from './loan-products.js';
import { loanRates } from './loan-rates.js';
import { marketSummary } from './market-summary.js';

/**
 * Every data type, in the order a batch applies them: reference types before the types that refer to
 * them, and the demo's order (its batch ids are served as l_ID). The one list: import types, demo,
 * history, sources and docs all read it.
 */
export const DATA_TYPES = [
  fundCategories,
  funds,
  fxFamilies,
  depositProducts,
  loanProducts,
  depositRates,
  loanRates,
  fxRates,
  marketSummary,
  fundPrices,
  fundFacts,
  fundDividends,
] as const;

type Declared = (typeof DATA_TYPES)[number];
export type DataTypeName = Declared['name'];
type Named<N extends DataTypeName> = Extract<Declared, { name: N }>;
export type PublishedName = Extract<Declared, { kind: 'published' }>['name'];
export type ReferenceName = Extract<Declared, { kind: 'reference' }>['name'];

export const DATA_TYPE_NAMES: readonly DataTypeName[] = DATA_TYPES.map((t) => t.name);

const byName = new Map<string, DataType>(DATA_TYPES.map((t) => [t.name, t as DataType]));

/** The type of that name; undefined for a name no type has. */
export const findDataType = (name: string): DataType | undefined => byName.get(name);

export function dataType<N extends DataTypeName>(name: N): Named<N> {
  return byName.get(name) as Named<N>;
}

/** The reference type of that name (a column's `ref`). */
export function referenceTypeOf(name: string): ReferenceType {
  const type = byName.get(name);
  if (type?.kind !== 'reference') throw new Error(`no reference type '${name}'`);
  return type;
}

// A reference must name a reference type applied before the type that refers to it.
for (const [i, type] of DATA_TYPES.entries())
  for (const c of Object.values(type.columns))
    if (
      c.ref !== undefined &&
      !DATA_TYPES.slice(0, i).some((t) => t.name === c.ref && t.kind === 'reference')
    )
      throw new Error(`${type.name}: '${c.ref}' is not a reference type declared before it`);

// A days table lists the days of a type's rows: a type without a day has none.
for (const type of DATA_TYPES)
  if (type.kind === 'published' && type.daysTable !== undefined && type.day === undefined)
    throw new Error(`${type.name}: a days table needs a day`);

const builders = new Map<string, RowBuilder>();
/** The type's row check (build.ts), made once. */
export function builderOf(type: DataType): RowBuilder {
  let builder = builders.get(type.name);
  if (!builder) builders.set(type.name, (builder = rowBuilder(type, referenceTypeOf)));
  return builder;
}

/** The type's table. */
export const tableNameOf = (type: DataType): string => tableOf(type.name);

/** The import file's columns with their parsers, in file order. */
export const fileColumns = (type: DataType): [string, (value: unknown) => unknown][] =>
  Object.entries(type.columns).map(([name, c]) => [c.file ?? name, c.parse]);

type TableRow = Readonly<Record<string, unknown>>;
const fileRowMakers = new Map<string, (row: TableRow) => Record<string, unknown>>();

/** Makes table rows into rows as the import file holds them (the demo's files, a sync's rows to check). */
export function fileRowOf(type: DataType): (row: TableRow) => Record<string, unknown> {
  let make = fileRowMakers.get(type.name);
  if (!make) {
    const names = Object.entries(type.columns).map(([name, c]) => [name, c.file ?? name] as const);
    make = (row) => {
      const file: Record<string, unknown> = {};
      for (const [name, inFile] of names) file[inFile] = row[name];
      return file;
    };
    fileRowMakers.set(type.name, make);
  }
  return make;
}

/** A table row as the import file holds it. */
export const toFileRow = (type: DataType, row: TableRow): Record<string, unknown> => fileRowOf(type)(row);

/** The file columns that name a row in a source's list of refused rows: its key, and its day if it has one. */
export function sourceKeys(type: DataType): [string, string | null] {
  const day = type.kind === 'published' ? type.day : undefined;
  const key =
    type.sourceKey ??
    fileName(
      type.columns,
      type.keys.find((k) => k !== day)!,
    );
  return [key, day === undefined ? null : fileName(type.columns, day)];
}

type Flat<T> = { [K in keyof T]: T[K] };
type Origin<D> =
  D extends PublishedType<string, Columns, infer O> ? { [K in O[number]]: number | null } : unknown;
type Derived<D> = D extends { kind: 'reference'; derive?: infer X }
  ? { -readonly [K in keyof NonNullable<X>]: NonNullable<X>[K] extends (row: never) => infer V ? V : never }
  : unknown;
type ColumnsOf<D> = D extends { columns: infer C extends Columns } ? RowOf<C> : never;

/**
 * A row of the type as a batch writes it: its columns (the store adds the id and the batch), and a
 * synced row's upstream numbers (its `origin` columns, written only by a sync).
 */
export type NewRow<N extends DataTypeName> = Flat<
  NullsOptional<ColumnsOf<Named<N>>> & Partial<Origin<Named<N>>>
>;

/** A column that may be null may be left out of a new row, as Kysely's Insertable has it. */
type NullsOptional<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: T[K];
};

/** The served table of a published type: one row per key, the batch that published it. */
type ServedTable<D> = Flat<{ id: Generated<number> } & ColumnsOf<D> & { batch_id: number } & Origin<D>>;
/** Its revisions: each earlier value, the batch that had delivered it and the one that replaced it. */
type RevisionTable<D> = Flat<
  { id: Generated<number> } & ColumnsOf<D> & { batch_id: number } & Origin<D> & {
      replaced_by_batch_id: number;
      replaced_at: string;
    }
>;

type Published = Extract<Declared, { kind: 'published' }>;
type Reference = Extract<Declared, { kind: 'reference' }>;

/**
 * The tables of every data type, for Kysely's Database (store/schema.ts). Reference rows name the
 * batch that wrote them (null: written before batches named them, read as always there) and keep
 * their earlier values as revisions, as published values do (as-of reads, docs/time-travel.md).
 */
export type DataTables = { [D in Published as TableName<D['name']>]: ServedTable<D> } & {
  [D in Published as RevisionsName<TableName<D['name']>>]: RevisionTable<D>;
} & {
  [D in Reference as TableName<D['name']>]: Flat<ColumnsOf<D> & Derived<D> & { batch_id: number | null }>;
} & {
  [D in Reference as RevisionsName<TableName<D['name']>>]: Flat<
    ColumnsOf<D> & Derived<D> & { batch_id: number | null; replaced_by_batch_id: number; replaced_at: string }
  >;
};

export { revisionsOf, tableOf };
export type { DataType, PublishedType, ReferenceType } from './define.js';
