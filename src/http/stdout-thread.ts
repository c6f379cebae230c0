import type { Worker } from 'node:worker_threads';
import { startThread } from '../thread.js';

/**
 * stdout for the log's blocks, written by a thread of its own. The event loop hands a block over and
 * goes on: it never waits for stdout's reader, which may fall behind (a full pipe would otherwise stop
 * every call). Unlike a write handed to libuv's thread pool (pino's asynchronous destination), this
 * one knows which blocks are written: at exit it waits for the thread to write every block handed
 * over, in order, so none is lost or comes after a later one.
 */
export class StdoutThread {
  private readonly worker: Worker;
  private readonly written = new Int32Array(new SharedArrayBuffer(4));
  private handed = 0;

  constructor(private readonly exitWaitMs = 5000) {
    this.worker = startThread('stdout-worker', import.meta.url, {
      workerData: { written: this.written.buffer },
    });
    // The thread never keeps the process alive; at exit, flushSync waits for what it still has.
    this.worker.unref();
  }

  write(block: Buffer): boolean {
    // A copy the thread owns (the block may share memory with others), handed over without another.
    const owned = new Uint8Array(block);
    this.worker.postMessage(owned, [owned.buffer]);
    this.handed++;
    return true;
  }

  /** Waits until the thread has written every block handed over (at most exitWaitMs in all). */
  flushSync(): void {
    const until = Date.now() + this.exitWaitMs;
    for (;;) {
      const written = Atomics.load(this.written, 0);
      const left = until - Date.now();
      if (written >= this.handed || left <= 0) return;
      Atomics.wait(this.written, 0, written, left);
    }
  }
}
