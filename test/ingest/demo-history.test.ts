import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../../src/ingest/demo/generate.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { samplePaths } from '../sync/operations.js';
import type { Service } from '../sync/services.js';

// The demo's history (docs/time-travel.md): its data first published in bulk, then later batches
// rename a fund, correct a price, change a deposit rate and correct an FX rate, each at an instant of
// its own in the past, so that an answer as of an instant before a correction shows what was first
// published. The latest answers stay those of the demo without that history.

const UNTIL = '2014-03-14';
/** The corrections, on the evening before UNTIL (Bangkok). */
const RENAMED = new Date('2014-03-13T17:00:00+07:00');
const PRICE = new Date('2014-03-13T18:00:00+07:00');
const DEPOSIT = new Date('2014-03-13T19:00:00+07:00');
const FX = new Date('2014-03-13T20:00:00+07:00');
const MINUTE = 60_000;

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ seed: false }), createTestApp({ seed: false })]);
  await Promise.all([
    generateDemo(t.store, { until: UNTIL }),
    generateDemo(plain.store, { until: UNTIL, history: false }),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const get = (app: TestApp, url: string, asOf?: Date) =>
  app.app.inject({
    url: asOf ? `${url}${url.includes('?') ? '&' : '?'}asOf=${asOf.toISOString()}` : url,
    headers: { 'ocp-apim-subscription-key': app.key },
  });
const json = async <T>(url: string, asOf?: Date) => {
  const res = await get(t, url, asOf);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const before = (instant: Date) => new Date(instant.getTime() - MINUTE);
const after = (instant: Date) => new Date(instant.getTime() + MINUTE);

/** The first published value of a revisioned row: the revision the correction at `at` replaced. */
async function original<R>(table: string, at: Date): Promise<R> {
  const batch = await t.store.db
    .selectFrom('batches')
    .select('id')
    .where('committed_at', '=', at.toISOString())
    .executeTakeFirstOrThrow();
  const rows = await t.store.db
    .selectFrom(table as 'fund_price_revisions')
    .selectAll()
    .where('replaced_by_batch_id', '=', batch.id)
    .execute();
  expect(rows).toHaveLength(1);
  return rows[0] as R;
}

describe('the demo history', () => {
  it('publishes in batches at distinct past instants, its corrections last, before the day of `until`', async () => {
    const batches = await t.store.db
      .selectFrom('batches')
      .select(['id', 'committed_at', 'status'])
      .orderBy('id')
      .execute();
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.every((b) => b.status === 'committed')).toBe(true);
    const instants = batches.map((b) => Date.parse(b.committed_at!));
    for (let i = 1; i < instants.length; i++) expect(instants[i]).toBeGreaterThan(instants[i - 1]!);
    expect(instants.at(-1)).toBeLessThan(Date.parse(`${UNTIL}T00:00:00+07:00`));
    expect(instants.slice(-4)).toEqual([RENAMED, PRICE, DEPOSIT, FX].map((d) => d.getTime()));

    const timemap = await t.app.inject({
      url: '/timemap/api/FundPriceService/AllFundsName',
      headers: { accept: 'application/json' },
    });
    const mementos = timemap.json<{ mementos: { datetime: string }[] }>().mementos.map((m) => m.datetime);
    expect(mementos.length).toBeGreaterThan(1);
    expect(mementos).toContain(RENAMED.toUTCString());
  });

  it('names the renamed fund by its former name as of before the rename, by its name since after it', async () => {
    type Fund = { mf_iNumber: string; mf_sEng: string; mf_sTha: string };
    const fund = async (asOf?: Date) =>
      (await json<Fund[]>('/api/FundPriceService/AllFundsName', asOf)).find((f) => f.mf_iNumber === '101');
    expect(await fund(before(RENAMED))).toMatchObject({
      mf_sEng: 'B Government Bond Fund',
      mf_sTha: 'กองทุนเปิดบี พันธบัตรรัฐบาล',
    });
    for (const asOf of [after(RENAMED), undefined])
      expect(await fund(asOf)).toMatchObject({
        mf_sEng: 'B Treasury Fund',
        mf_sTha: 'กองทุนเปิดบี ตราสารภาครัฐ',
      });
  });

  it('answers the price first published as of before its correction, the corrected one after it', async () => {
    const first = await original<{ fund_id: number; price_date: string; nav: number; offer: number }>(
      'fund_price_revisions',
      PRICE,
    );
    expect(first).toMatchObject({ fund_id: 101, price_date: UNTIL });
    const url = '/api/FundPriceService/FundPrice_ByFundCode/101/14/03/2014/14/03/2014';
    type Price = { mfr_fNav: number; mfr_fSel: number }[];
    const [old] = await json<Price>(url, before(PRICE));
    expect(old).toMatchObject({ mfr_fNav: first.nav, mfr_fSel: first.offer });
    const [corrected] = await json<Price>(url, after(PRICE));
    expect(corrected!.mfr_fNav).not.toBe(first.nav);
    expect((await json<Price>(url))[0]!.mfr_fNav).toBe(corrected!.mfr_fNav);
  });

  it('gives the deposit rate in effect as first published before its change, the changed one after it', async () => {
    const first = await original<{ product_id: number; rate: string }>('deposit_rate_revisions', DEPOSIT);
    expect(first.product_id).toBe(1);
    type Rate = { DepositNameEn: string; DepositRates: string };
    const rate = async (asOf?: Date) =>
      (await json<Rate[]>('/api/InterestRatesService/GetDepositRate', asOf)).find(
        (r) => r.DepositNameEn === 'Savings Account',
      )!.DepositRates;
    expect(await rate(before(DEPOSIT))).toBe(first.rate);
    expect(await rate(after(DEPOSIT))).not.toBe(first.rate);
  });

  it('quotes the FX rate first published as of before its correction, the corrected one after it', async () => {
    const first = await original<{ family_code: string; rate_date: string; selling_tt: number }>(
      'fx_rate_revisions',
      FX,
    );
    expect(first).toMatchObject({ family_code: 'USD50', rate_date: UNTIL });
    type Fx = { Family: string; Bill_DD_TT: string };
    const selling = async (asOf?: Date) =>
      Number(
        (await json<Fx[]>('/api/ExchangeRateService/GetLatestfxrates', asOf)).find(
          (r) => r.Family === 'USD50',
        )!.Bill_DD_TT,
      );
    expect(await selling(before(FX))).toBe(first.selling_tt);
    expect(await selling(after(FX))).not.toBe(first.selling_tt);
    expect(await selling()).toBe(await selling(after(FX)));
  });

  it('answers the latest as the demo without its history does, byte for byte (the corrected price names its batch)', async () => {
    const priceBatch = await t.store.db
      .selectFrom('batches')
      .select('id')
      .where('committed_at', '=', PRICE.toISOString())
      .executeTakeFirstOrThrow();
    const { batch_id: firstBatch } = await original<{ batch_id: number }>('fund_price_revisions', PRICE);
    const paths = await samplePaths({ store: t.store } as Service, UNTIL);
    expect(paths.length).toBeGreaterThan(200);
    let differing = 0;
    for (const path of paths) {
      const [a, b] = await Promise.all([get(t, path), get(plain, path)]);
      if (a.body !== b.body) differing++;
      expect(a.statusCode, path).toBe(b.statusCode);
      expect(a.body.replaceAll(`"l_ID":${priceBatch.id},`, `"l_ID":${firstBatch},`), path).toBe(b.body);
    }
    // The paths that show the corrected price of fund 101 on UNTIL.
    expect(differing).toBeGreaterThan(0);
  });
});
