import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// A sync's state is the sync's business (src/sync/state.ts); the store keeps it as JSON text by name.

export async function readSyncStateText(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('sync_state').select('state').where('name', '=', name).executeTakeFirst();
  return row?.state;
}

export async function writeSyncStateText(db: Kysely<Database>, name: string, state: string): Promise<void> {
  const value = { name, state, updated_at: new Date().toISOString() };
  await db
    .insertInto('sync_state')
    .values(value)
    .onConflict((oc) => oc.column('name').doUpdateSet({ state: value.state, updated_at: value.updated_at }))
    .execute();
}
