import type { Readable } from 'node:stream';
import type { ImportIssue } from '../schemas/import-report.js';
import { echo } from '../domain/errors.js';
import { builderOf, dataType, fileColumns, type DataType } from '../data-types/index.js';
import { FieldError } from '../data-types/fields.js';
import { DuplicateRowError } from '../data-types/row-context.js';
import type { RowBuilder } from '../data-types/build.js';
import { readRecords, SourceError, type Format } from './sources.js';
import type { RowSlice } from '../store/row-slice.js';
import { RowError, type ImportType, type RowContext } from './spec.js';

/** The outcome of checking one source batch of records: good rows and the problems found. */
export interface CheckedBatch {
  rows: object[];
  issues: ImportIssue[];
  rowsRead: number;
}

/** A checked batch as it is written: its rows as a slice. */
export type CheckedSlice = Omit<CheckedBatch, 'rows'> & { rows: RowSlice };

/**
 * The batches gathered into ones of at least `size` rows, so the writer gets whole slices (its
 * inserts take 50 rows at a time); a batch with issues goes at once, and the last one, even empty.
 */
export async function* gathered(
  batches: AsyncIterable<CheckedBatch>,
  size: number,
): AsyncGenerator<CheckedBatch> {
  let gathering: CheckedBatch = { rows: [], issues: [], rowsRead: 0 };
  for await (const checked of batches) {
    for (const row of checked.rows) gathering.rows.push(row);
    for (const issue of checked.issues) gathering.issues.push(issue);
    gathering.rowsRead += checked.rowsRead;
    if (gathering.rows.length >= size || gathering.issues.length > 0) {
      yield gathering;
      gathering = { rows: [], issues: [], rowsRead: 0 };
    }
  }
  yield gathering;
}

type Column = [string, (value: unknown) => unknown];

/**
 * Reads and checks one input, a batch of records at a time; writes nothing (the caller writes the good
 * rows, or none once any row is bad).
 */
export async function* checkInput(
  input: { name: string; type: ImportType; format: Format },
  stream: Readable,
  ctx: RowContext,
): AsyncGenerator<CheckedBatch> {
  const type: DataType = dataType(input.type);
  const build = builderOf(type);
  const columns = fileColumns(type);
  const expected = new Set(columns.map(([c]) => c));
  const scratch: Record<string, unknown> = {};
  let cellIndex: number[] = [];
  let checkedHeader = false;
  try {
    for await (const batch of readRecords(stream, input.format)) {
      const checked: CheckedBatch = { rows: [], issues: [], rowsRead: 0 };
      const fail = (line: number | null, column: string | null, reason: string) =>
        checked.issues.push({ file: input.name, line, column, reason });
      for (const record of batch) {
        const { line, problem } = record;
        if (!checkedHeader && record.header) {
          // Where each column sits in a CSV row (-1: absent).
          cellIndex = columns.map(([c]) => record.header!.indexOf(c));
          const issue = keysProblem(record.header, input, expected) ?? missingColumn(record.header, columns);
          if (issue) {
            // Every row would repeat the same complaint.
            fail(1, issue.column, issue.reason);
            yield checked;
            return;
          }
        }
        checkedHeader = true;
        checked.rowsRead++;
        // Each JSON object has keys of its own: any of them may be unknown or there twice.
        const issue = problem
          ? { column: null, reason: problem }
          : record.keys && keysProblem(record.keys, input, expected);
        if (issue) {
          fail(line, issue.column, issue.reason);
          continue;
        }
        const cells = record.cells;
        const get = cells
          ? (i: number) => cells[cellIndex[i]!]
          : (i: number) => record.values?.[columns[i]![0]];
        const row = checkRow(build, columns, get, ctx, scratch, fail, line);
        if (row) checked.rows.push(row);
      }
      yield checked;
    }
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    yield {
      rows: [],
      issues: [{ file: input.name, line: error.line, column: null, reason: error.message }],
      rowsRead: 0,
    };
    return;
  }
  if (!checkedHeader)
    yield {
      rows: [],
      issues: [{ file: input.name, line: null, column: null, reason: 'has no rows' }],
      rowsRead: 0,
    };
}

/** The first problem with rows given as objects: which row (0-based), the column, and why. */
export interface RowIssue {
  index: number;
  column: string | null;
  reason: string;
  /** A second row for a key of the batch (DuplicateRowError). */
  duplicate: boolean;
}

/**
 * Rows that come as objects keyed by the type's columns rather than from a file (a sync's, a
 * connector's): through the same parsers and checks as every row of an import or an admin batch
 * (checkRow), so a row refused there is refused here, for the same reason. The built rows in order,
 * or the first row refused. `ctx` is the batch's: references and duplicates carry across calls.
 */
export function checkObjects(
  type: ImportType,
  rows: readonly Readonly<Record<string, unknown>>[],
  ctx: RowContext,
): { rows: object[] } | { issue: RowIssue } {
  const declared: DataType = dataType(type);
  const build = builderOf(declared);
  const columns = fileColumns(declared);
  const scratch: Record<string, unknown> = {};
  const built: object[] = [];
  let issue: RowIssue | undefined;
  // One closure of each for all the rows, not two a row: a sync checks hundreds of thousands.
  let values: Readonly<Record<string, unknown>> = {};
  const get = (i: number) => values[columns[i]![0]];
  const fail = (index: number, column: string | null, reason: string, duplicate = false) => {
    issue ??= { index, column, reason, duplicate };
  };
  for (let index = 0; index < rows.length && !issue; index++) {
    values = rows[index]!;
    const row = checkRow(build, columns, get, ctx, scratch, fail, index);
    if (row) built.push(row);
  }
  return issue ? { issue } : { rows: built };
}

/** One row through the column parsers and the type's checks; undefined (and reported) if bad. */
function checkRow(
  build: RowBuilder,
  columns: Column[],
  get: (column: number) => unknown,
  ctx: RowContext,
  scratch: Record<string, unknown>,
  fail: (line: number, column: string | null, reason: string, duplicate?: boolean) => void,
  line: number,
): object | undefined {
  // One scratch object per input: build() copies what it keeps, so it can be reused row after row.
  const parsed = scratch;
  let ok = true;
  for (let i = 0; i < columns.length; i++) {
    const [column, parse] = columns[i]!;
    try {
      parsed[column] = parse(get(i));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      fail(line, column, error.message);
      ok = false;
    }
  }
  if (!ok) return undefined;
  try {
    return build(parsed, ctx);
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    fail(line, error.column, error.message, error instanceof DuplicateRowError);
    return undefined;
  }
}

const isOptional = (parse: (value: unknown) => unknown): boolean => {
  try {
    parse(undefined);
    return true;
  } catch {
    return false;
  }
};

/**
 * A column the spec does not have (`__proto__` included), or one named twice, in any case: which of
 * two values was meant cannot be told, so neither is taken. Applies to every import type alike. The
 * name comes from the input, of any length: it is cut as a refused value is (a header of megabytes
 * would otherwise be repeated whole in the report).
 */
function keysProblem(
  keys: string[],
  input: { type: ImportType },
  expected: ReadonlySet<string>,
): { column: string; reason: string } | undefined {
  const unknown = keys.find((k) => !expected.has(k));
  if (unknown !== undefined)
    return { column: echo(unknown), reason: `unknown column; ${input.type} has ${[...expected].join(', ')}` };
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  return twice === undefined ? undefined : { column: echo(twice), reason: 'duplicate column' };
}

/** A required column a CSV header lacks (a JSON object lacking one fails on its field instead). */
function missingColumn(keys: string[], columns: Column[]): { column: string; reason: string } | undefined {
  const missing = columns.find(([c, parse]) => !keys.includes(c) && !isOptional(parse));
  return missing ? { column: missing[0], reason: 'missing column' } : undefined;
}
