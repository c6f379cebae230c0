import { createReadStream, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/db.js';
import { runImport } from './import.js';
import type { ImportJob, WorkerAnswer } from './import-thread.js';

/**
 * The worker thread of an admin import (see import-thread.ts): reads the spooled upload, checks it and
 * writes the batch on a database connection of its own, then answers with the report or the error.
 */
const job = workerData as ImportJob;
const answer = (message: WorkerAnswer) => parentPort!.postMessage(message);
const store = openStore(job.address.url, { busyTimeoutMs: job.address.busyTimeoutMs });
try {
  const report = await runImport(
    store,
    [
      {
        name: job.name,
        type: job.type,
        format: job.format,
        open: () => createReadStream(job.path),
        size: statSync(job.path).size,
      },
    ],
    // The server's clock (pinned in tests) as an offset: a function cannot cross to a thread.
    { source: job.source, now: () => new Date(Date.now() + job.clockOffsetMs) },
  );
  answer({ report });
} catch (error) {
  // An Error crosses without its code, which tells the route a busy or unreachable database (503).
  const { name, message, code } = error as Error & { code?: unknown };
  answer({ error: { name, message, code: typeof code === 'string' ? code : undefined } });
} finally {
  await store.close();
}
