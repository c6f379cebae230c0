import type { Readable } from 'node:stream';
import type { ImportIssue } from '../schemas/import-report.js';
import type { ReferenceKeys } from '../data-types/references.js';
import { startThread } from '../thread.js';
import type { RowSlice } from '../store/row-slice.js';
import type { CheckedSlice } from './check.js';
import type { Format } from './sources.js';
import type { ImportType } from './spec.js';

/** An input as the check thread knows it: the bytes come from the thread that opened it. */
export interface CheckedInput {
  name: string;
  type: ImportType;
  format: Format;
}

export type ToChecker =
  | { kind: 'bytes'; input: number; bytes: Uint8Array }
  | { kind: 'end'; input: number }
  | { kind: 'fail'; input: number; message: string; code: unknown }
  | { kind: 'taken' };

export type FromChecker =
  | { kind: 'want'; input: number }
  | { kind: 'checked'; input: number; rows: RowSlice; issues: ImportIssue[]; rowsRead: number }
  | { kind: 'done' }
  | { kind: 'failed'; name: string; message: string };

/**
 * Checks the inputs in a thread of its own, so that parsing and checking (nearly half of a
 * market-scale import's time; CONTRIBUTING.md, Measurements behind the code) run on another core beside the writing of the rows already checked.
 * This thread keeps opening and reading the inputs (their streams cannot cross to a thread) and
 * sends their bytes as asked; the checked rows come back in input order, a slice at a time.
 */
export async function* checkInThread(
  inputs: readonly (CheckedInput & { open(): Readable })[],
  keys: ReferenceKeys,
  today: string,
  slice: number,
): AsyncGenerator<{ input: number; checked: CheckedSlice }> {
  const worker = startThread('check-worker', import.meta.url, {
    workerData: {
      inputs: inputs.map(({ name, type, format }) => ({ name, type, format })),
      keys,
      today,
      slice,
    },
  });
  const arrived: (FromChecker & { kind: 'checked' })[] = [];
  let ended: { error?: Error } | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  const send = (message: ToChecker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const reads = new Reads(inputs, send);
  worker.on('message', (message: FromChecker) => {
    if (message.kind === 'want') reads.next(message.input);
    else if (message.kind === 'checked') arrived.push(message);
    else if (message.kind === 'done') ended ??= {};
    else ended ??= { error: Object.assign(new Error(message.message), { name: message.name }) };
    signal();
  });
  worker.once('error', (error) => {
    ended ??= { error };
    signal();
  });
  worker.once('exit', (code) => {
    ended ??= { error: new Error(`the check thread stopped (exit code ${code}) before it was done`) };
    signal();
  });
  try {
    for (;;) {
      const message = arrived.shift();
      if (message) {
        send({ kind: 'taken' });
        const { input, rows, issues, rowsRead } = message;
        yield { input, checked: { rows, issues, rowsRead } };
      } else if (ended) {
        if (ended.error) throw ended.error;
        return;
      } else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    reads.close();
    await worker.terminate();
  }
}

/** Each input's stream, read a chunk at a time as the check thread asks for one. */
class Reads {
  private readonly opened = new Map<number, AsyncIterator<Buffer | string>>();
  private queue = Promise.resolve();

  constructor(
    private readonly inputs: readonly { open(): Readable }[],
    private readonly send: (message: ToChecker, transfer?: ArrayBuffer[]) => void,
  ) {}

  next(input: number): void {
    // One read at a time, so chunks go out in their order.
    this.queue = this.queue.then(() => this.read(input));
  }

  private async read(input: number): Promise<void> {
    let chunks = this.opened.get(input);
    if (!chunks) {
      chunks = (this.inputs[input]!.open() as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
      this.opened.set(input, chunks);
    }
    try {
      const { done, value } = await chunks.next();
      if (done) return this.send({ kind: 'end', input });
      // A copy of the chunk's own bytes (its buffer may be a shared pool), handed over without another.
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value);
      this.send({ kind: 'bytes', input, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      const { message, code } = error as Error & { code?: unknown };
      this.send({ kind: 'fail', input, message, code });
    }
  }

  close(): void {
    for (const chunks of this.opened.values()) void chunks.return?.();
  }
}
