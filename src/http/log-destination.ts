import { StdoutThread } from './stdout-thread.js';

/** What the batching needs from the stream behind it: it takes blocks, and writes them all at exit. */
export interface BlockSink {
  write(block: Buffer): boolean;
  flushSync(): void;
}

/**
 * The most one write(2) of a cluster worker carries: POSIX's PIPE_BUF (4096 on Linux). The workers of
 * WORKERS=N share one stdout; a write to a pipe of up to PIPE_BUF bytes goes in one piece, a longer
 * one may go in parts with another worker's write between them, cutting lines in two (seen in CI when
 * the pipe's reader fell behind).
 */
export const PIPE_BUF = 4096;
/**
 * The most one write(2) of a process alone on its stdout carries: each block wakes the writing thread
 * once, so larger blocks wake it less often; 64 kB is Linux's pipe buffer (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
export const ALONE_BLOCK = 65_536;

/**
 * Log lines gathered as UTF-8 into blocks of up to `blockBytes`, handed on when the next line would
 * not fit and at the latest `maxDelayMs` after a block's first line, so a block always ends at a line's
 * end. Each line is encoded once, straight into the block: gathered as strings instead, every line was
 * flattened from its pieces, joined, measured (sonic-boom's Buffer.byteLength) and encoded again on its
 * way out, twice the instructions (measured: CONTRIBUTING.md, Measurements behind the code). One block is one write(2); only a line longer than a block goes as a longer write, alone.
 */
export class BatchedLines {
  private block: Buffer;
  private used = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: BlockSink,
    private readonly blockBytes = ALONE_BLOCK,
    private readonly maxDelayMs = 200,
  ) {
    this.block = Buffer.allocUnsafe(blockBytes);
    // What is still gathered when the process exits is written before it goes.
    process.on('exit', () => {
      try {
        this.flush();
        sink.flushSync();
      } catch {
        // stdout already closed: nothing left to write to.
      }
    });
  }

  /** Takes one line (pino writes a log line at a time). */
  write(line: string): boolean {
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a surrogate pair 4 for its two units).
    if (this.used + line.length * 3 > this.blockBytes) {
      this.flush();
      if (line.length * 3 > this.blockBytes) {
        this.sink.write(Buffer.from(line)); // a line of its own size, after the lines before it
        return true;
      }
    }
    this.used += this.block.write(line, this.used);
    this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs).unref();
    return true;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.used === 0) return;
    // The sink keeps the block until it is written: the next lines go to a new one.
    this.sink.write(this.block.subarray(0, this.used));
    this.block = Buffer.allocUnsafe(this.blockBytes);
    this.used = 0;
  }
}

/**
 * The service's log stream: stdout, a block at a time (BatchedLines), each block one write(2) by a
 * thread of its own (StdoutThread); `shared`: a cluster worker's, one of several processes writing
 * to it.
 */
export function serviceLogStream(shared: boolean): BatchedLines {
  return new BatchedLines(new StdoutThread(), shared ? PIPE_BUF : ALONE_BLOCK);
}
