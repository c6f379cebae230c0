import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, fundIds, writeBigPriceFile } from '../helpers/db-files.js';
import { cli } from '../helpers/cli.js';
import { fillDisk } from '../helpers/disk.js';
import { onSqlite } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-faults-'));
const root = process.getuid?.() === 0;
let tinyDisk: string | undefined;

beforeAll(() => {
  // A 24 MB disk to fill up; needs root (mount). Without it that test says so in its name and skips.
  if (!root) return;
  const mountPoint = join(dir, 'tiny');
  mkdirSync(mountPoint);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24M', 'tmpfs', mountPoint]);
  if (mounted.status === 0) tinyDisk = mountPoint;
});
afterAll(() => {
  if (tinyDisk) spawnSync('umount', [tinyDisk]);
  rmSync(dir, { recursive: true, force: true });
});

const fail = (args: string[], env: Record<string, string>) =>
  cli(args, env).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => e,
  );

describe.runIf(onSqlite)('storage faults of the SQLite file and its disk (SQLite only)', () => {
  it('a corrupt database file at start: a clear message and exit 1, nothing served', async () => {
    const data = join(dir, 'corrupt');
    mkdirSync(data);
    writeFileSync(join(data, 'rates.db'), 'this is not a database'.repeat(300));
    const result = await fail(['serve'], { DATA_DIR: data, PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(data, 'rates.db')} is not a SQLite database`);
    expect(result.stderr).toContain("restore a backup with 'rates restore <file>'");
  });

  it('a database folder that cannot be made: a clear message', async () => {
    writeFileSync(join(dir, 'file-not-folder'), 'a file where a folder should be');
    const result = await fail(['migrate'], {
      DATABASE_URL: `sqlite:${join(dir, 'file-not-folder', 'x', 'rates.db')}`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Cannot create the database folder .*file-not-folder\/x: .*Check DATA_DIR or DATABASE_URL/,
    );
  });

  it.skipIf(!root)(
    'an import onto a read-only database fails cleanly, data unchanged (runs as root only: it switches to another user)',
    async () => {
      const data = join(dir, 'readonly');
      await cli(['demo', '--until', '2014-01-31'], { DATA_DIR: data });
      chmodSync(dir, 0o755); // mkdtemp makes it owner-only; the other user must reach the folder
      chmodSync(data, 0o755);
      chmodSync(join(data, 'rates.db'), 0o644);
      const before = await snapshot(join(data, 'rates.db'));
      const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
      const run = spawnSync(
        tsx,
        [join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts'), 'import', 'examples'],
        {
          uid: 65534,
          gid: 65534,
          cwd: join(import.meta.dirname, '..', '..'),
          env: { ...process.env, DATA_DIR: data, HOME: tmpdir() },
          encoding: 'utf8',
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`The database ${join(data, 'rates.db')} is read-only for this process`);
      expect(await snapshot(join(data, 'rates.db'))).toEqual(before);
    },
  );

  it.skipIf(!root)(
    'a full disk during an import: a clear message, no batch half-applied (runs as root only: it mounts a small disk)',
    async () => {
      expect(tinyDisk).toBeDefined();
      const data = join(tinyDisk!, 'data');
      await cli(['demo', '--until', '2014-01-31'], { DATA_DIR: data });
      const db = join(data, 'rates.db');
      const before = await snapshot(db);
      const file = join(dir, 'fund-prices-big.csv');
      writeBigPriceFile(file, await fundIds(db), 3000); // about 360,000 rows: more than the disk holds
      const result = await fail(['import', file], { DATA_DIR: data });
      expect(result.code).toBe(1);
      expect(result.stderr, result.stderr.slice(-400)).toContain(`The disk holding ${db} is full`);
      expect(await snapshot(db)).toEqual(before);
    },
  );

  it.skipIf(!root)(
    'a backup onto a full disk: a clear message, and no file left that could pass for a backup (runs as root only: it mounts a small disk)',
    async () => {
      expect(tinyDisk).toBeDefined();
      const source = { DATA_DIR: join(dir, 'backup-source') };
      await cli(['demo', '--until', '2014-01-31'], source);
      const folder = join(tinyDisk!, 'backups');
      mkdirSync(folder);
      // Room for the backup's first pages, not for the whole of it.
      const filler = fillDisk(tinyDisk!, 256 * 1024);
      try {
        const file = join(folder, 'rates-backup.db');
        const result = await fail(['backup', file], source);
        expect(result.code).toBe(1);
        expect(readdirSync(folder)).toEqual([]);
        expect(result.stderr).toContain(`No backup made: the disk holding ${file} is full`);
      } finally {
        rmSync(filler);
      }
    },
  );
});
