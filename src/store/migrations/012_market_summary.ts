import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';

// The daily market summary (GetMarketsum): a code's numbered values on a day, earlier values kept as
// revisions like every published value. The unique key leads with the day, so the latest day is read
// off the index's end.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);
  const columns = <T extends ReturnType<Kysely<unknown>['schema']['createTable']>>(t: T) =>
    t
      .addColumn('id', id.type, id.build)
      .addColumn('summary_date', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'));

  await columns(db.schema.createTable('market_summary')).execute();
  await db.schema
    .createIndex('market_summary_date_code_number')
    .on('market_summary')
    .columns(['summary_date', 'code', 'number'])
    .unique()
    .execute();
  await columns(db.schema.createTable('market_summary_revisions'))
    .addColumn('replaced_by_batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('market_summary_revisions_date_code_number')
    .on('market_summary_revisions')
    .columns(['summary_date', 'code', 'number'])
    .execute();
}
