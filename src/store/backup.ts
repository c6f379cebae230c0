import { renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
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
    renameSync(partial, file);
    return { pages: totalPages };
  } catch (error) {
    for (const leftover of [partial, `${partial}-journal`]) rmSync(leftover, { force: true });
    throw error;
  }
}

/** The restore could not write: another process holds the database's write lock. Nothing changed. */
export class RestoreBusyError extends Error {
  constructor(
    message: string,
    /** Whether the copy went in (and another write followed at once) or nothing was written. */
    readonly copied: boolean,
  ) {
    super(message);
  }
}

/** How long a restore waits for other writers (a server's usage writes take milliseconds). */
const WAIT_MS = 5000;

/**
 * Copies a checked backup over the database at `target`, as one write seen whole by its readers, and
 * checks afterwards that the target holds the backup. The backup API writes nothing while another
 * connection holds the write lock, yet reports success with 0 pages; so a copy counts only when it
 * moved every page of the backup, and is retried until WAIT_MS has passed.
 */
export async function restoreDatabase(
  file: string,
  target: string,
  fileMode: number,
): Promise<{ pages: number }> {
  makeDataFolder(dirname(target), fileMode);
  makeDataFile(target, fileMode);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const pages = source.pragma('page_count', { simple: true }) as number;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const { totalPages, remainingPages } = await source.backup(target);
      if (totalPages === pages && remainingPages === 0) break;
      if (Date.now() > deadline) throw new RestoreBusyError(`another process is writing to ${target}`, false);
      await sleep(100);
    }
    const difference = differenceFrom(source, target);
    if (difference) throw new RestoreBusyError(`${target} ${difference} right after the copy`, true);
    return { pages };
  } finally {
    source.close();
  }
}

/**
 * What the target holds that the backup does not: its size in pages, its migrations, its batches.
 * Only an import or a migration writes the latter two; a server's usage counts may follow the copy.
 */
function differenceFrom(source: SQLite.Database, target: string): string | undefined {
  const restored = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    const facts = (db: SQLite.Database) => ({
      pages: db.pragma('page_count', { simple: true }) as number,
      migrations: db.prepare('select count(*) as n, max(name) as last from kysely_migration').get(),
      batches: db.prepare('select count(*) as n, max(id) as last from batches').get(),
    });
    const [want, got] = restored.transaction(() => [facts(source), facts(restored)])();
    if (want!.pages !== got!.pages) return `has ${got!.pages} pages, not ${want!.pages}`;
    if (JSON.stringify(want!.migrations) !== JSON.stringify(got!.migrations))
      return 'has other migrations than the backup';
    if (JSON.stringify(want!.batches) !== JSON.stringify(got!.batches))
      return 'has other batches than the backup';
    return undefined;
  } finally {
    restored.close();
  }
}
