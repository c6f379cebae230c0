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
 * The most one write(2) of a process alone on its stdout carries: a quarter of the writes of PIPE_BUF
 * blocks, 1-4 µs less CPU per cached call (npm run bench, alternating).
 */
export const ALONE_BLOCK = 16_384;

/**
 * Log text gathered as UTF-8 into blocks of whole lines, up to `blockBytes`, handed on when the
 * next line would not fit and at the latest `maxDelayMs` after a block's first line. A text is encoded
 * once, straight into the block, or once as a whole when it may not fit (a long line, or several
 * lines in one text) and then cut at line ends: gathered as strings instead, every line was flattened, joined,
 * measured (sonic-boom's Buffer.byteLength) and encoded again on its way out: twice the instructions
 * (10,000 against 5,000 of a cached answer's 140,000, callgrind, notes of issue 5). One block is one
 * write(2); only a single line longer than a block goes as a longer write, on its own.
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

  /** Takes whole lines: one, or many joined (each ending with a newline). */
  write(text: string): boolean {
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a surrogate pair 4 for its two units).
    if (this.used + text.length * 3 <= this.blockBytes) this.used += this.block.write(text, this.used);
    else this.cut(Buffer.from(text));
    if (this.used > 0) this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs).unref();
    return true;
  }

  /** Fills blocks with `bytes` up to the last line end that fits, handing on each full one. */
  private cut(bytes: Buffer): void {
    let from = 0;
    while (from < bytes.length) {
      if (bytes.length - from <= this.blockBytes - this.used) {
        this.used += bytes.copy(this.block, this.used, from);
        return;
      }
      const end = bytes.lastIndexOf(0x0a, from + this.blockBytes - this.used - 1);
      if (end >= from) {
        bytes.copy(this.block, this.used, from, end + 1);
        this.used += end + 1 - from;
        from = end + 1;
        this.flush();
      } else if (this.used > 0) {
        this.flush();
      } else {
        // One line longer than a block: on its own, after the lines before it.
        const lineEnd = bytes.indexOf(0x0a, from);
        const next = lineEnd === -1 ? bytes.length : lineEnd + 1;
        this.sink.write(bytes.subarray(from, next));
        from = next;
      }
    }
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
