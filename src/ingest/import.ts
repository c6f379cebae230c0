import type { Readable } from 'node:stream';
import { bangkokToday } from '../domain/dates.js';
import type { Store } from '../store/db.js';
import { BatchRepository } from '../store/batch-repo.js';
import { publishBatch, type BatchWriter } from '../store/publisher.js';
import { DateKeySet } from './duplicates.js';
import { checkInput } from './check.js';
import type { ImportIssue, ImportReport } from '../schemas/import-report.js';
import { References } from './references.js';
import type { Format } from './sources.js';
import { IMPORT_TYPES, type ImportType, type RowContext } from './spec.js';
import { SPECS } from './specs.js';

export interface ImportInput {
  name: string;
  type: ImportType;
  format: Format;
  open(): Readable;
}

export type { ImportReport };

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
    report.status = published.batchId === null ? 'unchanged' : 'committed';
    report.batchId = published.batchId;
    Object.assign(report, published.counts, { revisions: published.revisions });
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
  let rows: object[] = [];
  const source = checkInput(input, input.open(), ctx);
  for await (const checked of source) {
    for (const issue of checked.issues) fail(issue);
    report.rowsRead += checked.rowsRead;
    onRows?.(report.rowsRead);
    // Once the batch is known to be rejected, rows are still checked but no longer written.
    if (report.errorCount > 0) continue;
    for (const row of checked.rows) rows.push(row);
    if (rows.length >= SLICE) {
      await spec.write(writer, rows);
      rows = [];
    }
  }
  if (rows.length > 0 && report.errorCount === 0) await spec.write(writer, rows);
}

async function recordRejected(store: Store, kind: string, source: string, at: Date): Promise<number> {
  return new BatchRepository(store.db).recordRejected(kind, source, at);
}
