import { Writable } from 'node:stream';

/** One line of the request log, as the tests read it. */
export interface LogRecord {
  reqId?: string;
  msg?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/** A log stream for an app that keeps its lines, and the lines parsed. */
export function captureLog(): { stream: Writable; lines: string[]; records: () => LogRecord[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, records: () => lines.map((l) => JSON.parse(l) as LogRecord) };
}
