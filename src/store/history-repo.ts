import { sql, type Kysely } from 'kysely';
import {
  DATA_TYPES,
  referenceTypeOf,
  resolveReference,
  revisionsOf,
  tableNameOf,
  type DataType,
} from '../data-types/index.js';
import { fileName } from '../data-types/define.js';
import { FieldError } from '../data-types/fields.js';
import { References } from '../data-types/references.js';
import { ApiError } from '../domain/errors.js';
import { parseLooseDate } from '../domain/params.js';
import type { HistoryEntry } from '../schemas/history.js';
import { readReferenceKeys } from './reference-reads.js';
import type { Database } from './schema.js';

/**
 * What a value has been (`rates history TYPE --key k=v`, `GET /admin/history/{type}?k=v`),
 * for every type alike, published or reference (a fund's names, a family's description): the served
 * value(s) first, then every earlier revision, newest first, with the batches that delivered and
 * replaced them. A type is asked by its keys as its import file names them (a fund by number or code):
 * the keys up to its day are required (fund and date; family and date; date of a market summary), the
 * keys after it narrow the answer (the round of an FX rate, a market summary's code and number), and
 * shown beside the values. The day may also be given as `date`.
 */
export interface HistoryQuery {
  type: DataType;
  /** The key columns asked, by table column, as stored (a fund's short code already its number). */
  where: Record<string, string | number>;
  /** The key columns after the day: shown with each value, and its order. */
  narrowing: string[];
}

/** The types whose history can be asked for: every one. */
export const HISTORY_TYPES: readonly DataType[] = DATA_TYPES;

/** A type's day column; none for a reference type or a fund's facts. */
const dayOf = (type: DataType): string | undefined => (type.kind === 'published' ? type.day : undefined);

/** A reference type's own key that it resolves itself (a fund's number or code): resolved, not parsed. */
const resolvesOwn = (type: DataType, column: string): boolean =>
  type.kind === 'reference' && type.resolve !== undefined && type.keys.includes(column);

/** The keys of a type as a history asks for them: [file name, table column, required]. */
export function historyKeys(type: DataType): [string, string, boolean][] {
  // Without a day (a reference, a fund's facts) every key is required.
  const day = dayOf(type);
  const dayAt = day === undefined ? type.keys.length - 1 : type.keys.indexOf(day);
  return type.keys.map((k, i) => [fileName(type.columns, k), k, i <= dayAt]);
}

/**
 * The query for `given` parameters (file names, text): each parsed by its column's import parser (the
 * day as the admin API takes dates), a reference found as an import finds it. Null: a reference that
 * names nothing stored (no history). A missing, unknown or malformed parameter is a 400 naming it.
 */
export async function historyQuery(
  db: Kysely<Database>,
  typeName: string,
  given: Readonly<Record<string, string>>,
): Promise<HistoryQuery | null> {
  const type = HISTORY_TYPES.find((t) => t.name === typeName);
  if (!type)
    throw new ApiError(
      404,
      `No history of '${typeName}': there are ${HISTORY_TYPES.map((t) => t.name).join(', ')}`,
    );
  const keys = historyKeys(type);
  const day = dayOf(type);
  const dayFile = keys.find(([, column]) => column === day)?.[0];
  const named = (param: string) => (param === 'date' ? dayFile : param);
  for (const param of Object.keys(given))
    if (!keys.some(([file]) => file === named(param)))
      throw new ApiError(
        400,
        `Unknown parameter ${param}: ${type.name} is asked by ${keys.map(([f]) => f).join(', ')}`,
      );
  const where: Record<string, string | number> = {};
  for (const [file, column, required] of keys) {
    const raw = given[file] ?? (file === dayFile ? given.date : undefined);
    if (raw === undefined) {
      if (required)
        throw new ApiError(
          400,
          `Missing ${file}: ${type.name} is asked by ${keys
            .filter(([, , r]) => r)
            .map(([f]) => f)
            .join(' and ')}`,
        );
      continue;
    }
    try {
      where[column] =
        column === day
          ? parseLooseDate(file, raw)
          : resolvesOwn(type, column)
            ? raw
            : (type.columns[column]!.parse(raw) as string | number);
    } catch (error) {
      if (error instanceof FieldError) throw new ApiError(400, `Invalid ${file}: ${error.message}`);
      throw error;
    }
  }
  // Every parameter is well formed: now what the references name.
  let refs: References | undefined;
  for (const [column, value] of Object.entries(where)) {
    const ref = resolvesOwn(type, column) ? type.name : type.columns[column]!.ref;
    if (ref === undefined) continue;
    refs ??= References.fromKeys(await readReferenceKeys(db));
    const key = resolveReference(referenceTypeOf(ref), value, refs);
    if (key === undefined) return null;
    where[column] = key;
  }
  return { type, where, narrowing: keys.filter(([, , required]) => !required).map(([, column]) => column) };
}

type Values = Record<string, number | string | null>;
type Revision = Values & { batch_id: number | null; replaced_by_batch_id: number; replaced_at: string };

/** The served value(s) and the earlier revisions of what `query` names. */
export async function readHistory(db: Kysely<Database>, query: HistoryQuery): Promise<HistoryEntry[]> {
  const { type, where, narrowing } = query;
  const table = tableNameOf(type);
  const values = Object.keys(type.columns).filter((c) => !type.keys.includes(c));
  const shown = sql.join([...narrowing, ...values].map((c) => sql.ref(c)));
  const matching = sql.join(
    Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql` and `,
  );
  const order = narrowing.map((c) => sql.ref(c));
  const served = await sql<
    Values & { batch_id: number | null }
  >`select ${shown}, batch_id from ${sql.table(table)}
    where ${matching} ${order.length > 0 ? sql`order by ${sql.join(order)}` : sql``}`.execute(db);
  const revisions = await sql<Revision>`select ${shown}, batch_id, replaced_by_batch_id, replaced_at
    from ${sql.table(revisionsOf(table))} where ${matching}
    order by ${sql.join([...order, sql`replaced_by_batch_id desc`])}`.execute(db);
  return [
    ...served.rows.map(({ batch_id, ...values }) => ({
      served: true,
      batchId: batch_id,
      replacedByBatchId: null,
      replacedAt: null,
      values,
    })),
    ...revisions.rows.map(({ batch_id, replaced_by_batch_id, replaced_at, ...values }) => ({
      served: false,
      batchId: batch_id,
      replacedByBatchId: replaced_by_batch_id,
      replacedAt: replaced_at,
      values,
    })),
  ];
}
