import { writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The thread that writes the log's blocks to stdout (see stdout-thread.ts): each block whole, in the
 * order given, waiting as long as stdout's reader makes it; then it counts the block as written.
 */
const written = new Int32Array(workerData.written as SharedArrayBuffer);
const pause = new Int32Array(new SharedArrayBuffer(4));

parentPort!.on('message', (block: Uint8Array) => {
  let from = 0;
  while (from < block.length) {
    try {
      from += writeSync(1, block, from);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A non-blocking stdout whose pipe is full: try again shortly. Anything else (stdout closed)
      // ends this block: there is nowhere to write it.
      if (code !== 'EAGAIN') break;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  Atomics.add(written, 0, 1);
  Atomics.notify(written, 0);
});
