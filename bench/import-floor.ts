// npm run bench:import-floor [-- --prices N] [--rates N]
// What SQLite alone can write on this machine: the import's own writer (SqliteVersionedWriter, 50 fund
// prices to an insert, FX rates one by one) fed rows made beforehand, into a fresh database of the
// real schema, in one transaction, and the commit. No file is read, parsed or checked and no thread
// hands rows over: the import's rows per second can come near this figure, never pass it.
// Rows come in the market files' order (prices fund by fund, rates day by day) and number.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type SqliteStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { SqliteVersionedWriter } from '../src/store/sqlite/versioned-write.js';
import { FUND_PRICES, FX_RATES, type Row, type WriteCounts } from '../src/store/versioned-tables.js';
import { loadAverage } from './harness/load.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const PRICES = option('--prices', 11_069_373);
const RATES = option('--rates', 667_293);
const FUNDS = 2_500; // as the market dataset
const FAMILIES = 33;
const SLICE = 5_000; // rows the import hands its writer at a time

/** Weekdays from 2006-01-04 on, as the market files' dates. */
function weekdays(count: number): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(2006, 0, 4); days.length < count; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const dir = mkdtempSync(join(tmpdir(), 'rates-bench-floor-'));
const store = openStore(join(dir, 'rates.db')) as SqliteStore;
await migrateToLatest(store.db);
const { sqlite } = store;
sqlite
  .prepare('insert into fund_categories (id, name_en, name_th, display_order) values (1, ?, ?, 1)')
  .run('c', 'c');
const fund = sqlite.prepare(
  `insert into funds (id, code, code_key, category_id, name_en, name_th, link_en, link_th, factsheet_url,
   display_order) values (?, ?, ?, 1, 'n', 'n', 'l', 'l', 'f', ?)`,
);
for (let f = 0; f < FUNDS; f++) fund.run(101 + f, `F${f}`, `F${f}`, f);
const family = sqlite.prepare(
  `insert into fx_families (code, description, name, unit, decimals, display_order) values (?, 'd', 'n', 1, 4, ?)`,
);
for (let f = 0; f < FAMILIES; f++) family.run(`C${f}`, f);

const days = weekdays(Math.ceil(PRICES / FUNDS));
const counts: WriteCounts = { inserted: 0, changed: 0, unchanged: 0 };
let writing = 0;
/** Writes `total` rows made `SLICE` at a time by `make`; only the writer's time is counted. */
function write(writer: SqliteVersionedWriter, total: number, make: (i: number) => Row): void {
  const rows = new Array<Row>(SLICE);
  for (let at = 0; at < total; at += SLICE) {
    const n = Math.min(SLICE, total - at);
    rows.length = n;
    for (let i = 0; i < n; i++) rows[i] = make(at + i);
    const started = performance.now();
    writer.write(rows);
    writing += performance.now() - started;
  }
}

const started = performance.now();
sqlite.exec('begin');
const batchId = Number(
  sqlite
    .prepare(
      `insert into batches (kind, source, status, created_at, row_count) values ('floor', 'bench', 'open', ?, 0)`,
    )
    .run(new Date().toISOString()).lastInsertRowid,
);
const now = new Date().toISOString();
const prices = new SqliteVersionedWriter(sqlite, FUND_PRICES, batchId, now, counts);
write(prices, PRICES, (i) => {
  const nav = 10 + (i % 997) / 1000;
  return {
    fund_id: 101 + Math.floor(i / days.length),
    price_date: days[i % days.length]!,
    nav,
    offer: nav,
    redemption: nav,
    total_net_assets: 1_000_000_000 + i,
  };
});
const pricesMs = writing;
const rates = new SqliteVersionedWriter(sqlite, FX_RATES, batchId, now, counts);
const perDay = FAMILIES * 3; // three rounds a day
const rateDays = weekdays(Math.ceil(RATES / perDay));
write(rates, RATES, (i) => {
  const buying = 30 + (i % 313) / 100;
  return {
    family_code: `C${i % FAMILIES}`,
    rate_date: rateDays[Math.floor(i / perDay)]!,
    round: 1 + Math.floor((i % perDay) / FAMILIES),
    rate_time: '08:30',
    buying_notes: buying,
    selling_notes: buying + 1,
    buying_sight_bill: null,
    selling_tt: null,
    buying_tt: null,
  };
});
const ratesMs = writing - pricesMs;
const commitStarted = performance.now();
sqlite.exec('commit');
const commitMs = performance.now() - commitStarted;
const wallMs = performance.now() - started;
await store.close();
rmSync(dir, { recursive: true, force: true });

const rows = PRICES + RATES;
if (counts.inserted !== rows) throw new Error(`wrote ${counts.inserted} of ${rows} rows`);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const writerMs = writing + commitMs;
console.log(
  `floor: ${Math.round(rows / (writerMs / 1000)).toLocaleString('en-US')} rows/s written by SQLite alone ` +
    `(${rows.toLocaleString('en-US')} rows: fund prices ${s(pricesMs)}, FX rates ${s(ratesMs)}, commit ${s(commitMs)}; ` +
    `making the rows ${s(wallMs - writerMs)} more, not counted), load average ${loadAverage()}`,
);
