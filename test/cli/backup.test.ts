import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.js';
import { cli, cliProcess } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function snapshot(file: string) {
  const store = openStore(file);
  try {
    const n = await store.db
      .selectFrom('fund_prices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const batches = await store.db
      .selectFrom('batches')
      .select('id')
      .where('status', '=', 'committed')
      .execute();
    const check = store.sqlite.pragma('integrity_check') as { integrity_check: string }[];
    return { rows: Number(n.n), batches: batches.length, integrity: check.map((c) => c.integrity_check) };
  } finally {
    await store.close();
  }
}

describe('backup and restore', () => {
  it('a backup taken during a running import restores to a consistent database', async () => {
    const env = { DATA_DIR: join(dir, 'live') };
    await cli(['demo', '--until', '2014-03-31'], env);
    const live = join(dir, 'live', 'rates.db');
    const before = await snapshot(live);

    const store = openStore(live);
    const funds = (await store.db.selectFrom('funds').select('id').execute()).map((f) => f.id);
    await store.close();
    const rows = ['fund,date,nav,offer,redemption'];
    for (let day = 0; day < 4500; day++) {
      const date = new Date(Date.UTC(2014, 3, 1) + day * 86_400_000).toISOString().slice(0, 10);
      for (const fund of funds) rows.push(`${fund},${date},10.${day % 97},11,9`);
    }
    const file = join(dir, 'fund-prices-big.csv');
    writeFileSync(file, rows.join('\n'));

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
  });

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
