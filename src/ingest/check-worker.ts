import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { ReferenceKeys } from '../data-types/references.js';
import { encodeRows } from '../store/row-slice.js';
import { newRowContext } from '../data-types/row-context.js';
import { checkInput, gathered, type CheckedBatch } from './check.js';
import type { ToChecker, FromChecker, CheckedInput } from './check-thread.js';

/**
 * The check thread of a large import (see check-thread.ts): reads each input's bytes as the writing
 * thread sends them, checks its rows and sends them back a slice at a time. It sends at most AHEAD
 * slices the writer has not yet taken, so a writer slower than the checks holds memory down.
 */
const { inputs, keys, today, slice } = workerData as {
  inputs: CheckedInput[];
  keys: ReferenceKeys;
  today: string;
  slice: number;
};
const AHEAD = 3;
/**
 * Chunks of an input asked for at a time. The writing thread answers an ask only between two slices
 * it writes, so one ask at a time left this thread waiting for bytes, and the writer for rows (measured:
 * CONTRIBUTING.md, Measurements behind the code); with a few asked ahead, a chunk is always waiting.
 */
const ASKED_AHEAD = 4;
const port = parentPort!;
const send = (message: FromChecker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Each input being read: its stream, and the chunks asked for and not yet come. */
const streams = new Map<number, { stream: Readable; asked: number }>();
let unanswered = 0;
let taken: (() => void) | undefined;

port.on('message', (message: ToChecker) => {
  if (message.kind === 'taken') {
    unanswered--;
    taken?.();
    taken = undefined;
    return;
  }
  const reading = streams.get(message.input);
  if (!reading) return;
  reading.asked--;
  const { stream } = reading;
  if (message.kind === 'bytes')
    stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  else {
    // The end, or a failure, answers one of the asks still out; what answers the others is ignored.
    streams.delete(message.input);
    if (message.kind === 'end') stream.push(null);
    else stream.destroy(Object.assign(new Error(message.message), { code: message.code }));
  }
});

/** The input's bytes, asked of the writing thread ASKED_AHEAD chunks at a time as the parser reads them. */
function bytesOf(input: number): Readable {
  const reading = {
    asked: 0,
    stream: new Readable({
      highWaterMark: 1 << 20,
      read: () => {
        for (; reading.asked < ASKED_AHEAD; reading.asked++) send({ kind: 'want', input });
      },
    }),
  };
  streams.set(input, reading);
  return reading.stream;
}

async function post(input: number, checked: CheckedBatch): Promise<void> {
  while (unanswered >= AHEAD) await new Promise<void>((resolve) => (taken = resolve));
  unanswered++;
  const { slice: rows, transfer } = encodeRows(checked.rows as Record<string, unknown>[]);
  send({ kind: 'checked', input, rows, issues: checked.issues, rowsRead: checked.rowsRead }, transfer);
}

try {
  const ctx = newRowContext(keys, today);
  for (const [index, input] of inputs.entries())
    for await (const checked of gathered(checkInput(input, bytesOf(index), ctx), slice))
      await post(index, checked);
  send({ kind: 'done' });
} catch (error) {
  const { name, message } = error as Error;
  send({ kind: 'failed', name, message });
}
