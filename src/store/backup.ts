import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from './migrations/index.js';

export interface BackupCheck {
  ok: boolean;
  problem?: string;
  migrations: string[];
}

/** Whether a file is a sound SQLite database of this service that this version can run. */
export function checkBackupFile(file: string): BackupCheck {
  if (!existsSync(file)) return { ok: false, problem: `${file} does not exist`, migrations: [] };
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
      return {
        ok: false,
        problem: `integrity check failed: ${integrity[0]?.integrity_check ?? 'no answer'}`,
        migrations: [],
      };
    }
    const hasTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasTable)
      return { ok: false, problem: 'not a database of this service (no migration table)', migrations: [] };
    const applied = (
      db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name);
    const unknown = applied.filter((m) => !(m in migrations));
    if (unknown.length > 0) {
      return {
        ok: false,
        problem: `made by a newer version (migrations ${unknown.join(', ')})`,
        migrations: applied,
      };
    }
    return { ok: true, migrations: applied };
  } catch (error) {
    return { ok: false, problem: `cannot be read as SQLite: ${(error as Error).message}`, migrations: [] };
  } finally {
    db?.close();
  }
}

/**
 * A consistent copy of the live database through SQLite's online backup API: readers and an import
 * in another process go on; the copy holds exactly the batches committed when it finished.
 */
export async function backupDatabase(source: SQLite.Database, file: string): Promise<{ pages: number }> {
  mkdirSync(dirname(file), { recursive: true });
  const { totalPages } = await source.backup(file);
  return { pages: totalPages };
}

/** Copies a checked backup over the database at `target`, as one write seen whole by its readers. */
export async function restoreDatabase(file: string, target: string): Promise<{ pages: number }> {
  mkdirSync(dirname(target), { recursive: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(target);
    return { pages: totalPages };
  } finally {
    source.close();
  }
}
