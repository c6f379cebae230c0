import type { Worker } from 'node:worker_threads';
import { pino, type Logger } from 'pino';
import { startThread } from '../thread.js';
import { LineRing } from './line-ring.js';
import { loggerOptions, packCallLine, unpackCallLines, writeCallLine, type LoggedCall } from './log-line.js';

/** Room for the lines the log thread has not taken yet (about 40,000 lines of 100 characters). */
const RING_BYTES = 8 * 1024 * 1024;

/** Where formatted lines go: the app's log stream (stdout's, or a test's). */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * The request log: each answered call's line is formatted (pino, with loggerOptions) and written in a
 * thread of its own, so a call costs its event loop a copy of a few fields into shared memory, not
 * pino's formatting nor a message to another thread. The log thread takes the lines from the ring
 * every few milliseconds and sends them back as one text, which is written to the app's stream.
 *
 * Nothing is lost: when the process exits, the lines whose text has not come back are formatted and
 * written here, by the same rule. A line the ring has no room for (the thread far behind) is written
 * here at once, ahead of the lines still in the ring; each line carries the time of its call.
 */
export class CallLog {
  private readonly ring: LineRing;
  /** How far the lines in the ring are written to the sink (a ring position). */
  private done = 0;
  private closed = false;
  /** Formats lines in this thread when the process exits or the log thread is not there. */
  private readonly here: Logger;
  private readonly id = nextId++;

  constructor(
    private readonly sink: LineSink,
    ringBytes = RING_BYTES,
  ) {
    this.here = pino(loggerOptions('info'), sink);
    this.ring = new LineRing(ringBytes);
    logs.set(this.id, this);
    logThread()?.postMessage({ add: this.id, ring: this.ring.shared });
  }

  /** Queues the line of a call answered now (`time`: when it was answered, now unless given). */
  write(call: LoggedCall, reqId: string, time = Date.now()): void {
    const line = packCallLine(call, reqId, time);
    if (!thread || !this.ring.write(line, this.done)) this.writeHere(line);
  }

  /** Asks the thread to take what the ring holds now, without waiting for its next look. */
  flush(): void {
    thread?.worker.postMessage({ take: this.id });
  }

  /** The thread's text for the ring's lines up to `upTo`. */
  receive(text: string, upTo: number): void {
    // A text for lines already written here (at a failure of the thread) is not written twice.
    if (((upTo - this.done) | 0) <= 0) return;
    this.sink.write(text);
    this.done = upTo;
    if (this.closed) this.forgetIfDone();
  }

  /** Writes every line not written yet, in this thread (the process is exiting, or the thread failed). */
  writeAllHere(): void {
    const head = this.ring.written();
    this.writeHere(this.ring.read(this.done, head));
    this.done = head;
  }

  /**
   * The app is closing: the thread takes the lines now. The process may exit before it sends them
   * back, so the log stays among those written out at exit until its last line is written.
   */
  close(): void {
    this.closed = true;
    this.flush();
    this.forgetIfDone();
  }

  private forgetIfDone(): void {
    if (!thread || this.done === this.ring.written()) {
      logs.delete(this.id);
      thread?.worker.postMessage({ remove: this.id });
    }
  }

  private writeHere(packed: string): void {
    for (const line of unpackCallLines(packed)) writeCallLine(this.here, line);
  }
}

let nextId = 0;
/** The call logs of this process (one per app; tests make many), written out when it exits. */
const logs = new Map<number, CallLog>();
// Before any other exit listener, so the service's batched stdout (log-destination.ts) still takes them.
process.prependListener('exit', () => {
  for (const log of logs.values()) log.writeAllHere();
});

/** The log thread, one per process, started with the first call log; gone for good if it failed. */
let thread: { worker: Worker } | undefined;
let failed = false;

function logThread(): Worker | undefined {
  if (!thread && !failed) thread = { worker: startLogThread() };
  return thread?.worker;
}

function startLogThread(): Worker {
  const worker = startThread('call-log-worker', import.meta.url);
  // The thread never keeps the process alive: at exit, what it still has is written here.
  worker.unref();
  worker.on('message', ({ id, text, upTo }: { id: number; text: string; upTo: number }) => {
    logs.get(id)?.receive(text, upTo);
  });
  const stop = () => {
    if (failed) return;
    failed = true;
    thread = undefined;
    // From now on each log formats its lines itself.
    for (const log of logs.values()) log.writeAllHere();
  };
  worker.on('error', stop);
  worker.on('exit', stop);
  return worker;
}
