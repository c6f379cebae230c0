import { once } from 'node:events';
import type pg from 'pg';
import { createRequire } from 'node:module';
import type * as PgCopyStreams from 'pg-copy-streams';
import type { CopyStreamQuery } from 'pg-copy-streams';
import type { Row } from '../versioned-tables.js';

/** pg-copy-streams, loaded with the first COPY: a process on SQLite never loads it. */
function copyStreams(): typeof PgCopyStreams {
  return createRequire(import.meta.url)('pg-copy-streams') as typeof PgCopyStreams;
}

/** A value in COPY's text format: `\N` for null, and backslash escapes for the separators. */
export function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
}

/** Rows as COPY text, in bytes (outside the JavaScript heap, whose live size sets how far it grows). */
export interface CopyBlock {
  data: Buffer;
  bytes: number;
  rows: number;
}

/** Characters per block: one write per row would cost more than the row. */
const BLOCK = 64 * 1024;

/**
 * Rows as lines of COPY text (the `columns`, then `last` on every line), a block at a time. Lines are
 * joined once per block: a string grown by `+=` is a rope of every piece, several times the size of
 * its text, for as long as the block waits to be sent.
 */
export function* copyBlocks(rows: Row[], columns: readonly string[], last: string): Generator<CopyBlock> {
  const end = `${last}\n`;
  let lines: string[] = [];
  let size = 0;
  const block = (): CopyBlock => {
    const data = Buffer.from(lines.join(''));
    return { data, bytes: data.length, rows: lines.length };
  };
  for (const row of rows) {
    let line = '';
    for (const c of columns) line += `${copyText(row[c])}\t`;
    line += end;
    lines.push(line);
    size += line.length;
    if (size >= BLOCK) {
      yield block();
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) yield block();
}

/**
 * One `COPY ... FROM STDIN` on a client, fed blocks of COPY text. `send` returns as soon as the socket
 * has taken the block, so the caller makes the next block while the server works through this one,
 * and at most one block waits in this process.
 */
export class CopyIn {
  private readonly stream: CopyStreamQuery;
  /** Settles once the server has taken every row (after `end`), or refused them. */
  private readonly done: Promise<void>;
  private state: 'open' | 'ending' | 'failed' = 'open';

  constructor(client: pg.ClientBase, statement: string) {
    this.stream = client.query(copyStreams().from(statement));
    this.done = new Promise((resolve, reject) => {
      this.stream.once('finish', resolve);
      this.stream.once('error', (error) => {
        this.state = 'failed';
        reject(error);
      });
    });
    // Seen by the next send or end; a refusal nobody waits for must not end the process.
    this.done.catch(() => undefined);
  }

  async send(data: Buffer): Promise<void> {
    // After the server's refusal the stream has let go of the connection: writing again would throw
    // inside pg-copy-streams, outside any caller.
    if (this.state === 'failed') return this.done;
    if (this.stream.write(data)) return;
    await Promise.race([once(this.stream, 'drain'), this.done]);
  }

  /** Ends the data; resolves when the server has stored every row. */
  async end(): Promise<void> {
    if (this.state === 'open') {
      this.state = 'ending';
      this.stream.end();
    }
    return this.done;
  }

  /** Makes the server drop the rows sent so far (CopyFail), so the client can roll back. */
  async abort(): Promise<void> {
    if (this.state === 'open') {
      this.state = 'failed';
      this.stream.destroy(new Error('COPY abandoned: the batch is rolled back'));
    }
    await this.done.catch(() => undefined);
  }
}

/** What holds a batch's client: a writer with a COPY open, which anything else must pause first. */
export interface CopyHolder {
  pause(): Promise<void>;
}

/**
 * Turns on a batch's one client. A COPY in progress is the only conversation a connection can have,
 * so a writer keeps its COPY open across writes only until someone else needs the client.
 */
export class ClientTurns {
  private holder: CopyHolder | undefined;

  async take(next?: CopyHolder): Promise<void> {
    const holder = this.holder;
    this.holder = next;
    if (holder && holder !== next) await holder.pause();
  }
}
