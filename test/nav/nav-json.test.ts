import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceSeries } from '../../src/domain/price-series.js';
import { dayPricesJson, priceRecordsJson } from '../../src/funds/presenter-bytes.js';
import type { DayPrice, ListedFund, PriceRow } from '../../src/funds/repository.js';
import { navFundPrice, navPriceRecord } from '../../src/nav/presenter.js';
import { NAV_PRICE_WRITERS } from '../../src/nav/presenter-bytes.js';
import { NavFundPrice, NavPriceRecord } from '../../src/nav/schemas.js';
import type { Fund } from '../../src/store/schema.js';

// nav/AllFundPrices and nav/NavHistory write their answers as bytes, with the funds group's writers
// (src/funds/presenter-bytes.ts) and the nav group's date fields: the same JSON as the nav presenter's
// objects, in the schema's field order.

const text = fc.string({ unit: 'binary', maxLength: 30 });
const isoDay = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const price = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => Math.round(n * 10000) / 10000),
);
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

describe('the bytes of nav/AllFundPrices', () => {
  it("are the JSON of navFundPrice's items for the funds with a price, in listing order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(listed, { selector: (f) => f.id, maxLength: 30 }),
        fc.array(fc.tuple(fc.boolean(), price, price, price, fc.boolean(), isoDay, fc.option(price)), {
          maxLength: 30,
        }),
        isoDay,
        (listing, draws, date) => {
          const prices: DayPrice[] = listing.flatMap((f, i) => {
            const [has, nav, offer, redemption, onDate, earlier, assets] = draws[i] ?? [];
            if (!has) return [];
            return [
              {
                fund_id: f.id,
                price_date: onDate ? date : earlier!,
                nav: nav!,
                offer: offer!,
                redemption: redemption!,
                total_net_assets: assets ?? null,
              },
            ];
          });
          const byFund = new Map(prices.map((p) => [p.fund_id, p]));
          const items = listing.flatMap((f) =>
            byFund.has(f.id) ? [navFundPrice(f, byFund.get(f.id)!, date)] : [],
          );
          for (const item of items) expect(Object.keys(item)).toEqual(Object.keys(NavFundPrice.properties));
          expect(dayPricesJson(listing, prices, date, NAV_PRICE_WRITERS).toString('utf8')).toBe(
            JSON.stringify(items),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the bytes of nav/NavHistory', () => {
  it("are the JSON of navPriceRecord's rows", () => {
    const fund = { ...listedFund(), code: 'X', code_key: 'X', name_th_short: null, factsheet_url: 'f' };
    const row: fc.Arbitrary<PriceRow> = fc.record({
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      price_date: isoDay,
      nav: price,
      offer: price,
      redemption: price,
      batch_id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), text, (rows, name) => {
        const f: Fund = { ...fund, name_en: name };
        const series = PriceSeries.fromRows(rows.map((r) => ({ ...r, total_net_assets: null })));
        const records = rows.map((r) => navPriceRecord(f, r));
        for (const r of records) expect(Object.keys(r)).toEqual(Object.keys(NavPriceRecord.properties));
        const json = priceRecordsJson(f, { series, start: 0, end: series.length }, '');
        expect(json.toString('utf8')).toBe(JSON.stringify(records));
      }),
      { numRuns: 200 },
    );
  });
});

function listedFund() {
  return {
    id: 7,
    name_en: 'F',
    name_th: 'กองทุน',
    category_id: 1,
    link_en: 'e',
    link_th: 't',
    display_order: 2,
  };
}
