import type { Readable } from 'node:stream';
import { bangkokToday } from '../domain/dates.js';
import type { Store } from '../store/db.js';
import { BatchRepository } from '../store/batch-repo.js';
import { readReferenceKeys } from '../store/reference-reads.js';
import { publishBatch, type BatchWriter } from '../store/publisher.js';
import { encodeRows } from '../store/row-slice.js';
import { newRowContext } from '../data-types/row-context.js';
import { checkInput, gathered, type CheckedSlice } from './check.js';
import { checkInThread } from './check-thread.js';
import type { ImportIssue, ImportReport } from '../schemas/import-report.js';
import type { Format } from './sources.js';
import { IMPORT_TYPES, type ImportType, type RowContext } from './spec.js';

export interface ImportInput {
  name: string;
  type: ImportType;
  format: Format;
  open(): Readable;
  /** Bytes, where known: large inputs are checked in a thread of their own. */
  size?: number;
}

export type { ImportReport };

export interface ImportOptions {
  source: string;
  maxErrors?: number;
  now?: () => Date;
  onRows?: (rowsRead: number) => void;
  /** Check in a thread of its own from this many bytes of inputs on (8 MB; 0: always). */
  threadFromBytes?: number;
}

/** Rows handed to the writer at a time (at least: a source's batch of records is not cut). */
const SLICE = 5000;
/**
 * Inputs of this many bytes or more are checked in a thread of their own (check-thread.ts), beside
 * the writing; smaller ones here, as the thread's start would cost them more than it saves (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
const THREAD_FROM_BYTES = 8 << 20;

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
  const ordered = [...inputs].sort((a, b) => IMPORT_TYPES.indexOf(a.type) - IMPORT_TYPES.indexOf(b.type));
  const kind = [...new Set(ordered.map((i) => i.type))].join('+') || 'empty';
  const keys = await readReferenceKeys(store.db);
  const today = bangkokToday(now());
  const bytes = ordered.reduce((sum, input) => sum + (input.size ?? 0), 0);
  const checked =
    bytes >= (options.threadFromBytes ?? THREAD_FROM_BYTES)
      ? checkInThread(ordered, keys, today, SLICE)
      : checkHere(ordered, newRowContext(keys, today));

  try {
    const published = await publishBatch(
      store,
      { kind, source: options.source },
      async (writer) => {
        await writeChecked(writer, ordered, checked, report, fail, options.onRows);
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

/** The inputs checked here, one after the other (what a small import does: a thread costs a start). */
async function* checkHere(
  inputs: readonly ImportInput[],
  ctx: RowContext,
): AsyncGenerator<{ input: number; checked: CheckedSlice }> {
  for (const [index, input] of inputs.entries())
    for await (const checked of gathered(checkInput(input, input.open(), ctx), SLICE))
      yield {
        input: index,
        checked: { ...checked, rows: encodeRows(checked.rows as Record<string, unknown>[]).slice },
      };
}

/** Writes the checked rows a slice at a time, each input's with its spec; none once a row is bad. */
async function writeChecked(
  writer: BatchWriter,
  inputs: readonly ImportInput[],
  batches: AsyncGenerator<{ input: number; checked: CheckedSlice }>,
  report: ImportReport,
  fail: (issue: ImportIssue) => void,
  onRows?: (rowsRead: number) => void,
): Promise<void> {
  for await (const { input, checked } of batches) {
    for (const issue of checked.issues) fail(issue);
    report.rowsRead += checked.rowsRead;
    onRows?.(report.rowsRead);
    // Once the batch is known to be rejected, rows are still checked but no longer written.
    if (report.errorCount > 0 || checked.rows.length === 0) continue;
    await writer.write(inputs[input]!.type, checked.rows);
  }
}

async function recordRejected(store: Store, kind: string, source: string, at: Date): Promise<number> {
  return new BatchRepository(store.db).recordRejected(kind, source, at);
}
