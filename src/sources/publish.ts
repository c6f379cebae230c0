import type { Kysely } from 'kysely';
import type { Store } from '../store/db.js';
import { publishBatch, type BatchWriter, type PublishedBatch } from '../store/publisher.js';
import type { Database } from '../store/schema.js';
import type { RunSummary } from './state.js';

/**
 * One batch of a source's run, all or nothing through the import's publisher (none when nothing in
 * it is new), counted in the run's summary. The run's progress past it is saved in the batch's own
 * transaction, or after it when there was no batch: a run that stops resumes right after what it
 * published, never reading it again, never skipping what it did not publish.
 */
export async function publishRunBatch(
  store: Store,
  run: { summary: RunSummary; now?: () => Date; saveProgress: (db: Kysely<Database>) => Promise<void> },
  meta: { kind: string; source: string },
  write: (w: BatchWriter) => Promise<void>,
): Promise<PublishedBatch> {
  const published = await publishBatch(store, meta, write, run.now, run.saveProgress);
  if (published.batchId === null) await run.saveProgress(store.db);
  else run.summary.batches++;
  return published;
}
