import { sql, type Kysely } from 'kysely';

/**
 * The dates that have any fund price, kept per batch, replace the (price_date, fund_id) index: that
 * index cost a third of every price insert at market scale, and the queries it served (latest date,
 * days of a month for all funds, all prices of a date) are served as well from this small table and
 * the (fund_id, price_date) index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fund_price_dates')
    .addColumn('price_date', 'text', (c) => c.primaryKey())
    .execute();
  await sql`insert into fund_price_dates (price_date) select distinct price_date from fund_prices`.execute(
    db,
  );
  await db.schema.dropIndex('fund_prices_date_fund').execute();
}
