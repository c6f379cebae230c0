import type { Kysely } from 'kysely';

/** A counter every committed batch moves on: servers drop cached answers when it moves. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{ settings: { name: string; value: number } }>;
  await typed.insertInto('settings').values({ name: 'data_version', value: 0 }).execute();
}
