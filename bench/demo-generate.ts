// Measures the demo generator: npx tsx bench/demo-generate.ts [--scale market] [--until YYYY-MM-DD]
// Generates into a fresh temporary SQLite file and prints rows per table, time, rows/s and peak RSS.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemo } from '../src/ingest/demo/generate.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'default' },
    until: { type: 'string' },
    keep: { type: 'boolean' },
  },
});
if (values.scale !== 'default' && values.scale !== 'market') throw new Error('--scale is default or market');
const scale = values.scale;

const dir = mkdtempSync(join(tmpdir(), 'demo-bench-'));
const file = join(dir, 'demo.db');
const store = openStore(file);
await migrateToLatest(store.db);

let peakRss = process.memoryUsage().rss;
const poll = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const started = performance.now();
const summary = await generateDemo(store, {
  scale,
  ...(values.until ? { until: values.until } : {}),
  onProgress: (message) =>
    console.log(`  [${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`),
});
const seconds = (performance.now() - started) / 1000;
clearInterval(poll);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const tables = [
  'fund_categories',
  'funds',
  'fund_prices',
  'fx_families',
  'fx_rates',
  'deposit_products',
  'deposit_rates',
  'market_summary',
  'batches',
] as const;
const counts: Record<string, number> = {};
for (const table of tables) {
  const { n } = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  counts[table] = Number(n);
}
await store.close();
const total = (['fund_prices', 'fx_rates', 'deposit_rates', 'market_summary'] as const).reduce(
  (n, t) => n + (counts[t] ?? 0),
  0,
);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const fileBytes = statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);

console.log(`\nDemo dataset, scale ${scale}, ${summary.from} to ${summary.until}`);
for (const table of tables) console.log(`  ${table.padEnd(18)} ${String(counts[table]).padStart(12)}`);
console.log(`  seconds            ${seconds.toFixed(1).padStart(12)}`);
console.log(
  `  rows/s             ${Math.round(total / seconds)
    .toString()
    .padStart(12)}  (prices, FX and deposit rates, market summary)`,
);
console.log(`  peak RSS (MB)      ${mb(peakRss).padStart(12)}`);
console.log(`  database (MB)      ${mb(fileBytes).padStart(12)}`);
if (values.keep) console.log(`  kept at ${file}`);
else rmSync(dir, { recursive: true, force: true });
