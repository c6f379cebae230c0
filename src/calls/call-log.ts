import { pino, type Logger } from 'pino';
import { loggerOptions, writeCallLine, type LoggedCall } from './log-line.js';

/** Where formatted lines go: the app's log stream (stdout's, or a test's). */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * The request log: each answered call's line, formatted with pino (loggerOptions) as the call ends
 * and written to the app's stream, which gathers lines into blocks and writes them without blocking
 * (http/log-destination.ts), also at exit.
 *
 * Formatted here, on the call's event loop. A thread of its own formatted them before (b95d07c), so a
 * call cost its loop a push onto a list; but handing lines over (structured clone, 0.6 µs a line)
 * and back cost more CPU than the formatting it moved (pino: 0.9 µs a line), and the thread took
 * that CPU from the calls' own cores: against ec0114e (npm run bench, alternating, 8 small cached
 * operations) 83-89 % of its calls per second with the thread, 90-94 % formatting here.
 */
export class CallLog {
  private readonly logger: Logger;

  constructor(sink: LineSink) {
    this.logger = pino(loggerOptions('info'), sink);
  }

  /** Writes the line of a call answered now. */
  write(call: LoggedCall, reqId: string): void {
    writeCallLine(this.logger, call, reqId);
  }
}
