import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, newDatabaseUrl, onServer, onSqlite, openTestStore } from '../../helpers/store.js';

// Several services (or test files) may share one PostgreSQL server, each in a schema of its own. A
// migration must not depend on the other schemas: one dropped while it runs is none of its business.

const dir = mkdtempSync(join(tmpdir(), 'rates-shared-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another user of the server: makes a schema with a few tables and drops it, until told to stop. */
async function churn(stop: () => boolean): Promise<number> {
  let rounds = 0;
  while (!stop()) {
    const url = await newDatabaseUrl(dir);
    await onServer(async (c) => {
      for (let t = 0; t < 40; t++)
        await c.query(`create table other_${t} (id serial primary key, note text)`);
    }, url);
    await dropDatabase(url);
    rounds += 1;
  }
  return rounds;
}

describe.skipIf(onSqlite)('a store on a shared PostgreSQL server (PostgreSQL only)', () => {
  it('migrates while other schemas on the server are made and dropped', async () => {
    let done = false;
    const others = [churn(() => done), churn(() => done)];
    const failures: string[] = [];
    try {
      for (let i = 0; i < 40; i++) {
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
  });
});
