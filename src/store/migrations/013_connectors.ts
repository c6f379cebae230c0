import type { Kysely } from 'kysely';

// `rates connect` reads public sources (docs/connectors.md). Each connector keeps here how far its
// backfill got and its last run, as JSON under its name (e.g. `bot-fx`): written in the same
// transaction as the batch it follows, so a run stopped at any point resumes after the last window
// published, never fetching one again nor leaving one half-published. Read and written whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connector_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
