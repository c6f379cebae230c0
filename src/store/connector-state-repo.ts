import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// A connector's state is the connector's business (src/connectors/state.ts); the store keeps it as
// JSON text by name.

export async function readConnectorStateText(
  db: Kysely<Database>,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('connector_state')
    .select('state')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.state;
}

export async function readAllConnectorStateTexts(
  db: Kysely<Database>,
): Promise<{ name: string; state: string }[]> {
  return db.selectFrom('connector_state').select(['name', 'state']).orderBy('name').execute();
}

export async function writeConnectorStateText(
  db: Kysely<Database>,
  name: string,
  state: string,
): Promise<void> {
  const value = { name, state, updated_at: new Date().toISOString() };
  await db
    .insertInto('connector_state')
    .values(value)
    .onConflict((oc) => oc.column('name').doUpdateSet({ state: value.state, updated_at: value.updated_at }))
    .execute();
}
