import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from './migrations/index.js';

export interface BackupCheck {
  ok: boolean;
  problem?: string;
  migrations: string[];
}

/** Tables, indexes, views and triggers by name; a table's entry also lists its columns. */
type Schema = Map<string, { type: string; columns: string[] }>;

/**
 * Whether a file is a sound SQLite database of this service that this version can run: intact pages,
 * every migration up to its last one recorded, every table, column and index those migrations make,
 * and no row referring to a row that is not there. A file can pass SQLite's integrity check and still
 * miss a table (the API would answer 500) or hold orphaned rows; neither may replace live data.
 */
export async function checkBackupFile(file: string): Promise<BackupCheck> {
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
    const found = schemaOf(db);
    const steps = await schemaSteps();
    const problem =
      migrationProblem(applied) ??
      schemaProblem(found, steps[applied.length - 1]?.schema ?? new Map()) ??
      unrecordedProblem(found, steps, applied.length) ??
      foreignKeyProblem(db);
    return problem ? { ok: false, problem, migrations: applied } : { ok: true, migrations: applied };
  } catch (error) {
    return { ok: false, problem: `cannot be read as SQLite: ${(error as Error).message}`, migrations: [] };
  } finally {
    db?.close();
  }
}

/** Migrations run in name order, so a sound database has recorded the first N of them, no other. */
function migrationProblem(applied: string[]): string | undefined {
  const unknown = applied.filter((m) => !(m in migrations));
  if (unknown.length > 0) return `made by a newer version (migrations ${unknown.join(', ')})`;
  const known = Object.keys(migrations).sort();
  const gap = known.slice(0, applied.length).find((m, i) => applied[i] !== m);
  return gap ? `migration ${gap} is not recorded (the schema was changed by hand)` : undefined;
}

/** The schema after each migration, in the order they run, built in memory by the migrations themselves. */
let steps: Promise<{ migration: string; schema: Schema }[]> | undefined;

function schemaSteps(): Promise<{ migration: string; schema: Schema }[]> {
  steps ??= (async () => {
    const sqlite = new SQLite(':memory:');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const made: { migration: string; schema: Schema }[] = [];
      for (const migration of Object.keys(migrations).sort()) {
        const { error } = await migrator.migrateUp();
        if (error) throw error instanceof Error ? error : new Error(String(error));
        made.push({ migration, schema: schemaOf(sqlite) });
      }
      return made;
    } finally {
      await db.destroy();
    }
  })();
  return steps;
}

function schemaOf(db: SQLite.Database): Schema {
  const objects = db
    .prepare("select type, name from sqlite_master where name not like 'sqlite_stat%'")
    .all() as { type: string; name: string }[];
  const schema: Schema = new Map();
  for (const { type, name } of objects) {
    const columns =
      type === 'table'
        ? (db.prepare('select name from pragma_table_info(?)').all(name) as { name: string }[]).map(
            (c) => c.name,
          )
        : [];
    schema.set(name, { type, columns });
  }
  return schema;
}

/** The first thing the migrations make that the file lacks (extra tables of an operator's own are fine). */
function schemaProblem(found: Schema, expected: Schema): string | undefined {
  for (const [name, { type, columns }] of expected) {
    const there = found.get(name);
    if (!there || there.type !== type) return `${type} ${name} is missing`;
    const missing = columns.find((c) => !there.columns.includes(c));
    if (missing !== undefined) return `column ${name}.${missing} is missing`;
  }
  return undefined;
}

/**
 * The first thing a migration not recorded makes that the file has all the same: the schema was moved
 * on without its record (by hand, or a copy of another database's tables), and the restore would run
 * that migration again over what it made, and fail with the database already replaced.
 */
function unrecordedProblem(
  found: Schema,
  steps: { migration: string; schema: Schema }[],
  recorded: number,
): string | undefined {
  for (let i = recorded; i < steps.length; i++) {
    const before = steps[i - 1]?.schema ?? new Map();
    const { migration, schema } = steps[i]!;
    for (const [name, { type, columns }] of schema) {
      const there = found.get(name);
      if (!there) continue;
      const earlier = before.get(name);
      if (!earlier)
        return `${type} ${name} is there, but migration ${migration}, which makes it, is not recorded`;
      const added = columns.find((c) => !earlier.columns.includes(c) && there.columns.includes(c));
      if (added !== undefined)
        return `column ${name}.${added} is there, but migration ${migration}, which adds it, is not recorded`;
    }
  }
  return undefined;
}

function foreignKeyProblem(db: SQLite.Database): string | undefined {
  let count = 0;
  let first: { table: string; rowid: number | null; parent: string } | undefined;
  for (const row of db.prepare('pragma foreign_key_check').iterate() as Iterable<{
    table: string;
    rowid: number | null;
    parent: string;
  }>) {
    count++;
    first ??= row;
  }
  if (!first) return undefined;
  return `${count.toLocaleString('en-US')} rows refer to rows that do not exist (first: ${first.table} row ${first.rowid ?? '?'} refers to ${first.parent})`;
}
