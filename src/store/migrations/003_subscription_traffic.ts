import type { Kysely } from 'kysely';

/**
 * Usage counters per subscription, Bangkok day, operation and status class, and a change counter that
 * every process polls to drop its cached view of subscriptions (see src/gateway/subscription-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('status_class', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // The key of the batched upsert (INSERT ... ON CONFLICT), on SQLite and PostgreSQL alike.
    .addPrimaryKeyConstraint('usage_pk', ['subscription_id', 'day', 'operation', 'status_class'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  const typed = db as unknown as Kysely<{ settings: { name: string; value: number } }>;
  await typed.insertInto('settings').values({ name: 'subscriptions_version', value: 0 }).execute();
}
