import { renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type SQLite from 'better-sqlite3';
import { checkBackupFile } from './backup-check.js';
import { makeDataFile, makeDataFolder } from './data-files.js';

/** The copy failed the backup check: nothing was kept. */
export class BackupCheckError extends Error {}

/**
 * A consistent copy of the live database through SQLite's online backup API: readers and an import
 * in another process go on; the copy holds exactly the batches committed when it finished. It is
 * written under another name and moved to `file` only once whole and checked, so a backup that fails
 * (a full disk) leaves nothing at `file` that could be taken for a backup, and an older one there stays.
 */
export async function backupDatabase(
  source: SQLite.Database,
  file: string,
  fileMode: number,
): Promise<{ pages: number }> {
  // A backup holds what the database holds: made with its mode before a page is written.
  makeDataFolder(dirname(file), fileMode);
  const partial = `${file}.${process.pid}.partial`;
  try {
    makeDataFile(partial, fileMode);
    const { totalPages } = await source.backup(partial);
    const check = await checkBackupFile(partial);
    if (!check.ok) throw new BackupCheckError(`the copy failed its check: ${check.problem}`);
    removeSidecars(partial);
    renameSync(partial, file);
    return { pages: totalPages };
  } catch (error) {
    rmSync(partial, { force: true });
    removeSidecars(partial);
    throw error;
  }
}

/**
 * The files SQLite keeps beside a database file while it is open: a copy of a WAL database is one
 * too, and the check's reading left its (empty) -wal and -shm. None holds data once it is closed.
 */
export function removeSidecars(file: string): void {
  for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}
