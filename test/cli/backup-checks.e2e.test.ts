import {
  copyFileSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
  closeSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILE_MODE } from '../../src/store/data-files.js';
import { migrations } from '../../src/store/migrations/index.js';
import { restoreDatabase } from '../../src/store/restore.js';
import { cli, startServer } from '../helpers/cli.js';
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

/**
 * A sound backup as an older version made it: the migrations up to `last` only, then `extra` (an
 * operator's own SQL) on top.
 */
async function olderBackup(name: string, last: string, extra: string): Promise<string> {
  const file = join(dir, name);
  const sqlite = new SQLite(file);
  sqlite.pragma('page_size = 16384'); // as the service makes a database (src/store/db.ts)
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const older = Object.keys(migrations)
    .sort()
    .filter((m) => m <= last);
  const provider = { getMigrations: async () => Object.fromEntries(older.map((m) => [m, migrations[m]!])) };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error as Error;
  sqlite.exec(extra);
  await db.destroy();
  return file;
}

/**
 * A sound backup of an older version, whose next migration fails only when it runs: an operator's
 * trigger refuses the row 005_data_version adds. No check can tell before the copy.
 */
const failingOlderBackup = (name: string) =>
  olderBackup(
    name,
    '004_fund_price_dates',
    "create trigger settings_by_hand before insert on settings begin select raise(abort, 'settings are kept by hand'); end",
  );

/** The migrations a database has recorded. */
function recorded(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

describe.runIf(onSqlite)('restore replaces the data, checked, or fails saying why (SQLite only)', () => {
  beforeAll(async () => {
    await cli(['import', 'examples', '--create'], { DATA_DIR: join(dir, 'source') });
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

  it("refuses a backup holding a later migration's columns without its record, touching nothing", async () => {
    // The columns and table of 011_sync are there; its record (and any later one) is not: the restore
    // would run 011_sync again over its own columns, and fail.
    const file = brokenCopy('unrecorded.db', (db) =>
      db.exec("delete from kysely_migration where name >= '011_sync'"),
    );
    const before = await snapshot(liveFile);
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(
      /Not restoring .*unrecorded\.db: column fund_prices\.origin_id is there, but migration 011_sync, which adds it, is not recorded.*The database was not touched/,
    );
    expect(await snapshot(liveFile)).toEqual(before);
    expect(recorded(liveFile)).toEqual(Object.keys(migrations).sort());
  });

  it('puts the previous database back when a migration fails after the copy', async () => {
    // No check can tell before: the copy goes in, and comes out again.
    const file = await failingOlderBackup('older.db');
    const before = await snapshot(liveFile);
    const files = readdirSync(join(dir, 'live')).sort();
    const result = await cli(['restore', file], live).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(
      /Not restored: Migration 005_data_version failed: settings are kept by hand\. The previous database was put back/,
    );
    // Nothing left beside it: the copy of the previous database kept during the restore is gone.
    expect(readdirSync(join(dir, 'live')).sort()).toEqual(files);
    expect(await snapshot(liveFile)).toEqual(before);
    expect(recorded(liveFile)).toEqual(Object.keys(migrations).sort());
  });

  it('leaves no database where there was none when a migration fails after the copy', async () => {
    const file = await failingOlderBackup('older-again.db');
    const empty = { DATA_DIR: join(dir, 'empty') };
    const result = await cli(['restore', file], empty).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(/The previous database was put back/);
    expect(readdirSync(join(dir, 'empty'))).toEqual([]);
  });

  it('restores over a live file that is not a database, as the start-up message tells the operator to', async () => {
    const data = join(dir, 'corrupt');
    await cli(['demo', '--until', '2014-01-31'], { DATA_DIR: data });
    const file = join(data, 'rates.db');
    junkHeader(file);
    const start = await cli(['serve'], { DATA_DIR: data, PORT: '0' }).catch(failure);
    expect(start).toMatchObject({ code: 1 });
    expect((start as { stderr: string }).stderr).toContain("restore a backup with 'rates restore <file>'");

    const out = await cli(['restore', backupFile], { DATA_DIR: data });
    expect(out.stdout).toMatch(/^Restored /);
    expect(await snapshot(file)).toEqual(await snapshot(backupFile));
    // Nothing left beside it: the unusable file kept aside during the restore is gone.
    expect(readdirSync(data).filter((f) => f.includes('before-restore'))).toEqual([]);
    const server = await startServer({ DATA_DIR: data });
    server.child.kill();
  }, 90_000);

  it('puts the unusable file back, byte for byte, when the restore over it fails', async () => {
    const data = join(dir, 'corrupt-again');
    await cli(['demo', '--until', '2014-01-31'], { DATA_DIR: data });
    const file = join(data, 'rates.db');
    junkHeader(file);
    const bytes = readFileSync(file);
    const result = await cli(['restore', await failingOlderBackup('older-corrupt.db')], {
      DATA_DIR: data,
    }).catch(failure);
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toMatch(/The previous database was put back/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(data).filter((f) => f.includes('before-restore'))).toEqual([]);
  }, 90_000);

  // The backup is checked (checkBackupFile), then opened: it may be gone, or no longer open, by then.
  it.each([
    ['no database', (_file: string) => undefined],
    ['a database', (file: string) => copyFileSync(backupFile, file)],
    [
      'a file that is not a database',
      (file: string) => {
        copyFileSync(backupFile, file);
        junkHeader(file);
      },
    ],
  ])('leaves %s as it was when the backup cannot be opened', async (_what, make) => {
    const data = mkdtempSync(join(dir, 'gone-'));
    const target = join(data, 'rates.db');
    make(target);
    const files = readdirSync(data).sort();
    const bytes = files.length > 0 ? readFileSync(target) : undefined;
    await expect(restoreDatabase(join(dir, 'gone.db'), target, DEFAULT_FILE_MODE)).rejects.toThrow();
    // Nothing beside it either: no copy of it kept aside, no file made for the copy.
    expect(readdirSync(data).sort()).toEqual(files);
    if (bytes) expect(readFileSync(target).equals(bytes)).toBe(true);
  });

  it('restores a backup with 4 KB pages over a 16 KB database in WAL mode', async () => {
    // A database made before the service chose 16 KB pages, and a backup of it taken by the CLI.
    const old = join(dir, 'old-pages');
    mkdirSync(old);
    const made = new SQLite(join(old, 'rates.db'));
    made.pragma('page_size = 4096');
    made.exec('create table first (x); drop table first');
    made.close();
    await cli(['import', 'examples', '--create'], { DATA_DIR: old });
    const file = join(dir, 'old-pages.db');
    await cli(['backup', file], { DATA_DIR: old });
    expect(pragma(file, 'page_size')).toBe(4096);

    const data = join(dir, 'wal-16k');
    await cli(['demo', '--until', '2014-01-31'], { DATA_DIR: data });
    const target = join(data, 'rates.db');
    expect([pragma(target, 'page_size'), pragma(target, 'journal_mode')]).toEqual([16384, 'wal']);
    // Changing the page size needs the database to itself: while another process has it open (a
    // server), the restore is refused and nothing changes.
    const before = await snapshot(target);
    const reader = new SQLite(target, { readonly: true });
    reader.prepare('select count(*) from funds').get(); // as a server does: it has the file open from then on
    let busy;
    try {
      busy = await cli(['restore', file], { DATA_DIR: data }).catch(failure);
    } finally {
      reader.close();
    }
    expect(busy).toMatchObject({ code: 1 });
    expect((busy as { stderr: string }).stderr).toMatch(
      /Not restored: another process has .*rates\.db open, and the backup's pages are of another size \(4096 bytes, not 16384\).*the database was not touched/,
    );
    expect(await snapshot(target)).toEqual(before);
    expect(pragma(target, 'page_size')).toBe(16384);
    const out = await cli(['restore', file], { DATA_DIR: data });
    expect(out.stdout).toMatch(/^Restored /);
    expect(await snapshot(target)).toEqual(await snapshot(file));
    expect(pragma(target, 'journal_mode')).toBe('wal');
  }, 90_000);
});

/** Overwrites the first 100 bytes (SQLite's header) with junk, as a bad disk or a stray write would. */
function junkHeader(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(100, 'junk'), 0, 100, 0);
  } finally {
    closeSync(fd);
  }
}

function pragma(file: string, name: string): unknown {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.pragma(name, { simple: true });
  } finally {
    db.close();
  }
}
