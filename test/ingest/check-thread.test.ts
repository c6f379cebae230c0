import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/ingest/files.js';
import { runImport, type ImportInput, type ImportReport } from '../../src/ingest/import.js';
import type { Format } from '../../src/ingest/sources.js';
import type { ImportType } from '../../src/ingest/spec.js';
import type { Store } from '../../src/store/db.js';
import { exampleRows } from '../helpers/example-rows.js';
import { openTestStore } from '../helpers/store.js';

// A large import is checked in a thread of its own (src/ingest/check-thread.ts), a small one in the
// writing thread. Each case here imports the same inputs both ways, into two databases, and expects
// the same reports and the same stored rows.

let dir: string;
let here: Store;
let thread: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'check-thread-'));
  here = await openTestStore(dir, 'here.db');
  thread = await openTestStore(dir, 'thread.db');
});
afterAll(async () => {
  await here?.close();
  await thread?.close();
  rmSync(dir, { recursive: true, force: true });
});

const now = () => new Date('2026-11-25T03:00:00Z');
const text = (type: ImportType, format: Format, body: string, name = `${type}.${format}`): ImportInput => ({
  name,
  type,
  format,
  // Pieces of 1000 bytes: characters split between chunks, and many chunks to ask the thread for.
  open: () =>
    Readable.from(
      Buffer.from(body).reduce<Buffer[]>((pieces, _, i, all) => {
        if (i % 1000 === 0) pieces.push(Buffer.from(all.subarray(i, i + 1000)));
        return pieces;
      }, []),
    ),
});

/** The report without what differs from run to run. */
const comparable = ({ seconds: _seconds, ...report }: ImportReport) => report;

/** Imports the inputs into both databases, one way each, and expects the same report of both. */
async function bothWays(inputs: () => ImportInput[] | Promise<ImportInput[]>): Promise<ImportReport> {
  const a = await runImport(here, await inputs(), { source: 'test', now, threadFromBytes: Infinity });
  const b = await runImport(thread, await inputs(), { source: 'test', now, threadFromBytes: 0 });
  expect(comparable(b)).toEqual(comparable(a));
  return b;
}

async function stored(store: Store) {
  const all = (table: string, order: string) =>
    store.db
      .selectFrom(table as 'fund_prices')
      .selectAll()
      .orderBy(order as 'id')
      .execute();
  return {
    prices: await all('fund_prices', 'id'),
    revisions: await all('fund_price_revisions', 'id'),
    fx: await all('fx_rates', 'id'),
    deposits: await all('deposit_rates', 'id'),
    funds: await all('funds', 'id'),
    dates: await all('fund_price_dates', 'price_date'),
    batches: await all('batches', 'id'),
  };
}

/** Two funds beside the example's (in a Thai name, characters that pieces of 1000 bytes split). */
const FUNDS = [
  'id,code,category_id,name_en,name_th,name_th_short,link_en,link_th,factsheet_url,display_order',
  ...[9101, 9102].map(
    (id) =>
      `${id},${id === 9101 ? 'T-ONE' : 'T-TWO'},10,Test ${id},กองทุนเปิดทดสอบ ${id} ${'ก'.repeat(250)},,https://x.example/${id},https://x.example/th/${id},https://x.example/${id}.pdf,${id}`,
  ),
].join('\n');

/** Prices of the example fund, a few slices' worth: fund by fund, day by day from 2000. */
function prices(count: number, nav = (i: number) => 10 + (i % 1000) / 1000): string {
  const lines = ['fund,date,nav,offer,redemption,total_net_assets'];
  const funds = ['EX-INFRA', 'T-ONE', '9102'];
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(2000, 0, 1) + (i % 6000) * 86_400_000).toISOString().slice(0, 10);
    const tna = i % 3 === 0 ? '' : String(1_000_000 + i);
    lines.push(
      `${funds[Math.floor(i / 6000)]},${date},${nav(i).toFixed(4)},${(nav(i) + 0.1).toFixed(4)},${nav(i).toFixed(4)},${tna}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('checking in a thread of its own gives what checking here gives', () => {
  it('imports the example folder (every type; CSV, JSON and NDJSON), then again unchanged', async () => {
    const first = await bothWays(async () => (await collectInputs('examples')).inputs);
    expect(first).toMatchObject({ status: 'committed', errorCount: 0 });
    // Every row of the files: reference rows, prices, rates, facts, dividends, a day's market summary.
    expect(first.inserted).toBe(exampleRows());
    expect(await bothWays(async () => (await collectInputs('examples')).inputs)).toMatchObject({
      status: 'unchanged',
    });
  });

  it('writes prices of several slices, and a changed run of them with revisions', async () => {
    const first = await bothWays(() => [
      text('fund-prices', 'csv', prices(14_000)),
      text('funds', 'csv', FUNDS),
    ]);
    expect(first).toMatchObject({ status: 'committed', rowsRead: 14_002, inserted: 14_002 });
    const second = await bothWays(() => [
      text(
        'fund-prices',
        'csv',
        prices(14_000, (i) => (i % 7 === 0 ? 20 : 10 + (i % 1000) / 1000)),
      ),
    ]);
    expect(second).toMatchObject({ status: 'committed', changed: 2000, unchanged: 12_000 });
  });

  it('rejects rows with problems, reporting the same problems at the same lines', async () => {
    const bad = prices(12_000)
      .replace('EX-INFRA,2000-01-05,', 'NO-SUCH,2000-01-05,')
      .replace(/\nT-ONE,2000-01-09,[^,]*,/, '\nT-ONE,2000-01-09,abc,')
      .concat('EX-INFRA,2000-01-01,10,10.1,10,\n');
    const report = await bothWays(() => [text('fund-prices', 'csv', bad)]);
    expect(report.status).toBe('rejected');
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [6, 'fund'],
      [6010, 'nav'],
      [12_002, null],
    ]);
  });

  it('reports a broken file the same way: a quote left open, JSON that is not an array', async () => {
    const quote = await bothWays(() => [
      text('fund-prices', 'csv', `${prices(3)}"EX-INFRA,2026-01-01,1,1,1,\n`),
    ]);
    expect(quote.errors[0]?.reason).toMatch(/not valid CSV/);
    const json = await bothWays(() => [text('fx-rates', 'json', '{"family": "XAU"}')]);
    expect(json.errors[0]?.reason).toMatch(/not a valid JSON array/);
  });

  it('fails on an input that cannot be read, storing nothing', async () => {
    const failing = (): ImportInput[] => [
      {
        name: 'fund-prices.csv',
        type: 'fund-prices',
        format: 'csv',
        open: () =>
          Readable.from(
            (async function* () {
              yield Buffer.from(prices(10));
              throw new Error('disk gone');
            })(),
          ),
      },
    ];
    const outcome = (store: Store, threadFromBytes: number) =>
      runImport(store, failing(), { source: 'test', now, threadFromBytes }).then(
        (report) => comparable(report),
        (error: Error) => error.message,
      );
    const a = await outcome(here, Infinity);
    expect(await outcome(thread, 0)).toEqual(a);
  });

  it('leaves both databases with the same rows', async () => {
    const [a, b] = [await stored(here), await stored(thread)];
    expect(b.prices.length).toBe(14_000 + 5); // and the example's 5
    expect(b).toEqual(a);
  });
});
