import { Writable } from 'node:stream';
import { vi } from 'vitest';

/** One line of the request log, as the tests read it. */
export interface LogRecord {
  reqId?: string;
  msg?: string;
  level?: number;
  time?: number;
  req?: { url: string };
  res?: { statusCode: number };
}

/** A log stream for an app that keeps its lines, and the lines parsed. */
export function captureLog(): {
  stream: Writable;
  lines: string[];
  records: () => LogRecord[];
  recordsFor: (ids: unknown[]) => Promise<LogRecord[]>;
} {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const records = () => lines.map((l) => JSON.parse(l) as LogRecord);
  /**
   * The records, once every one of these request ids has its line: a call's line is written as the
   * call ends, which may be moments after its client has the answer.
   */
  const recordsFor = async (ids: unknown[]) => {
    await vi.waitFor(
      () => {
        const named = new Set(records().map((r) => r.reqId));
        const missing = ids.filter((id) => typeof id !== 'string' || !named.has(id));
        if (missing.length > 0) throw new Error(`no log line yet for ${missing.join(', ')}`);
      },
      { timeout: 10_000, interval: 20 },
    );
    return records();
  };
  return { stream, lines, records, recordsFor };
}
