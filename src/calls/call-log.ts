import { pino, type Logger } from 'pino';
import { callLineTemplate, loggerOptions, writeCallLine, type LoggedCall } from './log-line.js';

/** Where formatted lines go: the app's log stream (stdout's, or a test's). */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * The request log: each answered call's line, formatted as the call ends (by callLineTemplate, or by
 * pino with loggerOptions for a line the template leaves to it: the same bytes either way) and
 * written to the app's stream, which gathers lines into blocks and writes them without blocking
 * (http/log-destination.ts), also at exit.
 *
 * Formatted here, on the call's event loop. A thread of its own formatted them before (b95d07c), so a
 * call cost its loop a push onto a list; but handing lines over (a structured clone) and back cost
 * more CPU than the formatting it moved, and the thread took that CPU from the calls' own cores
 * (measured: CONTRIBUTING.md, Measurements behind the code).
 */
export class CallLog {
  private readonly logger: Logger;
  private readonly template: ReturnType<typeof callLineTemplate>;

  constructor(private readonly sink: LineSink) {
    const options = loggerOptions('info');
    this.logger = pino(options, sink);
    // A stream that asks pino for each line's level (pino's documented 'pino.metadata', as a multistream
    // does) gets every line from pino.
    const wantsMetadata = (sink as unknown as Record<symbol, unknown>)[Symbol.for('pino.metadata')] === true;
    this.template = wantsMetadata ? undefined : callLineTemplate(options);
  }

  /** Writes the line of a call answered now: by the template when it can, else by pino. */
  write(call: LoggedCall, reqId: string): void {
    const line = this.template?.(call, reqId);
    if (line === undefined) writeCallLine(this.logger, call, reqId);
    else this.sink.write(line);
  }
}
