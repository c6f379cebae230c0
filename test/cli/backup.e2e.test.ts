import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshot, fundIds, writeBigPriceFile } from '../helpers/db-files.js';
import { cli, cliProcess } from '../helpers/cli.js';
import { onSqlite } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// On PostgreSQL, backups are pg_dump's job; `rates backup` says so (test/cli/backup-postgres.test.ts).
describe.runIf(onSqlite)('backup and restore of the SQLite file (SQLite only)', () => {
  it('a backup taken during a running import restores to a consistent database', async () => {
    const env = { DATA_DIR: join(dir, 'live') };
    await cli(['demo', '--until', '2014-03-31'], env);
    const live = join(dir, 'live', 'rates.db');
    const before = await snapshot(live);

    const file = join(dir, 'fund-prices-big.csv');
    writeBigPriceFile(file, await fundIds(live), 4500);

    const importing = cliProcess(['import', file], env);
    await new Promise<void>((resolve) =>
      importing.stderr!.on('data', (c: Buffer) => /rows read/.test(c.toString()) && resolve()),
    );
    const backupFile = join(dir, 'copy', 'backup.db');
    const backup = await cli(['backup', backupFile], env);
    expect(backup.stdout).toMatch(/integrity ok/);
    const [code] = await once(importing, 'exit');
    expect(code).toBe(0);

    // The copy holds the batches committed when it was taken: not the import still running then.
    expect(await snapshot(backupFile)).toEqual(before);
    const after = await snapshot(live);
    expect(after.rows).toBeGreaterThan(before.rows);

    const restored = { DATA_DIR: join(dir, 'restored') };
    const out = await cli(['restore', backupFile], restored);
    expect(out.stdout).toMatch(/^Restored /);
    expect(await snapshot(join(dir, 'restored', 'rates.db'))).toEqual(before);
    // Four CLI processes one after the other (demo, import, backup, restore): on a busy machine each
    // takes seconds to start, well past the suite's 30 s per test.
  }, 90_000);

  it('refuses to restore a file that is not a sound backup, touching nothing', async () => {
    const bad = join(dir, 'bad.db');
    writeFileSync(bad, 'garbage');
    const result = await cli(['restore', bad], { DATA_DIR: join(dir, 'live') }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain('Not restoring');
  });
});
