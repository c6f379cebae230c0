import { DEFAULT_MIGRATION_TABLE, Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** Brings the schema to the latest version; a failed migration is rolled back and thrown. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether the service's tables were ever made here: a database without the migrations' own table is
 * new (an empty SQLite file, a PostgreSQL schema nobody migrated), whatever else it holds.
 */
export async function wasMigrated(db: Kysely<Database>): Promise<boolean> {
  const schema = await migrationSchema(db);
  const table = DEFAULT_MIGRATION_TABLE;
  const query =
    schema === undefined
      ? sql<{ found: number }>`select 1 as found from sqlite_master where type = 'table' and name = ${table}`
      : sql<{ found: number }>`select 1 as found from information_schema.tables
          where table_schema = ${schema} and table_name = ${table}`;
  return (await query.execute(db)).rows.length > 0;
}

/**
 * On PostgreSQL, the schema the tables go in (the first of search_path). Named, because Kysely
 * otherwise takes a migration table in any schema of the database as this schema's own.
 */
async function migrationSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no schema to create the tables in: check search_path');
  return schema;
}
