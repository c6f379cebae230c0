import type { ImportReport } from '../schemas/import-report.js';
import type { Store, StoreAddress } from '../store/db.js';
import { withoutBusyWait } from '../store/sqlite/busy-wait.js';
import { startThread } from '../thread.js';
import type { Format } from './sources.js';
import type { ImportType } from './spec.js';

/** One admin import, as the worker thread gets it. */
export interface ImportJob {
  address: StoreAddress;
  /** The spooled upload. */
  path: string;
  /** The input's name in the report's errors, e.g. fund-prices.csv. */
  name: string;
  type: ImportType;
  format: Format;
  source: string;
  /** The server's clock minus the thread's (0 unless a test pins the clock). */
  clockOffsetMs: number;
}

export type WorkerAnswer =
  { report: ImportReport } | { error: { name: string; message: string; code: string | undefined } };

/**
 * Runs an import of a spooled upload in a worker thread with a database connection of its own, so
 * parsing, checking and writing (synchronous on SQLite) never hold the server's event loop, and the
 * server keeps reading beside the import's write transaction (SQLite WAL, or the pool on PostgreSQL).
 * The batch is all-or-nothing as in the CLI; once it commits, this process's caches are told at once.
 */
export async function importInThread(store: Store, job: Omit<ImportJob, 'address'>): Promise<ImportReport> {
  // The import holds SQLite's write lock until it commits. A write of the server meanwhile (the usage
  // counts) would wait its busy timeout on the event loop, every API call with it, and fail all the
  // same: it fails at once instead, and is retried later as after any busy lock.
  return withoutBusyWait(store, () => runWorker(store, job));
}

function runWorker(store: Store, job: Omit<ImportJob, 'address'>): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const worker = startThread('import-worker', import.meta.url, {
      workerData: { ...job, address: store.address },
    });
    let answer: WorkerAnswer | undefined;
    worker.once('message', (message: WorkerAnswer) => (answer = message));
    worker.once('error', reject);
    // After the worker closed its connection: the commit is there for every reader to see.
    worker.once('exit', (code) => {
      if (!answer) {
        reject(new Error(`the import thread stopped (exit code ${code}) without an answer`));
      } else if ('error' in answer) {
        const { name, message, code: errorCode } = answer.error;
        reject(Object.assign(new Error(message), { name, code: errorCode }));
      } else {
        if (answer.report.status === 'committed') store.events.emit('commit', answer.report.batchId);
        resolve(answer.report);
      }
    });
  });
}
