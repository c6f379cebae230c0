import { fileName, type Columns, type DataType, type ReferenceType } from './define.js';
import { DateKeySet } from './duplicates.js';
import type { References } from './references.js';
import { echo } from '../domain/errors.js';
import { DuplicateRowError, notFuture, RowError, type RowContext } from './row-context.js';

type Row = Record<string, unknown>;

/** Builds a table row from a row's parsed file values, through the type's checks; throws RowError. */
export type RowBuilder = (parsed: Row, ctx: RowContext) => Row;

/**
 * The one way a row of any type is checked and built, made once per type: each column from its file
 * name, each reference found (`unknown fund X`), then the day not after today, one day a batch, the
 * type's own checks and no second row for a key (for reference rows the key first: a second fund 101
 * is refused as that, whatever else is wrong with it). A reference row is then known to the batch.
 */
export function rowBuilder(type: DataType, referenceType: (name: string) => ReferenceType): RowBuilder {
  const columns = Object.entries(type.columns as Columns).map(([name, c]) => ({
    name,
    file: c.file ?? name,
    ref: c.ref === undefined ? undefined : referenceType(c.ref),
  }));
  const isReference = type.kind === 'reference';
  const day = type.kind === 'published' ? type.day : undefined;
  const future = type.kind === 'published' ? type.notFuture : undefined;
  const futureFile = future === undefined ? '' : fileName(type.columns, future);
  const dayFile = day === undefined ? '' : fileName(type.columns, day);
  const perBatch = type.kind === 'published' && type.dayPerBatch === true;
  const others = type.keys.filter((k) => k !== day);
  const groupOf =
    others.length === 1 ? (row: Row) => row[others[0]!] : (row: Row) => others.map((k) => row[k]).join('|');

  const refuseSecond = (row: Row, parsed: Row, ctx: RowContext) => {
    let seen = ctx.seen.get(type.name);
    if (!seen) ctx.seen.set(type.name, (seen = day === undefined ? new Set<string>() : new DateKeySet()));
    const fresh =
      seen instanceof DateKeySet
        ? seen.add(groupOf(row) as string | number, row[day!] as string)
        : seen.size !== seen.add(type.keys.map((k) => row[k]).join('|')).size;
    if (!fresh) throw new DuplicateRowError(type.duplicate(row as never, parsed));
  };

  return (parsed, ctx) => {
    const row: Row = {};
    if (isReference) {
      for (const c of columns) row[c.name] = parsed[c.file];
      refuseSecond(row, parsed, ctx);
    }
    for (const c of columns) {
      const value = parsed[c.file];
      if (c.ref === undefined) {
        row[c.name] = value;
        continue;
      }
      const key = c.ref.resolve
        ? c.ref.resolve(value, ctx.refs)
        : ctx.refs.has(c.ref.name, value as never)
          ? value
          : undefined;
      // The value is cut as every echoed input is: it comes from the input, of any length.
      if (key === undefined) throw new RowError(c.file, `unknown ${c.ref.what} ${echo(value)}`);
      row[c.name] = key;
    }
    if (future !== undefined) notFuture(ctx, futureFile, String(row[future]).slice(0, 10));
    if (perBatch) {
      const first =
        ctx.days.get(type.name) ?? (ctx.days.set(type.name, row[day!] as string), row[day!] as string);
      if (row[day!] !== first)
        throw new RowError(
          dayFile,
          `${String(row[day!])} is a second day in this batch (one day per batch: ${first})`,
        );
    }
    type.check?.(row as never, parsed, ctx);
    if (!isReference) refuseSecond(row, parsed, ctx);
    else ctx.refs.add(type.name, row[type.keys[0]!] as string | number);
    return row;
  };
}

/** The key of the `type` row a value names (a fund's number for its short code), or undefined. */
export function resolveReference(
  type: ReferenceType,
  value: unknown,
  refs: References,
): string | number | undefined {
  if (type.resolve) return type.resolve(value, refs);
  return refs.has(type.name, value as string | number) ? (value as string | number) : undefined;
}
