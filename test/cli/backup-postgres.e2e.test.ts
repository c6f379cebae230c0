import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { processEnv, testStore } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-pg-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(testStore === 'postgres')('backup and restore on PostgreSQL (PostgreSQL only)', () => {
  it('point to pg_dump and pg_restore instead of failing obscurely', async () => {
    const env = await processEnv(dir);
    for (const command of ['backup', 'restore']) {
      const result = await cli([command, join(dir, 'copy.db')], env).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(result).toMatchObject({ code: 1 });
      expect((result as { stderr: string }).stderr).toMatch(
        /^Error: backup and restore copy SQLite .*pg_dump/m,
      );
    }
  });
});
