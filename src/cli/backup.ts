import { statSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { BackupCheckError, backupDatabase } from '../store/backup.js';
import { checkBackupFile } from '../store/backup-check.js';
import { restoreDatabase, RestoreBusyError, RestoreFailedError } from '../store/restore.js';
import { sqlitePath } from '../store/db.js';
import { isPostgresUrl } from '../store/postgres/connection.js';
import { withStore } from './with-store.js';

/** PostgreSQL has its own tools for consistent copies; this command copies SQLite files only. */
const POSTGRES_BACKUP =
  'backup and restore copy SQLite databases. DATABASE_URL points at PostgreSQL: use pg_dump (e.g. pg_dump -Fc -f rates.dump "$DATABASE_URL") and pg_restore instead.';

export async function backupCommand(file: string): Promise<void> {
  if (isPostgresUrl(loadConfig().databaseUrl)) throw new Error(POSTGRES_BACKUP);
  await withStore(async (store, config) => {
    if (store.dialect !== 'sqlite') throw new Error(POSTGRES_BACKUP);
    const started = Date.now();
    let pages: number;
    try {
      ({ pages } = await backupDatabase(store.sqlite, file, config.dataFileMode));
    } catch (error) {
      throw new Error(`No backup made: ${backupFailure(error, file)}. Nothing was written at ${file}.`);
    }
    const mb = (statSync(file).size / 1e6).toFixed(1);
    console.log(
      `Backed up ${store.location} to ${file}: ${pages} pages, ${mb} MB in ${((Date.now() - started) / 1000).toFixed(1)} s (integrity ok).`,
    );
  });
}

/** Why a backup failed, about the backup's file (a storage error names the database's otherwise). */
function backupFailure(error: unknown, file: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return `the disk holding ${file} is full (${code}): free space there, or back up to another disk`;
  if (error instanceof BackupCheckError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${message} (${code})` : message;
}

export async function restoreCommand(file: string): Promise<void> {
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) throw new Error(POSTGRES_BACKUP);
  const check = await checkBackupFile(file);
  if (!check.ok) throw new Error(`Not restoring ${file}: ${check.problem}. The database was not touched.`);
  const target = sqlitePath(config.databaseUrl);
  // Restoring makes the database when there is none: a new machine's first step can be a restore.
  process.stderr.write(`Database: ${target}\n`);
  const again = 'To restore, stop the server and any import, then run the restore again.';
  let restored: { pages: number; applied: string[] };
  try {
    restored = await restoreDatabase(file, target, config.dataFileMode);
  } catch (error) {
    if (error instanceof RestoreBusyError)
      throw new Error(
        `Not restored: ${error.message} (a running server or import), so the database was not touched. ${again}`,
      );
    if (error instanceof RestoreFailedError) {
      const written = /another process wrote/.test(error.message) ? ` ${again}` : '';
      if (!error.kept)
        throw new Error(
          `Not restored: ${error.message}. The previous database was put back as it was.${written}`,
        );
      const { file: kept, error: why, asIs } = error.kept;
      throw new Error(
        `Not restored: ${error.message}. Putting the previous database back failed too (${why.message}): ` +
          (asIs
            ? `the previous file, which is not a usable database, was left as it was at ${kept}; move it back to ${target} by hand if it is wanted.`
            : `it is kept, whole, in ${kept}. Stop the server and any import, then restore it: rates restore ${kept}`),
      );
    }
    // Before the copy (the database could not be copied aside, the copy itself failed): nothing changed.
    throw new Error(
      `Not restored: ${error instanceof Error ? error.message : String(error)}. The database was not touched.`,
    );
  }
  const { pages, applied } = restored;
  console.log(
    `Restored ${file} into ${target}: ${pages} pages, checked${applied.length ? `; then applied ${applied.join(', ')}` : ''}.`,
  );
}
