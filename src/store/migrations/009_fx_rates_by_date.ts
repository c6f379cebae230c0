import type { Kysely } from 'kysely';

/**
 * The website's FX operations ask by day across every family (the latest round, a day's rounds, the
 * days of a month, every family as of a round): an index led by the date answers them with a range
 * read, where the family-first key would scan the whole table. Numbered 009: the loan rates being
 * added in parallel may take 008, and migrations must run in name order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('fx_rates_date_round')
    .on('fx_rates')
    .columns(['rate_date', 'round', 'rate_time'])
    .execute();
}
