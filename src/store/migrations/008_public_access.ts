import type { Kysely } from 'kysely';

/**
 * Public access (docs/public-access.md): one row, the service groups open to calls without a key,
 * the browser origins allowed to read them, and the limits each client address gets. Its calls are
 * counted under one subscription of their own (`subscription_id`, made when access is first opened),
 * so usage and its reports need nothing new. No row: closed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('public_access')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('rate_limit_calls', 'integer', (c) => c.notNull())
    .addColumn('rate_limit_period_s', 'integer', (c) => c.notNull())
    .addColumn('quota_calls', 'integer')
    .addColumn('quota_period', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
