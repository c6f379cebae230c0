import type * as fs from 'node:fs';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILE_MODE } from '../../src/store/data-files.js';
import { restoreDatabase, RestoreFailedError } from '../../src/store/restore.js';
import { onSqlite } from '../helpers/store.js';

// A disk that fails the one rename putting the previous file back (an I/O error): no real disk can be
// made to fail just there, so the restore's `rename` is the one faulty call, and all else is real.
const fault = vi.hoisted(() => ({ putBack: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const renameSync: typeof real.renameSync = (from, to) => {
    if (fault.putBack && String(from).endsWith('.before-restore'))
      throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}'`), { code: 'EIO' });
    real.renameSync(from, to);
  };
  return { ...real, default: { ...real, renameSync }, renameSync };
});

const dir = mkdtempSync(join(tmpdir(), 'rates-restore-put-back-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(onSqlite)('a restore whose copy fails and whose putting back fails too (SQLite only)', () => {
  it('keeps the copy’s own error and says where the previous database file was left', async () => {
    // The live file is not a database (what the start-up error sends the operator to restore over):
    // it is moved aside as it is. The copy then fails (the file given is not a database either).
    const data = mkdtempSync(join(dir, 'data-'));
    const target = join(data, 'rates.db');
    writeFileSync(target, Buffer.alloc(64 * 1024, 'not a database '));
    const bytes = readFileSync(target);
    const backup = join(dir, 'junk.db');
    copyFileSync(target, backup);

    fault.putBack = true;
    let error: unknown;
    try {
      await restoreDatabase(backup, target, DEFAULT_FILE_MODE);
    } catch (thrown) {
      error = thrown;
    } finally {
      fault.putBack = false;
    }
    expect(error).toBeInstanceOf(RestoreFailedError);
    const failed = error as RestoreFailedError;
    // Why the restore failed, not why putting back failed (that comes with where the file is).
    expect(failed.message).toMatch(/not a database/);
    expect(failed.kept).toMatchObject({ asIs: true, error: { message: expect.stringMatching(/EIO/) } });
    expect(readdirSync(data)).toContain(failed.kept!.file.slice(data.length + 1));
    expect(readFileSync(failed.kept!.file).equals(bytes)).toBe(true);
  });
});
