import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** An auto-incrementing primary key in the dialect's own idiom (identity on PostgreSQL). */
export function idColumn(db: Kysely<unknown>): {
  type: 'integer';
  build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    type: 'integer',
    build: postgres
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement(),
  };
}
