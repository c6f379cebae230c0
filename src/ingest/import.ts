import type { Readable } from 'node:stream';
import { bangkokToday } from '../domain/dates.js';
import type { Store } from '../store/db.js';
import { publishBatch, type BatchWriter } from '../store/publisher.js';
import { DateKeySet } from './duplicates.js';
import { FieldError } from './fields.js';
import { References } from './references.js';
import { readRecords, SourceError, type Format } from './sources.js';
import { IMPORT_TYPES, RowError, type ImportType, type RowContext } from './spec.js';
import { SPECS } from './specs.js';

export interface ImportInput {
  name: string;
  type: ImportType;
  format: Format;
  open(): Readable;
}

export interface ImportIssue {
  file: string;
  line: number | null;
  column: string | null;
  reason: string;
}

export interface ImportReport {
  status: 'committed' | 'rejected';
  batchId: number | null;
  rowsRead: number;
  inserted: number;
  changed: number;
  unchanged: number;
  /** Earlier values kept as revisions: one for each changed row. */
  revisions: number;
  errorCount: number;
  errors: ImportIssue[];
  seconds: number;
}

export interface ImportOptions {
  source: string;
  maxErrors?: number;
  now?: () => Date;
  onRows?: (rowsRead: number) => void;
}

/** Rows handed to the writer at a time. */
const SLICE = 5000;

class Rejected extends Error {}

/**
 * Imports the inputs as one all-or-nothing batch: reference data first, every row validated, and
 * nothing written, committed or served unless every row of every input is good.
 */
export async function runImport(
  store: Store,
  inputs: ImportInput[],
  options: ImportOptions,
): Promise<ImportReport> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const maxErrors = options.maxErrors ?? 20;
  const report: ImportReport = {
    status: 'rejected',
    batchId: null,
    rowsRead: 0,
    inserted: 0,
    changed: 0,
    unchanged: 0,
    revisions: 0,
    errorCount: 0,
    errors: [],
    seconds: 0,
  };
  const fail = (issue: ImportIssue) => {
    report.errorCount++;
    if (report.errors.length < maxErrors) report.errors.push(issue);
  };
  const ctx: RowContext = {
    refs: await References.load(store.db),
    today: bangkokToday(now()),
    dates: new DateKeySet(),
    ids: new Set(),
  };
  const ordered = [...inputs].sort((a, b) => IMPORT_TYPES.indexOf(a.type) - IMPORT_TYPES.indexOf(b.type));
  const kind = [...new Set(ordered.map((i) => i.type))].join('+') || 'empty';

  try {
    const published = await publishBatch(
      store,
      { kind, source: options.source },
      async (writer) => {
        for (const input of ordered) await importInput(writer, input, ctx, report, fail, options.onRows);
        if (report.errorCount > 0) throw new Rejected();
      },
      now,
    );
    report.status = 'committed';
    report.batchId = published.batchId;
    Object.assign(report, published.counts, { revisions: published.counts.changed });
  } catch (error) {
    if (!(error instanceof Rejected)) throw error;
    report.batchId = await recordRejected(store, kind, options.source, now());
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

async function importInput(
  writer: BatchWriter,
  input: ImportInput,
  ctx: RowContext,
  report: ImportReport,
  fail: (issue: ImportIssue) => void,
  onRows?: (rowsRead: number) => void,
): Promise<void> {
  const spec = SPECS[input.type];
  const columns = Object.entries(spec.columns);
  let rows: object[] = [];
  let checkedHeader = false;
  try {
    for await (const { line, values } of readRecords(input.open(), input.format)) {
      if (!checkedHeader) {
        checkedHeader = true;
        const problem = headerProblem(Object.keys(values), input, columns);
        if (problem) {
          fail({ file: input.name, line: input.format === 'csv' ? 1 : line, ...problem });
          if (input.format === 'csv') return; // every row would repeat the same complaint
        }
      }
      report.rowsRead++;
      if (report.rowsRead % SLICE === 0) onRows?.(report.rowsRead);
      const parsed: Record<string, unknown> = {};
      let ok = true;
      for (const [column, parse] of columns) {
        try {
          parsed[column] = parse(values[column]);
        } catch (error) {
          if (!(error instanceof FieldError)) throw error;
          fail({ file: input.name, line, column, reason: error.message });
          ok = false;
        }
      }
      if (!ok) continue;
      try {
        const row = spec.build(parsed, ctx);
        // Once the batch is known to be rejected, rows are still checked but no longer written.
        if (report.errorCount === 0) rows.push(row);
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        fail({ file: input.name, line, column: error.column, reason: error.message });
      }
      if (rows.length >= SLICE) {
        await spec.write(writer, rows);
        rows = [];
      }
    }
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    fail({ file: input.name, line: error.line, column: null, reason: error.message });
  }
  if (!checkedHeader) fail({ file: input.name, line: null, column: null, reason: 'has no rows' });
  if (rows.length > 0 && report.errorCount === 0) await spec.write(writer, rows);
  onRows?.(report.rowsRead);
}

const isOptional = (parse: (value: unknown) => unknown): boolean => {
  try {
    parse(undefined);
    return true;
  } catch {
    return false;
  }
};

/** An unknown column, or (in a CSV header) a missing required one. */
function headerProblem(
  keys: string[],
  input: ImportInput,
  columns: [string, (value: unknown) => unknown][],
): { column: string; reason: string } | undefined {
  const expected = columns.map(([c]) => c);
  const unknown = keys.find((k) => !expected.includes(k));
  if (unknown !== undefined)
    return { column: unknown, reason: `unknown column; ${input.type} has ${expected.join(', ')}` };
  if (input.format !== 'csv') return undefined;
  const missing = columns.find(([c, parse]) => !keys.includes(c) && !isOptional(parse));
  return missing ? { column: missing[0], reason: 'missing column' } : undefined;
}

async function recordRejected(store: Store, kind: string, source: string, at: Date): Promise<number> {
  const { id } = await store.db
    .insertInto('batches')
    .values({
      kind,
      source,
      status: 'rejected',
      created_at: at.toISOString(),
      committed_at: null,
      row_count: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
