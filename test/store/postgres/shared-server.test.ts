import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, newDatabaseUrl, onServer, onSqlite, openTestStore } from '../../helpers/store.js';

// Several services (or test files) may share one PostgreSQL server, each in a schema of its own. A
// migration must not depend on the other schemas: one dropped while it runs is none of its business.

const dir = mkdtempSync(join(tmpdir(), 'rates-shared-server-'));
const standing: string[] = [];
afterAll(async () => {
  for (const url of standing) await dropDatabase(url);
  rmSync(dir, { recursive: true, force: true });
});

/** A schema of another user of the server, with `tables` tables of a serial column. */
async function otherSchema(tables: number): Promise<string> {
  const url = await newDatabaseUrl(dir);
  await onServer(async (c) => {
    const ddl = Array.from({ length: tables }, (_, t) => `create table other_${t} (id serial primary key)`);
    await c.query(ddl.join(';'));
  }, url);
  return url;
}

/** Another user of the server: makes a schema and drops it, until told to stop. */
async function churn(stop: () => boolean): Promise<number> {
  let rounds = 0;
  for (; !stop(); rounds++) await dropDatabase(await otherSchema(2));
  return rounds;
}

describe.skipIf(onSqlite)('a store on a shared PostgreSQL server (PostgreSQL only)', () => {
  // Many tables elsewhere on the server make a listing of every schema's tables take a while.
  beforeAll(async () => {
    for (let i = 0; i < 8; i++) standing.push(await otherSchema(60));
  });

  it('migrates while other schemas on the server are made and dropped', async () => {
    let done = false;
    const others = [churn(() => done), churn(() => done)];
    const failures: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        await openTestStore(dir, `s${i}.db`).then(
          (store) => store.close(),
          (error: Error) => failures.push(error.message),
        );
      }
    } finally {
      done = true;
    }
    expect(await Promise.all(others)).not.toContain(0);
    expect(failures).toEqual([]);
  }, 120_000);
});
