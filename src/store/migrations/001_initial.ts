import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';

// Written with Kysely's schema builder only, so the same migration creates the schema on SQLite and
// PostgreSQL. The `Kysely<unknown>` type keeps a migration independent of today's Database type.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable('batches')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text')
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('fund_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('funds')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('fund_categories.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('name_th_short', 'text')
    .addColumn('link_en', 'text', (c) => c.notNull())
    .addColumn('link_th', 'text', (c) => c.notNull())
    .addColumn('factsheet_url', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .execute();

  const priceColumns = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) =>
    t
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('funds.id'))
      .addColumn('price_date', 'text', (c) => c.notNull())
      .addColumn('nav', 'double precision', (c) => c.notNull())
      .addColumn('offer', 'double precision', (c) => c.notNull())
      .addColumn('redemption', 'double precision', (c) => c.notNull())
      .addColumn('total_net_assets', 'double precision')
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));

  await priceColumns(db.schema.createTable('fund_prices').addColumn('id', id.type, id.build)).execute();
  await db.schema
    .createIndex('fund_prices_fund_date')
    .on('fund_prices')
    .columns(['fund_id', 'price_date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('fund_prices_date_fund')
    .on('fund_prices')
    .columns(['price_date', 'fund_id'])
    .execute();

  await priceColumns(db.schema.createTable('fund_price_revisions').addColumn('id', id.type, id.build))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fund_price_revisions_fund_date')
    .on('fund_price_revisions')
    .columns(['fund_id', 'price_date'])
    .execute();

  await db.schema
    .createTable('fx_families')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'integer', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .execute();

  const rateColumns = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) =>
    t
      .addColumn('family_code', 'text', (c) => c.notNull().references('fx_families.code'))
      .addColumn('rate_date', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('rate_time', 'text', (c) => c.notNull())
      .addColumn('buying_notes', 'double precision')
      .addColumn('selling_notes', 'double precision')
      .addColumn('buying_sight_bill', 'double precision')
      .addColumn('selling_tt', 'double precision')
      .addColumn('buying_tt', 'double precision')
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));

  await rateColumns(db.schema.createTable('fx_rates').addColumn('id', id.type, id.build)).execute();
  await db.schema
    .createIndex('fx_rates_family_date_round')
    .on('fx_rates')
    .columns(['family_code', 'rate_date', 'round'])
    .unique()
    .execute();

  await rateColumns(db.schema.createTable('fx_rate_revisions').addColumn('id', id.type, id.build))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fx_rate_revisions_family_date')
    .on('fx_rate_revisions')
    .columns(['family_code', 'rate_date'])
    .execute();

  await db.schema
    .createTable('deposit_products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .execute();

  const depositColumns = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) =>
    t
      .addColumn('product_id', 'integer', (c) => c.notNull().references('deposit_products.id'))
      .addColumn('effective_date', 'text', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));

  await depositColumns(db.schema.createTable('deposit_rates').addColumn('id', id.type, id.build)).execute();
  await db.schema
    .createIndex('deposit_rates_product_date')
    .on('deposit_rates')
    .columns(['product_id', 'effective_date'])
    .unique()
    .execute();
  await depositColumns(db.schema.createTable('deposit_rate_revisions').addColumn('id', id.type, id.build))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('rate_limit_calls', 'integer')
    .addColumn('rate_limit_period_s', 'integer')
    .addColumn('quota_calls', 'integer')
    .addColumn('quota_period', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscription_keys')
    .addColumn('id', id.type, id.build)
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_keys_slot')
    .on('subscription_keys')
    .columns(['subscription_id', 'slot'])
    .unique()
    .execute();
}
