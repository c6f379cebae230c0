import { PostgresAdapter, sql, type Kysely } from 'kysely';

// `rates sync` mirrors a running service of this interface (docs/sync.md). Clients switched from it
// must get the same bytes, and three served fields are the upstream's own row and batch numbers:
// mfr_iId and l_ID (FundPrice_ByFundCode) and ID (the banner rows). Synced rows keep those numbers
// here, beside this store's own `id` and `batch_id` (which still say which local batch wrote them, so
// revisions and batch history work as for any import); the API serves `origin_*` when it is set.
//
// `sync_state` holds each sync's progress (so an interrupted first sync resumes where it stopped)
// and the last run's result, for `rates sync status`, /ready and /metrics. One row per name, the
// state as JSON: it is read and written whole, never queried by its parts.
const FUND_SERVED = ['nav', 'offer', 'redemption', 'total_net_assets', 'batch_id', 'id'];
const FX_KEY = ['family_code', 'rate_date', 'round'];
const FX_SERVED = [
  'rate_time',
  'buying_notes',
  'selling_notes',
  'buying_sight_bill',
  'selling_tt',
  'buying_tt',
];

const names = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fund_prices', 'fund_price_revisions']) {
    await db.schema.alterTable(table).addColumn('origin_id', 'integer').execute();
    await db.schema.alterTable(table).addColumn('origin_batch_id', 'integer').execute();
  }
  for (const table of ['fx_rates', 'fx_rate_revisions']) {
    await db.schema.alterTable(table).addColumn('origin_id', 'integer').execute();
  }
  // The covering indexes of 006 carry every served column, so the reads stay index-only.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.dropIndex('fund_prices_fund_date').execute();
    await sql`create unique index fund_prices_fund_date on fund_prices (fund_id, price_date)
      include (${names([...FUND_SERVED, 'origin_id', 'origin_batch_id'])})`.execute(db);
    await db.schema.dropIndex('fx_rates_family_date_round').execute();
    await sql`create unique index fx_rates_family_date_round on fx_rates (${names(FX_KEY)})
      include (${names([...FX_SERVED, 'id', 'origin_id'])})`.execute(db);
  } else {
    await db.schema.dropIndex('fx_rates_covering').execute();
    await db.schema
      .createIndex('fx_rates_covering')
      .on('fx_rates')
      .columns([...FX_KEY, ...FX_SERVED, 'origin_id'])
      .execute();
  }
  await db.schema
    .createTable('sync_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
