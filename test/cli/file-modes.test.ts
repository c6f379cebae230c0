import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { onSqlite } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-modes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

// The database holds key hashes and usage: no other user of the machine may read it.
describe.runIf(onSqlite)(
  "data files are the owner's alone unless DATA_FILE_MODE says otherwise (SQLite only)",
  () => {
    it('creates the data folder 0700 and the database, its WAL files and backups 0600', async () => {
      const data = join(dir, 'default', 'data');
      await cli(['import', 'examples', '--create'], { DATA_DIR: data });
      expect(mode(data)).toBe(0o700);
      expect(mode(join(data, 'rates.db'))).toBe(0o600);
      for (const side of ['rates.db-wal', 'rates.db-shm'])
        if (existsSync(join(data, side))) expect(mode(join(data, side))).toBe(0o600);
      const backup = join(dir, 'default', 'backups', 'copy.db');
      await cli(['backup', backup], { DATA_DIR: data });
      expect(mode(backup)).toBe(0o600);
      const restored = join(dir, 'default', 'restored');
      await cli(['restore', backup], { DATA_DIR: restored });
      expect(mode(restored)).toBe(0o700);
      expect(mode(join(restored, 'rates.db'))).toBe(0o600);
    });

    it('uses the mode the operator sets, the folder searchable by whoever may read', async () => {
      const data = join(dir, 'shared', 'data');
      await cli(['migrate'], { DATA_DIR: data, DATA_FILE_MODE: '0640' });
      expect(mode(data)).toBe(0o750);
      expect(mode(join(data, 'rates.db'))).toBe(0o640);
    });

    it('refuses a mode that is not three octal digits', async () => {
      const result = await cli(['migrate'], { DATA_DIR: join(dir, 'bad'), DATA_FILE_MODE: '644x' }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(result).toMatchObject({ code: 1 });
      expect((result as { stderr: string }).stderr).toMatch(/DATA_FILE_MODE: .*got '644x'/);
      expect(existsSync(join(dir, 'bad'))).toBe(false);
    });
  },
);
