// npm run bench:import-floor [-- --scale default|market] [--until YYYY-MM-DD]
// What SQLite takes on this machine: the rows of the demo dataset (the very rows `bench:import`'s files
// hold) written as one batch through the import's own writer (publishBatch, BatchWriter, 50 fund prices
// to an insert), straight from the generator into a fresh database. No file is read, parsed or checked
// and no thread hands rows over; only the writer's calls and the commit are timed, not the making of
// the rows, nor their turning into the slices the import's writer gets (store/row-slice.ts). The
// import's rows per second can come near this figure, never pass it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemoInto, type DemoWriter } from '../src/ingest/demo/generate.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { publishBatch } from '../src/store/publisher.js';
import { encodeRows, type RowSlice } from '../src/store/row-slice.js';
import { dataType, type DataTypeName } from '../src/data-types/index.js';
import { loadAverage } from './harness/load.js';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: 'market' }, until: { type: 'string', default: '2026-11-20' } },
});
const scale = values.scale as 'default' | 'market';

const dir = mkdtempSync(join(tmpdir(), 'rates-bench-floor-'));
const store = openStore(join(dir, 'rates.db'));
await migrateToLatest(store.db);

/** Milliseconds spent in the writer, by what it wrote. */
const spent = { 'fund prices': 0, 'FX rates': 0, 'the rest': 0 };
const SPENT_ON: Partial<Record<DataTypeName, keyof typeof spent>> = {
  'fund-prices': 'fund prices',
  'fx-rates': 'FX rates',
};
const timed =
  <A extends unknown[]>(what: keyof typeof spent, write: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    const started = performance.now();
    await write(...args);
    spent[what] += performance.now() - started;
  };
/** Prices and rates as the import's check thread hands them over: as a slice, made before the clock. */
const sliced =
  (write: (rows: RowSlice) => Promise<void>) =>
  (rows: readonly object[]): Promise<void> =>
    write(encodeRows(rows as Record<string, unknown>[]).slice);

let written = 0;
let ended = 0;
const started = performance.now();
let published: Awaited<ReturnType<typeof publishBatch>>;
// The folder goes, also when the generator refuses a setting (--scale, --until) or the writer fails.
try {
  published = await publishBatch(store, { kind: 'floor', source: 'bench' }, async (w) => {
    // Published rows go as a slice, as the check thread hands them over; reference rows as objects.
    const writer: DemoWriter = {
      write: (type, rows) =>
        dataType(type).kind === 'reference'
          ? timed('the rest', () => w.write(type, rows))()
          : sliced(timed(SPENT_ON[type] ?? 'the rest', (r) => w.write(type, r)))(rows as readonly object[]),
    };
    await generateDemoInto({ batch: (write) => write(writer) }, { scale, until: values.until });
    written = performance.now();
  });
  ended = performance.now();
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
// What publishBatch does after the last row: the batch's price dates, its row, and the commit.
const commitMs = ended - written;
const wallMs = ended - started;

if (published.batchId === null) throw new Error('the floor wrote nothing');
// Counted as the import counts its rows: reference rows too.
const rows = published.counts.inserted;
const writerMs = spent['fund prices'] + spent['FX rates'] + spent['the rest'] + commitMs;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `floor: ${Math.round(rows / (writerMs / 1000)).toLocaleString('en-US')} rows/s written by SQLite alone ` +
    `(${rows.toLocaleString('en-US')} rows: fund prices ${s(spent['fund prices'])}, FX rates ${s(spent['FX rates'])}, ` +
    `the rest ${s(spent['the rest'])}, commit ${s(commitMs)}; making the rows ${s(wallMs - writerMs)} more, ` +
    `not counted), load average ${loadAverage()}`,
);
