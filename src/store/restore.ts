import { existsSync, renameSync, rmSync, statSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { removeSidecars } from './backup.js';
import { makeDataFile, makeDataFolder } from './data-files.js';
import { openStore } from './db.js';
import { migrateToLatest } from './migrate.js';

// A restore that fails leaves the service exactly as it was. What can be checked is checked before
// the copy (checkBackupFile); what only running can tell (another process writing right after the
// copy, a migration of an older backup failing) comes after it, so the database there before is
// copied aside first and copied back if anything after the copy fails.

/** The restore could not write: another process holds the database's write lock. Nothing changed. */
export class RestoreBusyError extends Error {}

/**
 * Something after the target was set aside failed; the previous database was put back, or (`kept`)
 * could not be.
 */
export class RestoreFailedError extends Error {
  constructor(
    cause: Error,
    /**
     * When putting the previous database back failed too: where it was left, and why; `asIs` when that
     * is the previous file itself, not a database (no backup of it could be made, nor restored).
     */
    readonly kept?: { file: string; error: Error; asIs: boolean },
  ) {
    super(cause.message, { cause });
  }
}

/** How long a restore waits for other writers (a server's usage writes take milliseconds). */
const WAIT_MS = 5000;

/**
 * Copies a checked backup over the database at `target`, as one write seen whole by its readers,
 * checks that the target holds the backup, then applies the migrations the backup lacks. A failure
 * before the copy changed nothing; one after it puts the previous database back (RestoreFailedError).
 */
export async function restoreDatabase(
  file: string,
  target: string,
  fileMode: number,
): Promise<{ pages: number; applied: string[] }> {
  // Opened before anything is touched: a backup gone (or no longer readable) since it was checked
  // fails here, and the target stays as it was.
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  let previous: SetAside;
  try {
    makeDataFolder(dirname(target), fileMode);
    previous = await setAside(target);
  } catch (error) {
    source.close();
    throw error;
  }
  let pages: number;
  try {
    makeDataFile(target, fileMode);
    pages = await copyWhole(source, target);
  } catch (error) {
    // The copy is one transaction, and it did not commit: the target is as it was (or, when there was
    // no usable database, the file made for the copy goes again and what was there comes back).
    source.close();
    if (previous.moved) await putBack(previous, error);
    else previous.discard();
    throw error;
  }
  let applied: string[];
  try {
    const difference = differenceFrom(source, target);
    if (difference)
      throw new Error(`${target} ${difference} right after the copy: another process wrote to it`);
    source.close();
    applied = await migrate(target, fileMode);
  } catch (error) {
    if (source.open) source.close();
    await putBack(previous, error);
    throw new RestoreFailedError(asError(error));
  }
  previous.discard();
  return { pages, applied };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Puts the previous database back after `failure`. Should that fail too, the failure stays the error
 * (it is why the restore did not happen), and says where the previous database was left: the copy
 * aside stays, the operator's way back.
 */
async function putBack(previous: SetAside, failure: unknown): Promise<void> {
  try {
    await previous.putBack();
  } catch (error) {
    throw new RestoreFailedError(asError(failure), {
      file: previous.file,
      error: asError(error),
      asIs: previous.moved,
    });
  }
  previous.discard();
}

interface SetAside {
  /** Whether the target was moved away (no file, an empty one, one that is not a database). */
  moved: boolean;
  /** Where the copy of the previous database is (while there is one). */
  file: string;
  /** Makes the target what it was before the restore. */
  putBack(): Promise<void>;
  /** Deletes the copy, once it is not needed (after a restore, or once put back). */
  discard(): void;
}

/**
 * A copy of the database at `target` (SQLite's backup API: consistent while others read), or, when
 * there was none (no file, an empty one), the note to make it so again, or, when the file is not a
 * usable database (the case the start-up error sends the operator to restore), that file itself,
 * moved aside as it is: SQLite can neither copy from it nor over it. The copy is named after the
 * process and the time: the copy an earlier, failed restore kept is never overwritten.
 */
async function setAside(target: string): Promise<SetAside> {
  const file = `${target}.${process.pid}-${Date.now()}.before-restore`;
  const sidecars = [`${target}-wal`, `${target}-shm`];
  const size = existsSync(target) ? statSync(target).size : undefined;
  if (size === undefined || size === 0) {
    return {
      moved: true,
      file,
      putBack: async () => {
        for (const sidecar of sidecars) rmSync(sidecar, { force: true });
        if (size === undefined) rmSync(target, { force: true });
        else truncateSync(target, 0);
      },
      discard: () => undefined,
    };
  }
  const live = new SQLite(target, { readonly: true, fileMustExist: true });
  const discard = () => {
    rmSync(file, { force: true });
    removeSidecars(file);
  };
  if (!usable(live)) {
    live.close();
    const move = (from: string, to: string) => {
      removeSidecars(to);
      for (const suffix of ['', '-wal', '-journal'])
        if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
      rmSync(`${from}-shm`, { force: true }); // an index of the -wal, rebuilt from it
    };
    move(target, file);
    return { moved: true, file, putBack: async () => move(file, target), discard };
  }
  try {
    await live.backup(file);
  } catch (error) {
    discard();
    throw new Error(
      `cannot keep a copy of the current database first, to put it back should the restore fail (${(error as Error).message})`,
    );
  } finally {
    live.close();
  }
  return {
    moved: false,
    file,
    putBack: async () => {
      const copy = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        await copyWhole(copy, target);
      } finally {
        copy.close();
      }
    },
    discard,
  };
}

/** Whether SQLite can read the database's header and schema (not junk, not a corrupt first page). */
function usable(db: SQLite.Database): boolean {
  try {
    db.pragma('schema_version');
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return false;
    throw error;
  }
}

/**
 * Copies every page of `source` over `target` in one transaction. The backup API writes nothing while
 * another connection holds the write lock, yet reports success with 0 pages; so a copy counts only
 * when it moved every page, and is retried until WAIT_MS has passed.
 */
async function copyWhole(source: SQLite.Database, target: string): Promise<number> {
  const pages = source.pragma('page_count', { simple: true }) as number;
  leaveWalForOtherPageSize(source, target);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { totalPages, remainingPages } = await source.backup(target);
    if (totalPages === pages && remainingPages === 0) return pages;
    if (Date.now() > deadline) throw new RestoreBusyError(`another process is writing to ${target}`);
    await sleep(100);
  }
}

/**
 * SQLite's backup API cannot change the page size of a database in WAL mode (SQLITE_READONLY): a
 * backup of a database made before 16 KB pages, restored over a newer one, or the other way. Such a
 * target goes back to a rollback journal first, which needs no other process to have it open;
 * opening it (the migrations after the copy, `rates serve`) puts it in WAL mode again.
 */
function leaveWalForOtherPageSize(source: SQLite.Database, target: string): void {
  const db = new SQLite(target, { fileMustExist: true });
  try {
    const size = db.pragma('page_size', { simple: true });
    if (size === source.pragma('page_size', { simple: true })) return;
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') return;
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
    } catch {
      mode = undefined;
    }
    if (mode !== 'delete')
      throw new RestoreBusyError(
        `another process has ${target} open, and the backup's pages are of another size (${String(source.pragma('page_size', { simple: true }))} bytes, not ${String(size)}): a restore that changes the page size needs the database to itself`,
      );
  } finally {
    db.close();
  }
}

/** Brings the restored database to this version's schema, as `rates serve` would at its start. */
async function migrate(target: string, fileMode: number): Promise<string[]> {
  const store = openStore(`sqlite:${target}`, { fileMode });
  try {
    return await migrateToLatest(store.db);
  } finally {
    await store.close();
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
