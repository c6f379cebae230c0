import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';

/**
 * The developer portal (docs/portal.md): developers and their sessions, single-use tokens mailed to them,
 * products, and what a subscription gains: an owner developer, a product, the states `submitted` and
 * `rejected` (with a reason), when it became active, and whether a block of its developer suspended it.
 * Sessions and tokens are stored by SHA-256 hash only, as keys are: a copy of the database opens nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('developers')
    .addColumn('id', id.type, id.build)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('pending_email', 'text')
    .addColumn('confirmed_at', 'text')
    .addColumn('blocked_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('developer_id', 'integer', (c) => c.notNull().references('developers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_sessions_developer')
    .on('portal_sessions')
    .column('developer_id')
    .execute();

  await db.schema
    .createTable('portal_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('developer_id', 'integer', (c) => c.references('developers.id'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_th', 'text', (c) => c.notNull())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('rate_limit_calls', 'integer')
    .addColumn('rate_limit_period_s', 'integer')
    .addColumn('quota_calls', 'integer')
    .addColumn('quota_period', 'text')
    .addColumn('approval', 'integer', (c) => c.notNull())
    .addColumn('per_developer', 'integer', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One column a statement: SQLite adds one at a time.
  const columns: [string, 'integer' | 'text', boolean][] = [
    ['developer_id', 'integer', true],
    ['product_id', 'integer', true],
    ['rejection_reason', 'text', false],
    ['activated_at', 'text', false],
  ];
  for (const [name, type, reference] of columns) {
    await db.schema
      .alterTable('subscriptions')
      .addColumn(name, type, (c) =>
        reference ? c.references(name === 'developer_id' ? 'developers.id' : 'products.id') : c,
      )
      .execute();
  }
  await db.schema
    .alterTable('subscriptions')
    .addColumn('held_by_block', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('subscriptions_developer').on('subscriptions').column('developer_id').execute();
}
