// npx tsx bench/price-indexes.ts [-- --funds 200 --days 1500]
// What covering indexes cost the import and buy the reads, on SQLite, on a synthetic dataset of a few
// hundred thousand prices (not the market's 11M). For each layout of fund_prices' and fx_rates'
// indexes it times publishing the rows through the real publisher, in the order of a bulk import
// (fund after fund) and of daily batches (date after date), then prints the query plans and times of
// the history reads. Figures only; the machine is shared, so repeat a run before trusting a ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { addDays } from '../src/domain/dates.js';
import { openStore, type SqliteStore } from '../src/store/db.js';
import { FundRepository } from '../src/funds/repository.js';
import { navEntries } from '../src/funds/presenter.js';
import { noCaches } from '../src/composition/caches.js';
import { FxRepository } from '../src/exchange-rates/repository.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { publishBatch } from '../src/store/publisher.js';
import type { NewRow } from '../src/data-types/index.js';
import type { Database } from '../src/store/schema.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const FUNDS = arg('funds', 200);
const DAYS = arg('days', 1500);
const FAMILIES = 33;
const FIRST = '2020-01-01';
const dates = Array.from({ length: DAYS }, (_, i) => addDays(FIRST, i));
const last = dates.at(-1)!;

const FUND_COVERING = `create index if not exists fund_prices_covering on fund_prices
  (fund_id, price_date, nav, offer, redemption, total_net_assets, batch_id)`;
const FX_COVERING = `create index if not exists fx_rates_covering on fx_rates
  (family_code, rate_date, round, rate_time, buying_notes, selling_notes, buying_sight_bill, selling_tt, buying_tt)`;
const LAYOUTS: Record<string, string[]> = {
  'unique key only (before 006)': [
    'drop index if exists fund_prices_covering',
    'drop index if exists fx_rates_covering',
  ],
  'fx covering (migration 006 on SQLite)': ['drop index if exists fund_prices_covering', FX_COVERING],
  'fund + fx covering': [FUND_COVERING, FX_COVERING],
};

function priceRows(order: 'fund' | 'date'): NewRow<'fund-prices'>[] {
  const row = (fund: number, d: number): NewRow<'fund-prices'> => {
    const nav = 10 + ((fund * 7 + d * 13) % 997) / 100;
    return {
      fund_id: fund,
      price_date: dates[d]!,
      nav,
      offer: nav + 0.1,
      redemption: nav - 0.1,
      total_net_assets: 1e9 + d,
    };
  };
  const rows: NewRow<'fund-prices'>[] = [];
  if (order === 'fund') for (let f = 1; f <= FUNDS; f++) for (let d = 0; d < DAYS; d++) rows.push(row(f, d));
  else for (let d = 0; d < DAYS; d++) for (let f = 1; f <= FUNDS; f++) rows.push(row(f, d));
  return rows;
}

function fxRows(): NewRow<'fx-rates'>[] {
  const rows: NewRow<'fx-rates'>[] = [];
  for (let d = 0; d < DAYS; d++) {
    for (let f = 0; f < FAMILIES; f++) {
      for (const round of [1, 2]) {
        rows.push({
          family_code: `F${f}`,
          rate_date: dates[d]!,
          round,
          rate_time: round === 1 ? '08:30' : '15:30',
          buying_notes: 30 + f + d / 1000,
          selling_notes: 31 + f,
          buying_sight_bill: 30.5 + f,
          selling_tt: 31.2 + f,
          buying_tt: 30.6 + f,
        });
      }
    }
  }
  return rows;
}

async function freshStore(layout: string[]): Promise<{ store: SqliteStore; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-bench-idx-'));
  const store = openStore(join(dir, 'b.db'));
  if (store.dialect !== 'sqlite') throw new Error('this comparison is of SQLite index layouts');
  await migrateToLatest(store.db);
  for (const statement of layout) store.sqlite.exec(statement);
  await publishBatch(store, { kind: 'reference', source: 'bench' }, async (w) => {
    await w.write('fund-categories', [{ id: 1, name_en: 'C', name_th: 'C', display_order: 1 }]);
    await w.write(
      'funds',
      Array.from({ length: FUNDS }, (_, i) => ({
        id: i + 1,
        code: `F${i + 1}`,
        category_id: 1,
        name_en: 'F',
        name_th: 'F',
        name_th_short: null,
        link_en: '',
        link_th: '',
        factsheet_url: '',
        display_order: i,
      })),
    );
    await w.write(
      'fx-families',
      Array.from({ length: FAMILIES }, (_, f) => ({
        code: `F${f}`,
        description: `F${f}`,
        name: `Family ${f}`,
        unit: 1,
        decimals: 4,
        display_order: f,
      })),
    );
  });
  return { store, dir };
}

async function timed(what: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await what();
  return performance.now() - started;
}

/** Each read the history operations make, as Kysely compiles it: its plan and its mean time. */
async function reads(store: SqliteStore): Promise<void> {
  const captured: CompiledQuery[] = [];
  const logging = new Kysely<Database>({
    dialect: new SqliteDialect({ database: store.sqlite }),
    log: (event) => void captured.push(event.query),
  });
  const funds = new FundRepository(logging, noCaches());
  const fx = new FxRepository(logging, noCaches());
  const fund = (await funds.findFund('7'))!;
  const from = addDays(last, -3 * 365);
  const operations: [string, () => Promise<unknown>][] = [
    [
      'prices + navEntries (GetNavByFundCode), 3 years',
      async () => navEntries(await funds.prices(fund.id, from, last)),
    ],
    ['prices (FundPrice_ByFundCode), 3 years', () => funds.prices(fund.id, from, last)],
    ['navStatistics (one-pass scan, no series cache)', () => funds.navStatistics(fund.id, from, last)],
    ['dailyRates (GetDownloadfxrates), 3 years', () => fx.dailyRates('F7', from, last, false)],
    ['latestRates (GetfxbannerAPI), one family', () => fx.latestRates(['F7'])],
  ];
  for (const [name, run] of operations) {
    captured.length = 0;
    await run();
    const query = captured.at(-1)!;
    const plan = store.sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as { detail: string }[];
    const runs = 50;
    const ms =
      (await timed(async () => {
        for (let i = 0; i < runs; i++) await run();
      })) / runs;
    console.log(`  ${name}: ${ms.toFixed(2)} ms`);
    for (const step of plan) console.log(`      ${step.detail}`);
  }
}

const fundRows = { fund: priceRows('fund'), date: priceRows('date') };
const rates = fxRows();
console.log(`${FUNDS} funds x ${DAYS} days = ${FUNDS * DAYS} fund prices; ${rates.length} FX rates\n`);
for (const [name, layout] of Object.entries(LAYOUTS)) {
  console.log(`== ${name}`);
  for (const order of ['fund', 'date'] as const) {
    const { store, dir } = await freshStore(layout);
    const ms = await timed(() =>
      publishBatch(store, { kind: 'bench', source: 'bench' }, async (w) => {
        await w.write('fund-prices', fundRows[order]);
        await w.write('fx-rates', rates);
      }),
    );
    const rows = fundRows[order].length + rates.length;
    console.log(
      `  publish in ${order} order: ${rows} rows in ${(ms / 1000).toFixed(2)} s = ${Math.round((rows / ms) * 1000).toLocaleString('en-US')} rows/s`,
    );
    if (order === 'date') await reads(store);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
