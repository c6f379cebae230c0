import { sql, type Kysely } from 'kysely';

// What was published when (docs/time-travel.md): every answer can be read as of a past instant.
// - Reference rows (funds, categories, families, products) keep their earlier values as published
//   values do: each row names the batch that wrote it, each replaced row goes to a revisions table.
//   Rows already held count as written by the first committed batch (the demo's or the first import).
// - The days of fund prices name the batch that first had a price on that day.
// - batch_types says which data types a batch changed: the instants an operation's answer could
//   have changed are the commits of the batches that touched what it reads (the timemap).

const REFERENCES = [
  ['fund_categories', 'fund_category_revisions', 'id'],
  ['funds', 'fund_revisions', 'id'],
  ['fx_families', 'fx_family_revisions', 'code'],
  ['deposit_products', 'deposit_product_revisions', 'id'],
  ['loan_products', 'loan_product_revisions', 'id'],
] as const;

/** Published tables by data type (src/data-types), as batch_types names them. */
const PUBLISHED = [
  ['deposit-rates', 'deposit_rates', 'deposit_rate_revisions'],
  ['loan-rates', 'loan_rates', 'loan_rate_revisions'],
  ['fx-rates', 'fx_rates', 'fx_rate_revisions'],
  ['market-summary', 'market_summary', 'market_summary_revisions'],
  ['fund-prices', 'fund_prices', 'fund_price_revisions'],
  ['fund-facts', 'fund_facts', 'fund_fact_revisions'],
  ['fund-dividends', 'fund_dividends', 'fund_dividend_revisions'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const first = sql`coalesce((select min(id) from batches where status = 'committed'), 0)`;
  for (const [table, revisions, key] of REFERENCES) {
    await db.schema.alterTable(table).addColumn('batch_id', 'integer').execute();
    await sql`update ${sql.table(table)} set batch_id = ${first}`.execute(db);
    // The same columns as the served table, then when and by which batch a value was replaced.
    await sql`create table ${sql.table(revisions)} as select * from ${sql.table(table)} where 1 = 0`.execute(
      db,
    );
    await db.schema.alterTable(revisions).addColumn('replaced_by_batch_id', 'integer').execute();
    await db.schema.alterTable(revisions).addColumn('replaced_at', 'text').execute();
    await db.schema
      .createIndex(`${revisions}_key`)
      .on(revisions)
      .columns([key, 'replaced_by_batch_id'])
      .execute();
  }
  await db.schema
    .createIndex('deposit_rate_revisions_key')
    .on('deposit_rate_revisions')
    .columns(['product_id', 'effective_date'])
    .execute();

  await db.schema.alterTable('fund_price_dates').addColumn('batch_id', 'integer').execute();
  // One pass over the prices (a query per day would read them all once a day).
  await sql`update fund_price_dates set batch_id = m.first_batch
    from (select price_date, min(batch_id) as first_batch from (
      select price_date, batch_id from fund_prices union all select price_date, batch_id from fund_price_revisions
    ) u group by price_date) m
    where m.price_date = fund_price_dates.price_date`.execute(db);
  await sql`update fund_price_dates set batch_id = ${first} where batch_id is null`.execute(db);

  await db.schema
    .createTable('batch_types')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_types_key', ['batch_id', 'type'])
    .execute();
  const touched = (type: string, from: string, column: string) =>
    sql`insert into batch_types (batch_id, type) select distinct ${sql.ref(column)}, ${type}
      from ${sql.table(from)} where ${sql.ref(column)} is not null
      and not exists (select 1 from batch_types b where b.batch_id = ${sql.ref(`${from}.${column}`)} and b.type = ${type})`.execute(
      db,
    );
  for (const [type, table, revisions] of PUBLISHED) {
    await touched(type, table, 'batch_id');
    await touched(type, revisions, 'batch_id');
    await touched(type, revisions, 'replaced_by_batch_id');
  }
  for (const [table] of REFERENCES) await touched(table.replaceAll('_', '-'), table, 'batch_id');
  await db.schema
    .createIndex('batches_committed')
    .on('batches')
    .columns(['status', 'committed_at'])
    .execute();
}
