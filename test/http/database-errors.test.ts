import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyError, FastifyRequest } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/errors.js';
import { toApiError } from '../../src/http/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-db-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a request that met `error` is answered with. */
const answer = (error: unknown) => {
  const e = toApiError(error as FastifyError, {} as FastifyRequest);
  return { status: e.statusCode, message: e.message, retryAfter: e.headers['retry-after'] };
};
const caught = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
};

// The errors are real ones, from the drivers; only the way they arise is staged.
describe('database errors as answers', () => {
  it('a SQLite file that is not a database: 503 with Retry-After, as an unusable database', () => {
    const file = join(dir, 'not-a-db.sqlite');
    writeFileSync(file, 'this is not a database file, just text that is long enough to be read'.repeat(20));
    const error = caught(() => new SQLite(file).pragma('user_version'));
    expect(error).toMatchObject({ code: 'SQLITE_NOTADB' });
    expect(answer(error)).toEqual({ status: 503, message: MESSAGES.unavailable, retryAfter: '5' });
  });

  it("SQLite's write lock held by another process: 503 'busy', a moment's wait", () => {
    const file = join(dir, 'locked.sqlite');
    const holder = new SQLite(file);
    holder.exec('create table t (x); begin immediate');
    const other = new SQLite(file, { timeout: 0 });
    const error = caught(() => other.exec('insert into t values (1)'));
    holder.exec('rollback');
    expect(answer(error)).toEqual({ status: 503, message: MESSAGES.busy, retryAfter: '5' });
  });

  it('a PostgreSQL server that refuses connections: 503 with Retry-After', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => probe.once('listening', r));
    const { port } = probe.address() as { port: number };
    await new Promise((r) => probe.close(r));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    const error = await client.connect().then(
      () => new Error('connected'),
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(answer(error)).toEqual({ status: 503, message: MESSAGES.unavailable, retryAfter: '5' });
  });

  it('a bad query stays a 500: the database answered, the code was wrong', () => {
    const error = caught(() => new SQLite(':memory:').prepare('select * from missing_table'));
    expect(answer(error)).toEqual({ status: 500, message: MESSAGES.internal, retryAfter: undefined });
  });
});
