import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { snapshot } from '../helpers/db-files.js';
import { onSqlite } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-restore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = (e: { code: number; stdout: string; stderr: string }) => e;

/** A backup of a database holding the examples: a small, complete dataset. */
const backupFile = join(dir, 'good.db');
const live = { DATA_DIR: join(dir, 'live') };
const liveFile = join(dir, 'live', 'rates.db');

/** A copy of the good backup, broken by `damage` (with foreign keys off, as a hand edit would be). */
function brokenCopy(name: string, damage: (db: SQLite.Database) => void): string {
  const file = join(dir, name);
  copyFileSync(backupFile, file);
  const db = new SQLite(file);
  db.pragma('foreign_keys = OFF');
  damage(db);
  db.close();
  return file;
}

describe.runIf(onSqlite)('restore replaces the data, checked, or fails saying why (SQLite only)', () => {
  beforeAll(async () => {
    await cli(['import', 'examples'], { DATA_DIR: join(dir, 'source') });
    await cli(['backup', backupFile], { DATA_DIR: join(dir, 'source') });
    // The live database has other data: the demo's first month.
    await cli(['demo', '--until', '2014-01-31'], live);
  }, 120_000);

  it('replaces a database that has other data', async () => {
    const target = { DATA_DIR: join(dir, 'other') };
    await cli(['demo', '--until', '2014-01-31'], target);
    const out = await cli(['restore', backupFile], target);
    expect(out.stdout).toMatch(/^Restored /);
    expect(await snapshot(join(dir, 'other', 'rates.db'))).toEqual(await snapshot(backupFile));
  });

  it('fails, touching nothing, while another process holds the write lock', async () => {
    const before = await snapshot(liveFile);
    const holder = new SQLite(liveFile);
    holder.exec('BEGIN IMMEDIATE');
    let result;
    try {
      result = await cli(['restore', backupFile], live).catch(failure);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(result).toMatchObject({ code: 1 });
    const { stderr } = result as { stderr: string };
    expect(stderr).toMatch(/Not restored: another process is writing to .*the database was not touched/);
    expect(stderr).toMatch(/stop the server and any import, then run the restore again/);
    expect(await snapshot(liveFile)).toEqual(before);
  });

  it('refuses a backup with a table missing, touching nothing', async () => {
    const file = brokenCopy('dropped.db', (db) => db.exec('drop table fx_rates'));
    const before = await snapshot(liveFile);
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(
      /Not restoring .*dropped\.db: .*table fx_rates is missing.*The database was not touched/,
    );
    expect(await snapshot(liveFile)).toEqual(before);
  });

  it('refuses a backup with a column missing', async () => {
    const file = brokenCopy('column.db', (db) => db.exec('alter table funds drop column factsheet_url'));
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(/column funds\.factsheet_url is missing/);
  });

  it('refuses a backup whose rows break its foreign keys, counting them', async () => {
    const file = brokenCopy('orphans.db', (db) => {
      db.exec('delete from batches');
    });
    const before = await snapshot(liveFile);
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(
      /Not restoring .*orphans\.db: [0-9,]+ rows refer to rows that do not exist \(first: [a-z_]+ row [0-9]+ refers to batches\)/,
    );
    expect(await snapshot(liveFile)).toEqual(before);
  });

  it('refuses a backup with a migration record missing', async () => {
    const file = brokenCopy('gap.db', (db) =>
      db.exec("delete from kysely_migration where name = '002_admin_tokens'"),
    );
    const before = await snapshot(liveFile);
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(/migration 002_admin_tokens is not recorded/);
    expect(await snapshot(liveFile)).toEqual(before);
  });
});
