import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The price and rate history operations (FundPrice_ByFundCode, GetNavByFundCode, GetDownloadfxrates,
// GetfxbannerAPI) read one key's rows over a date range. Through an index that holds every column they
// serve, that is one contiguous range of index pages; through the key index alone, every row costs a
// lookup in the table, where rows published in daily batches lie scattered (one fund's or one family's
// three years: hundreds of pages). With bench/price-indexes.ts the plans turn into "USING COVERING
// INDEX"; warm-cache read times barely move (the row mapping dominates there), the gain is in pages
// touched.
//
// PostgreSQL: the unique keys themselves carry the served columns (INCLUDE), so no index is added and
// ON CONFLICT still infers them by their key columns.
//
// SQLite has no INCLUDE, and the ON CONFLICT key must stay a unique index on exactly its columns, so a
// covering index is a second index. For fx_rates that costs little (a few hundred thousand rows at
// market scale against 11M fund prices). For fund_prices it is not added: it slowed publishing prices
// in fund order (as a bulk import does) by a fifth (measured: CONTRIBUTING.md, Measurements behind the code), while the read it would
// speed up most, the statistics, is now served from memory (the navSeries cache, src/composition/caches.ts). A WITHOUT
// ROWID table keyed by (fund_id, price_date) would cluster a fund's rows without a second index, but
// it cannot keep the autoincrement `id` that the API serves (mfr_iId) and the versioned writer updates
// by; a bulk import writes a fund's rows together in the table anyway.
const FX_KEY = ['family_code', 'rate_date', 'round'];
const FX_SERVED = [
  'rate_time',
  'buying_notes',
  'selling_notes',
  'buying_sight_bill',
  'selling_tt',
  'buying_tt',
];
const FUND_SERVED = ['nav', 'offer', 'redemption', 'total_net_assets', 'batch_id', 'id'];

const names = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Dropped and made again under the same name, inside the migration's transaction.
    await db.schema.dropIndex('fund_prices_fund_date').execute();
    await sql`create unique index fund_prices_fund_date on fund_prices (fund_id, price_date)
      include (${names(FUND_SERVED)})`.execute(db);
    await db.schema.dropIndex('fx_rates_family_date_round').execute();
    await sql`create unique index fx_rates_family_date_round on fx_rates (${names(FX_KEY)})
      include (${names([...FX_SERVED, 'id'])})`.execute(db);
    return;
  }
  // The rowid (`id`) is part of every SQLite index entry already.
  await db.schema
    .createIndex('fx_rates_covering')
    .on('fx_rates')
    .columns([...FX_KEY, ...FX_SERVED])
    .execute();
}
