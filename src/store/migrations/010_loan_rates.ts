import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';

// Loan reference rates (MLR, MOR, MRR) and loan products for GetLoanRate: the deposit rates' shape
// (products, rates by effective date, earlier values kept as revisions), in tables of their own, so
// each kind has its own import types, history and answer.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('loan_products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .execute();

  const rateColumns = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) =>
    t
      .addColumn('id', id.type, id.build)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('loan_products.id'))
      .addColumn('effective_date', 'text', (c) => c.notNull())
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));

  await rateColumns(db.schema.createTable('loan_rates')).execute();
  await db.schema
    .createIndex('loan_rates_product_date')
    .on('loan_rates')
    .columns(['product_id', 'effective_date'])
    .unique()
    .execute();
  await rateColumns(db.schema.createTable('loan_rate_revisions'))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('loan_rate_revisions_product_date')
    .on('loan_rate_revisions')
    .columns(['product_id', 'effective_date'])
    .execute();
}
