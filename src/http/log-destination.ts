import { destination } from 'pino';

/** What the batching needs from the stream behind it: pino's own destination (sonic-boom). */
export interface LineSink {
  write(chunk: string): boolean;
  flushSync(): void;
}

/** Characters gathered before they are handed on (sonic-boom writes at most 16 kB at a time). */
const BLOCK = 16_000;

/**
 * Log lines gathered into blocks of about 16 kB, handed on when a block is full and at the latest
 * `maxDelayMs` after its first line. pino's destination measures its whole pending buffer
 * (Buffer.byteLength of a growing string) on every write it is given, so each line cost more the
 * more lines waited: 5.4 of 12.5 µs of a cached answer's CPU in a microbenchmark (notes of issue 5).
 * Handed on in blocks, it measures once per block, and writes one block per write(2).
 */
export class BatchedLines {
  private lines: string[] = [];
  private length = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly maxDelayMs = 200,
  ) {
    // What is still gathered when the process exits is written before it goes.
    process.on('exit', () => {
      if (this.lines.length === 0) return;
      this.flush();
      try {
        sink.flushSync();
      } catch {
        // stdout already closed: nothing left to write to.
      }
    });
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= BLOCK) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.maxDelayMs).unref();
    return true;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.sink.write(text);
  }
}

/** The service's log stream: stdout, written a block at a time (BatchedLines) without blocking. */
export function serviceLogStream(): BatchedLines {
  return new BatchedLines(destination({ dest: 1, sync: false }));
}
