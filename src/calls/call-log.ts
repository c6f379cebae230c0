import type { Worker } from 'node:worker_threads';
import { pino, type Logger } from 'pino';
import { startThread } from '../thread.js';
import { loggerOptions, writeCallLine, type CallLine, type LoggedCall } from './log-line.js';

/** Lines handed to the log thread at once, and how long the first of them waits for the rest. */
const BATCH = 256;
const DELAY_MS = 50;

/** Where formatted lines go: the app's log stream (stdout's, or a test's). */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * The request log: each answered call's line is formatted (pino, with loggerOptions) and written in a
 * thread of its own, so a call costs its event loop a push onto a list, not pino's formatting (about
 * a sixth of a cached answer's CPU). Lines go over in batches; the thread sends each batch back as one
 * text, which is written to the app's stream. Nothing is lost on the way out: when the process exits,
 * the lines not yet written back are formatted and written here, by the same rule.
 */
export class CallLog {
  private pending: CallLine[] = [];
  /** Batches with the thread, by id, until their text is written. */
  private readonly inFlight = new Map<number, CallLine[]>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Formats lines in this thread when the process exits or the log thread fails. */
  private readonly here: Logger;

  constructor(private readonly sink: LineSink) {
    this.here = pino(loggerOptions('info'), sink);
    logs.add(this);
  }

  /** Queues the line of a call answered now (`time`: when it was answered, now unless given). */
  write(call: LoggedCall, reqId: string, time = Date.now()): void {
    const { method, url, ip, statusCode, responseTime } = call;
    this.pending.push({ method, url, ip, statusCode, responseTime, reqId, time });
    if (this.pending.length >= BATCH) this.send();
    else this.timer ??= setTimeout(() => this.send(), DELAY_MS).unref();
  }

  /** Sends what is pending now; the lines arrive in the stream when the thread has formatted them. */
  send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    const id = formatInThread(lines, (text) => {
      this.inFlight.delete(id);
      if (text === undefined) this.writeHere(lines);
      else this.sink.write(text);
      if (this.closed && this.inFlight.size === 0) logs.delete(this);
    });
    this.inFlight.set(id, lines);
  }

  /** Writes every line not written yet, in this thread (the process is exiting). */
  writeAllHere(): void {
    for (const lines of this.inFlight.values()) this.writeHere(lines);
    this.inFlight.clear();
    this.writeHere(this.pending);
    this.pending = [];
  }

  /**
   * The app is closing: what is pending goes now. The process may exit before the thread sends it
   * back, so the log stays among those written out at exit until its last batch is written.
   */
  close(): void {
    this.closed = true;
    this.send();
    if (this.inFlight.size === 0) logs.delete(this);
  }

  private writeHere(lines: CallLine[]): void {
    for (const line of lines) writeCallLine(this.here, line);
  }
}

/** The call logs of this process (one per app; tests make many), written out when it exits. */
const logs = new Set<CallLog>();
// Before any other exit listener, so the service's batched stdout (log-destination.ts) still takes them.
process.prependListener('exit', () => {
  for (const log of logs) log.writeAllHere();
});

/** The log thread, one per process, started with the first batch. */
let thread: { worker: Worker; next: number; waiting: Map<number, (text?: string) => void> } | undefined;

/** Formats `lines` in the log thread; `done` gets their text, or nothing if the thread failed. */
function formatInThread(lines: CallLine[], done: (text?: string) => void): number {
  thread ??= startLogThread();
  const id = thread.next++;
  thread.waiting.set(id, done);
  thread.worker.postMessage({ id, lines });
  return id;
}

function startLogThread(): NonNullable<typeof thread> {
  const worker = startThread('call-log-worker', import.meta.url);
  // The thread never keeps the process alive: at exit, what it still has is written here.
  worker.unref();
  const started = { worker, next: 0, waiting: new Map<number, (text?: string) => void>() };
  worker.on('message', ({ id, text }: { id: number; text: string }) => {
    started.waiting.get(id)?.(text);
    started.waiting.delete(id);
  });
  const failed = () => {
    if (thread === started) thread = undefined;
    for (const done of started.waiting.values()) done();
    started.waiting.clear();
  };
  worker.on('error', failed);
  worker.on('exit', failed);
  return started;
}
