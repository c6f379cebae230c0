import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { vi } from 'vitest';
import { OUT } from '../../scripts/start.mjs';

/**
 * Setup file of every test file: the worker threads (an import's check and write threads, the log's
 * thread) start from the bundle of src/ that test/helpers/bundle-setup.ts made before the run, as `npm
 * start` runs them (src/thread.ts). Loaded from source each thread went through tsx, about a second of
 * CPU per import, the largest part of the in-process suite's time.
 */
vi.mock('../../src/thread.js', () => ({
  startThread: (name: string, _from: string, options: WorkerOptions = {}) =>
    new Worker(join(import.meta.dirname, '..', '..', OUT, `${name}.js`), options),
}));
