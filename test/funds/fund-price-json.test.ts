import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { PriceSeries } from '../../src/domain/price-series.js';
import { dayPricesJson, fundNamesJson, priceRecordsJson } from '../../src/funds/presenter-bytes.js';
import { fundNameItem, netAssetsText, priceListItem, priceRecord } from '../../src/funds/presenter.js';
import { FundPriceListItem } from '../../src/funds/schemas.js';
import {
  LISTED_COLUMNS,
  type DayPrice,
  type ListedFund,
  type PriceRow,
  type PriceRun,
} from '../../src/funds/repository.js';
import type { Fund } from '../../src/store/schema.js';
import { createTestApp, dmy, uncachedApp, type TestApp, postBatch } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// FundPrice_ByFundCode writes its answer as bytes itself (src/funds/presenter-bytes.ts). It must be
// the JSON of the records as the spec types them, in the schema's field order: what the route's
// serializer wrote before, and what JSON.stringify writes of the same records.

const text = fc.string({ unit: 'binary', maxLength: 40 });
const fund: fc.Arbitrary<Fund> = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  code: text,
  code_key: text,
  name_en: text,
  name_th: fc.oneof(text, fc.constant('กองทุนเปิดบัวหลวง "ตราสาร" \\ 😀')),
  name_th_short: fc.option(text),
  category_id: fc.integer({ min: 0, max: 1000 }),
  display_order: fc.integer({ min: -1000, max: 1000 }),
  link_en: text,
  link_th: text,
  factsheet_url: text,
}) as fc.Arbitrary<Fund>;
const price = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => Math.round(n * 10000) / 10000),
);
const row: fc.Arbitrary<PriceRow> = fc.record({
  id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  price_date: fc
    .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  nav: price,
  offer: price,
  redemption: price,
  batch_id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** The rows as a series, all of it: the run a route writes. */
const runOf = (rows: PriceRow[]): PriceRun => {
  const series = PriceSeries.fromRows(rows.map((r) => ({ ...r, total_net_assets: null })));
  return { series, start: 0, end: series.length };
};

describe('the bytes of a fund price history', () => {
  it('are the JSON of its records, for any fund names and prices', () => {
    fc.assert(
      fc.property(fund, fc.array(row, { maxLength: 60 }), (f, rows) => {
        const expected = JSON.stringify(rows.map((r) => priceRecord(f, r)));
        expect(priceRecordsJson(f, runOf(rows)).toString('utf8')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('have room for records whose numbers are as long as numbers get', () => {
    const longest = {
      id: Number.MAX_SAFE_INTEGER,
      nav: -1.2345678901234568e-300,
      offer: -0.0000012345678901234,
    };
    const rows: PriceRow[] = Array.from({ length: 500 }, (_, i) => ({
      id: longest.id - i,
      price_date: '2024-02-29',
      nav: longest.nav,
      offer: longest.offer,
      redemption: -Number.MAX_VALUE,
      batch_id: 2 ** 31 - 1,
    }));
    const f: Fund = {
      id: 2 ** 31 - 1,
      code: 'X',
      code_key: 'X',
      name_en: '',
      name_th: '',
      name_th_short: null,
      category_id: 0,
      display_order: 0,
      link_en: '',
      link_th: '',
      factsheet_url: '',
    };
    expect(priceRecordsJson(f, runOf(rows)).toString('utf8')).toBe(
      JSON.stringify(rows.map((r) => priceRecord(f, r))),
    );
  });
});

const listed: fc.Arbitrary<ListedFund> = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  name_en: text,
  name_th: fc.oneof(text, fc.constant('กองทุนเปิดบัวหลวง "ตราสาร" \\ 😀')),
  category_id: fc.integer({ min: 0, max: 1000 }),
  category_en: text,
  category_th: text,
  link_en: text,
  link_th: text,
  display_order: fc.integer({ min: 0, max: 1000 }),
});

const isoDay = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const netAssets = fc.option(
  fc.oneof(
    fc.double({ min: 0, max: 1e15, noNaN: true }),
    fc.integer({ min: 0, max: 1e12 }).map((n) => n / 100),
  ),
);

describe('the bytes of a day of fund prices', () => {
  it('are the JSON of the listed funds that have a price, in listing order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(listed, { selector: (f) => f.id, maxLength: 40 }),
        fc.array(fc.tuple(fc.boolean(), price, price, price, fc.boolean(), isoDay, netAssets), {
          maxLength: 40,
        }),
        isoDay,
        (listing, draws, date) => {
          const prices: DayPrice[] = listing.flatMap((f, i) => {
            const [has, nav, offer, redemption, onDate, earlier, total_net_assets] = draws[i] ?? [];
            if (!has) return [];
            const price_date = onDate ? date : earlier!;
            return [
              {
                fund_id: f.id,
                price_date,
                nav: nav!,
                offer: offer!,
                redemption: redemption!,
                total_net_assets: total_net_assets ?? null,
              },
            ];
          });
          const byFund = new Map(prices.map((p) => [p.fund_id, p]));
          const expected = listing.flatMap((f) =>
            byFund.has(f.id) ? [priceListItem(f, byFund.get(f.id)!, date)] : [],
          );
          expect(dayPricesJson(listing, prices.reverse(), date).toString('utf8')).toBe(
            JSON.stringify(expected),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('write the fields of the schema, in its order', () => {
    const f: ListedFund = {
      id: 7,
      name_en: 'F',
      name_th: 'ฟ',
      category_id: 1,
      category_en: 'C',
      category_th: 'ค',
      link_en: 'e',
      link_th: 't',
      display_order: 1,
    };
    const p: DayPrice = {
      fund_id: 7,
      price_date: '2026-01-02',
      nav: 1,
      offer: 1,
      redemption: 1,
      total_net_assets: 5,
    };
    const [item] = JSON.parse(dayPricesJson([f], [p], '2026-01-05').toString('utf8')) as object[];
    expect(Object.keys(item!)).toEqual(Object.keys(FundPriceListItem.properties));
    expect(item).toMatchObject({ mfr_sAUM: '5.00', mf_backdate: '2026-01-02T00:00:00' });
  });
});

describe('mfr_sAUM', () => {
  it('is baht with two decimals for any amount stored, however large, and "" when not published', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e300, noNaN: true }), (amount) => {
        expect(netAssetsText(amount)).toMatch(/^[0-9]+[.][0-9]{2}$/);
      }),
      { numRuns: 500 },
    );
    expect(netAssetsText(1523000000.5)).toBe('1523000000.50');
    expect(netAssetsText(0)).toBe('0.00');
    expect(netAssetsText(1e21)).toBe('1000000000000000000000.00');
    expect(netAssetsText(null)).toBe('');
  });
});

describe('the bytes of the fund names', () => {
  it('are the JSON of every listed fund, in listing order', () => {
    fc.assert(
      fc.property(fc.array(listed, { maxLength: 40 }), (listing) => {
        expect(fundNamesJson(listing).toString('utf8')).toBe(JSON.stringify(listing.map(fundNameItem)));
      }),
      { numRuns: 200 },
    );
  });
});

let t: TestApp;
/** No answer cache: every call builds its answer. */
let bare: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  bare = await uncachedApp(t);
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

/**
 * AllFundPrices of a date by plain queries: each fund's prices of the week up to that date, the latest
 * kept; nothing when no fund has a price on that date. What the route must answer.
 */
async function pricesOn(date: string) {
  const rows = await t.store.db
    .selectFrom('funds as f')
    .innerJoin('fund_prices as p', 'p.fund_id', 'f.id')
    .innerJoin('fund_categories as c', 'c.id', 'f.category_id')
    .where('p.price_date', '>=', addDays(date, -7))
    .where('p.price_date', '<=', date)
    .select([
      ...LISTED_COLUMNS,
      'p.fund_id',
      'p.price_date',
      'p.nav',
      'p.offer',
      'p.redemption',
      'p.total_net_assets',
    ])
    .orderBy('f.category_id')
    .orderBy('f.display_order')
    .orderBy('f.id')
    .orderBy('p.price_date', 'desc')
    .execute();
  if (!rows.some((r) => r.price_date === date)) return [];
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => priceListItem(r, r, date));
}

describe('AllFundPrices', () => {
  const day = async (date: string) => {
    const res = await bare.inject({
      url: `/api/FundPriceService/AllFundPrices/${dmy(date)}`,
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body;
  };

  it('answers what one query of funds, categories and prices answers, for every day around the data', async () => {
    for (let i = -70; i <= 2; i++) {
      const date = addDays(t.fixture.latest, i);
      expect(await day(date)).toBe(JSON.stringify(await pricesOn(date)));
    }
    expect(JSON.parse(await day(t.fixture.latest))).not.toEqual([]);
  });

  it('lists a fund changed by a batch right after the batch commits', async () => {
    const { latest } = t.fixture;
    expect(await day(latest)).not.toContain('Renamed Global');
    const batch = (type: string, header: string, row: string) => postBatch(t, type, `${header}\n${row}\n`);
    const funds = await batch(
      'funds',
      'id,code,category_id,name_en,name_th,name_th_short,link_en,link_th,factsheet_url,display_order',
      `${FUNDS.global.id},${FUNDS.global.code},2,Renamed Global,กองทุนใหม่,,https://g.example.com,https://g.example.com/th,https://g.example.com/g.pdf,0`,
    );
    expect(funds.json()).toMatchObject({ status: 'committed' });
    const items = JSON.parse(await day(latest)) as { mf_iNumber: string; mf_sEng: string }[];
    expect(items.find((i) => i.mf_iNumber === String(FUNDS.global.id))).toMatchObject({
      mf_sEng: 'Renamed Global',
    });
    expect(await day(latest)).toBe(JSON.stringify(await pricesOn(latest)));
  });
});
