import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Counters in the settings table that processes poll to learn that something changed. */
export const DATA_VERSION = 'data_version';

/** Moves a counter on, inside the caller's transaction. */
export async function bumpCounter(trx: Kysely<Database>, name: string): Promise<void> {
  await trx
    .updateTable('settings')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .execute();
}

export async function readCounter(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
