import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/ingest/files.js';
import { runImport, type ImportInput } from '../../src/ingest/import.js';
import type { Format } from '../../src/ingest/sources.js';
import type { ImportType } from '../../src/ingest/spec.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { exampleRows } from '../helpers/example-rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const input = (type: ImportType, format: Format, text: string, name = `${type}.${format}`): ImportInput => ({
  name,
  type,
  format,
  open: () => Readable.from([Buffer.from(text)]),
});
const importText = (type: ImportType, format: Format, text: string) =>
  runImport(t.store, [input(type, format, text)], { source: 'test' });
const api = async (path: string) =>
  (await t.app.inject({ url: `/api/${path}`, headers: { 'ocp-apim-subscription-key': t.key } })).json();
const count = async () =>
  Number(
    (
      await t.store.db
        .selectFrom('fund_prices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a good batch of each type', () => {
  it('imports the example folder as one batch and serves it', async () => {
    const { inputs } = await collectInputs('examples');
    const report = await runImport(t.store, inputs, { source: 'examples' });
    expect(report).toMatchObject({ status: 'committed', errorCount: 0, changed: 0, unchanged: 0 });
    // Every row read is accounted for: reference rows as well as prices, rates, facts, dividends and
    // a day's market summary, as many as the files hold.
    const rows = exampleRows();
    expect(rows).toBeGreaterThan(60);
    expect(report).toMatchObject({ rowsRead: rows, inserted: rows });

    const prices = await api('FundPriceService/FundPrice_ByFundCode/EX-INFRA/01/11/2026/20/11/2026');
    expect(prices.map((p: { mfr_dDataDate: string }) => p.mfr_dDataDate.slice(0, 10))).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(prices[4]).toMatchObject({
      mfr_fNav: 10.0125,
      mf_sThaLCD: 'บี อินฟรา',
      mf_catenumber: 10,
      l_ID: report.batchId,
    });
    const families = await api('ExchangeRateService/Getfxfamily');
    expect(families.at(-1)).toEqual({ Family: 'XAU', Description: 'Gold Troy Ounce' });
    const banner = await api('ExchangeRateService/GetfxbannerAPI/xau');
    expect(banner[0]).toMatchObject({ Family: 'XAU', Update: '2', BuyingRates: '', TT: '135510.00' });
    const deposits = await api('InterestRatesService/GetDepositRate');
    expect(deposits.at(-1)).toMatchObject({ DepositNameEn: 'Fixed Deposit 48 Months', DepositRates: '2.15' });
    // The loan rate announced for 2027 is stored, not served before its day.
    const loans = await api('InterestRatesService/GetLoanRate');
    expect(loans.at(-1)).toEqual({
      LoanNameEn: 'Green Home Loan (first 3 years)',
      LoanNameTh: 'สินเชื่อบ้านกรีน (3 ปีแรก)',
      LoanRates: '3.125',
      EffectiveDate: '01/11/2026',
      TimeSubmit: '28/10/2026 16:30:00',
    });
    const [[day], values] = await api('MarketService/GetMarketsum');
    expect(day).toEqual({ mktdate: '20/11/2026' });
    expect(values).toHaveLength(60);
  });

  it('changes nothing, and makes no batch, when the same files come again', async () => {
    const batches = () => t.store.db.selectFrom('batches').select('id').execute();
    const before = await batches();
    const { inputs } = await collectInputs('examples');
    const report = await runImport(t.store, inputs, { source: 'examples' });
    expect(report).toMatchObject({
      status: 'unchanged',
      batchId: null,
      rowsRead: 80,
      inserted: 0,
      changed: 0,
      unchanged: 80,
      revisions: 0,
    });
    expect(await batches()).toEqual(before);
    const revisions = await t.store.db.selectFrom('fund_price_revisions').selectAll().execute();
    expect(revisions).toEqual([]);
  });

  it('serves a changed price and keeps the earlier one as a revision of its batch', async () => {
    const before = await api('FundPriceService/FundPrice_ByFundCode/EX-INFRA/20/11/2026/20/11/2026');
    const report = await importText(
      'fund-prices',
      'csv',
      'fund,date,nav,offer,redemption\nEX-INFRA,2026-11-20,10.02,10.12,9.97\n',
    );
    expect(report).toMatchObject({ status: 'committed', changed: 1, revisions: 1 });
    const after = await api('FundPriceService/FundPrice_ByFundCode/EX-INFRA/20/11/2026/20/11/2026');
    expect(after[0]).toMatchObject({ mfr_fNav: 10.02, l_ID: report.batchId, mfr_iId: before[0].mfr_iId });
    const history = await t.app.inject({
      url: '/admin/history/fund-prices?fund=ex-infra&date=2026-11-20',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(history.json()).toEqual([
      {
        served: true,
        batchId: report.batchId,
        replacedByBatchId: null,
        replacedAt: null,
        values: { nav: 10.02, offer: 10.12, redemption: 9.97, total_net_assets: null },
      },
      {
        served: false,
        batchId: before[0].l_ID,
        replacedByBatchId: report.batchId,
        replacedAt: expect.any(String),
        values: { nav: 10.0125, offer: 10.1126, redemption: 9.9624, total_net_assets: 1250000000 },
      },
    ]);
  });
});

describe('a bad batch', () => {
  it('is rejected with the line and reason of the bad row in the middle, and nothing changes', async () => {
    const lines = ['fund,date,nav,offer,redemption'];
    for (let i = 1; i <= 999; i++) {
      const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      lines.push(i === 500 ? `B-EQUITY,${date},10.5,10.4,10.0` : `B-EQUITY,${date},10.5,10.6,10.4`);
    }
    const before = await count();
    const latest = await api('FundPriceService/LatestDate');
    const report = await importText('fund-prices', 'csv', lines.join('\n'));
    expect(report.status).toBe('rejected');
    expect(report.errors).toEqual([
      { file: 'fund-prices.csv', line: 501, column: 'offer', reason: 'offer 10.4 is below the NAV 10.5' },
    ]);
    expect(await count()).toBe(before);
    expect(await api('FundPriceService/LatestDate')).toEqual(latest);
    const batch = await t.store.db
      .selectFrom('batches')
      .selectAll()
      .where('id', '=', report.batchId!)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'rejected', row_count: 0 });
  });

  it.each([
    [
      'an unknown fund',
      'fund,date,nav,offer,redemption\nNOPE,2026-01-05,1,1,1',
      { line: 2, column: 'fund', reason: 'unknown fund NOPE' },
    ],
    [
      'a future date',
      'fund,date,nav,offer,redemption\n101,2399-01-05,1,1,1',
      { line: 2, column: 'date', reason: expect.stringMatching(/^is after today/) },
    ],
    [
      'an impossible date',
      'fund,date,nav,offer,redemption\n101,2026-02-30,1,1,1',
      { line: 2, column: 'date', reason: "expected a real A.D. date, got '2026-02-30'" },
    ],
    [
      'a non-number',
      'fund,date,nav,offer,redemption\n101,2026-01-05,abc,1,1',
      { line: 2, column: 'nav', reason: "expected a decimal number, got 'abc'" },
    ],
    [
      'a duplicate key',
      'fund,date,nav,offer,redemption\n101,2026-01-05,1,1,1\nB-TREASURY,2026-01-05,1,1,1',
      { line: 3, column: null, reason: 'duplicate price of fund B-TREASURY on 2026-01-05 in this batch' },
    ],
    [
      'an unknown column',
      'fund,date,nav,offer,redemption,extra\n101,2026-01-05,1,1,1,x',
      { line: 1, column: 'extra', reason: expect.stringMatching(/^unknown column/) },
    ],
    [
      'a missing column',
      'fund,date,nav,offer\n101,2026-01-05,1,1',
      { line: 1, column: 'redemption', reason: 'missing column' },
    ],
    [
      'an open quote',
      'fund,date,nav,offer,redemption\n"101,2026-01-05,1,1,1',
      { column: null, reason: expect.stringMatching(/^not valid CSV/) },
    ],
    ['no rows', 'fund,date,nav,offer,redemption\n', { line: null, column: null, reason: 'has no rows' }],
  ])('is rejected for %s', async (_what, csv, issue) => {
    const before = await count();
    const report = await importText('fund-prices', 'csv', csv);
    expect(report.status).toBe('rejected');
    expect(report.errors[0]).toMatchObject(issue);
    expect(await count()).toBe(before);
  });

  it('counts lines inside quoted fields and refuses a row with the wrong number of fields', async () => {
    const csv = [
      'id,name_en,name_th,display_order',
      '501,"Two-line',
      'name",ชื่อ,1',
      '502,Ok,ชื่อ,2,extra',
      '',
      '503,Ok,ชื่อ,x',
    ].join('\r\n');
    const report = await importText('deposit-products', 'csv', csv);
    expect(report.errors).toEqual([
      { file: 'deposit-products.csv', line: 4, column: null, reason: 'expected 4 fields, got 5' },
      {
        file: 'deposit-products.csv',
        line: 6,
        column: 'display_order',
        reason: "expected a whole number, got 'x'",
      },
    ]);
  });

  it('reports JSON and NDJSON problems by item and line', async () => {
    const json = await importText(
      'fx-rates',
      'json',
      '[{"family":"USD50","date":"2026-01-05","round":1,"time":"25:00","buying_tt":1}]',
    );
    expect(json.errors).toEqual([
      { file: 'fx-rates.json', line: 1, column: 'time', reason: "expected a time HH:mm, got '25:00'" },
    ]);
    const broken = await importText('fx-rates', 'json', '[{"family": "USD50",');
    expect(broken.errors[0]!.reason).toMatch(/^not a valid JSON array/);
    const nd = await importText(
      'deposit-rates',
      'ndjson',
      '{"product":1,"effective_date":"2026-01-01","rate":"0.5","submitted_at":"2025-12-30 10:00:00"}\nnot json\n',
    );
    expect(nd.errors).toEqual([
      {
        file: 'deposit-rates.ndjson',
        line: 2,
        column: null,
        reason: expect.stringMatching(/^not valid JSON/),
      },
    ]);
  });

  it('lists at most the asked number of errors and counts them all', async () => {
    const csv = [
      'fund,date,nav,offer,redemption',
      ...Array.from({ length: 50 }, () => 'NOPE,2026-01-05,1,1,1'),
    ].join('\n');
    const report = await runImport(t.store, [input('fund-prices', 'csv', csv)], {
      source: 't',
      maxErrors: 5,
    });
    expect(report.errors).toHaveLength(5);
    expect(report.errorCount).toBe(50);
  });
});
