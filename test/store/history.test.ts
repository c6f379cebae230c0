import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/ingest/files.js';
import { runImport } from '../../src/ingest/import.js';
import { DATA_TYPES } from '../../src/data-types/index.js';
import { HISTORY_TYPES, historyKeys } from '../../src/store/history-repo.js';
import { createTestApp, postBatch, type TestApp } from '../helpers/app.js';

// The history of every data type, published and reference (a fund's names, a family's description),
// through the admin API: the first row of the type's example file, then that row corrected; asked by
// the row's keys as the file names them. A new type is asked for here (CORRECTED must name it) and
// tested with no more than its correction.

/** A change to a value column of each type's first example row that its checks accept. */
const CORRECTED: Readonly<Record<string, Record<string, string>>> = {
  'fund-categories': { name_en: 'Infrastructure Funds' },
  funds: { name_en: 'B Infrastructure Fund (renamed)' },
  'fx-families': { description: 'Gold (per troy ounce)' },
  'deposit-products': { name_en: 'Fixed Deposit, 48 Months' },
  'loan-products': { name_en: 'Renamed loan' },
  'fund-prices': { total_net_assets: '1.00' },
  'fx-rates': { time: '23:59' },
  'deposit-rates': { rate: '9.99' },
  'loan-rates': { rate: '9.99' },
  'market-summary': { value: '1.0' },
  'fund-facts': { risk_level: '6' },
  'fund-dividends': { per_unit: '0.2' },
};

let t: TestApp;
const admin = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${t.adminToken}` } });
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await runImport(t.store, (await collectInputs('examples')).inputs, { source: 'examples' });
});
afterAll(async () => t.close());

describe('GET /admin/history/{type}', () => {
  it('has a correction for every data type, and a history of each', () => {
    expect(Object.keys(CORRECTED).sort()).toEqual(DATA_TYPES.map((type) => type.name).sort());
    expect(HISTORY_TYPES.map((type) => type.name).sort()).toEqual(DATA_TYPES.map((type) => type.name).sort());
  });

  for (const type of HISTORY_TYPES)
    it(`${type.name}: the served value, then the one it replaced, with their batches`, async () => {
      const file = Papa.parse<Record<string, string>>(readFileSync(`examples/${type.name}.csv`, 'utf8'), {
        header: true,
        skipEmptyLines: true,
      });
      const row = file.data[0]!;
      const corrected = { ...row, ...CORRECTED[type.name] };
      const res = await postBatch(t, type.name, Papa.unparse([corrected]));
      expect(res.json()).toMatchObject({ status: 'committed', changed: 1, revisions: 1 });
      const keys = historyKeys(type).map(([inFile]) => `${inFile}=${encodeURIComponent(row[inFile]!)}`);
      const history = (await admin(`/admin/history/${type.name}?${keys.join('&')}`)).json();
      expect(history).toMatchObject([
        { served: true, batchId: res.json().batchId, replacedByBatchId: null, replacedAt: null },
        { served: false, replacedByBatchId: res.json().batchId, replacedAt: expect.any(String) },
      ]);
      expect(history).toHaveLength(2);
      // Each entry holds the keys after the day and every value: the corrected one differs, in its column.
      const [changed] = Object.keys(CORRECTED[type.name]!);
      const column = Object.entries(type.columns).find(([name, c]) => (c.file ?? name) === changed)![0];
      expect(history[0].values[column]).not.toEqual(history[1].values[column]);
      const declaredKeys: readonly string[] = type.keys;
      // Without a day (fund facts) every key is asked.
      const day = type.kind === 'published' ? type.day : undefined;
      const asked = day === undefined ? declaredKeys : declaredKeys.slice(0, declaredKeys.indexOf(day) + 1);
      expect(Object.keys(history[0].values)).toEqual(
        Object.keys(type.columns).filter((c) => !asked.includes(c)),
      );
    });

  it('takes a fund by code in any case, the day as date=, and narrows by the keys after the day', async () => {
    const fund = (await admin('/admin/history/fund-prices?fund=ex-infra&date=2026-11-20')).json();
    expect(fund[0]).toMatchObject({ served: true, values: { nav: 10.0125 } });
    const loan = (await admin('/admin/history/loan-rates?product=900&date=2026-11-01')).json();
    expect(loan[0]).toMatchObject({ served: true });
    const rr = (await admin('/admin/history/market-summary?date=2026-11-20&code=RR')).json();
    const served = rr.filter((e: { served: boolean }) => e.served);
    expect(served.map((e: { values: { number: number } }) => e.values.number)).toEqual([1, 2]);
    // A fund's names by its number or its code, a family's description by its code in any case.
    for (const id of ['9001', 'ex-infra']) {
      const names = (await admin(`/admin/history/funds?id=${id}`)).json();
      expect(names.map((e: { values: { name_en: string } }) => e.values.name_en)).toEqual([
        'B Infrastructure Fund (renamed)',
        'B Infrastructure Fund',
      ]);
    }
    const family = (await admin('/admin/history/fx-families?code=xau')).json();
    expect(family[0]).toMatchObject({ served: true, values: { description: 'Gold (per troy ounce)' } });
    const round = (await admin('/admin/history/fx-rates?family=xau&date=2026-11-20&round=2')).json();
    expect(round).toHaveLength(1);
    expect(round[0].values).toMatchObject({ round: 2, rate_time: '14:30' });
  });

  it('answers [] for a fund or family that is not there, and nothing for a day without values', async () => {
    for (const url of [
      '/admin/history/fund-prices?fund=NO-SUCH&date=2026-11-20',
      '/admin/history/fx-rates?family=ZZZ&date=2026-11-20',
      '/admin/history/market-summary?date=2000-01-01',
      '/admin/history/funds?id=NO-SUCH',
      '/admin/history/deposit-products?id=12345',
    ])
      expect((await admin(url)).json()).toEqual([]);
  });

  it('refuses an unknown type, a missing, unknown or malformed key, naming it', async () => {
    const refusals: [string, number, string][] = [
      [
        '/admin/history/gold-prices?date=2026-11-20',
        404,
        "No history of 'gold-prices': there are fund-categories, funds, fx-families",
      ],
      ['/admin/history/funds', 400, 'Missing id: funds is asked by id'],
      [
        '/admin/history/fx-rates?date=2026-11-20',
        400,
        'Missing family: fx-rates is asked by family and date',
      ],
      [
        '/admin/history/fund-prices?fund=101&date=2026-11-20&nav=1',
        400,
        'Unknown parameter nav: fund-prices is asked by fund, date',
      ],
      [
        '/admin/history/loan-rates?product=0x1&date=2026-01-01',
        400,
        "Invalid product: expected a whole number, got '0x1'",
      ],
      [
        '/admin/history/fund-prices?fund=101&date=31-02-2026',
        400,
        "Invalid date: expected a date that exists, got '31-02-2026'",
      ],
    ];
    for (const [url, status, message] of refusals) {
      const res = await admin(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      expect(res.json().message).toContain(message);
    }
  });
});
