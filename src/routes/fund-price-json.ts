import {
  priceListItem,
  priceRecord,
  type DayPrice,
  type ListedFund,
  type PriceRow,
} from '../store/fund-repo.js';
import type { Fund } from '../store/schema.js';

/** The fields every record of a fund repeats, as UTF-8 JSON, kept while the fund object is (its cache). */
const fundParts = new WeakMap<Fund, Buffer>();

/**
 * FundPrice_ByFundCode's answer, written straight to UTF-8 bytes: the same JSON as the route's
 * schema serializer writes (its fields in schema order; test/routes/fund-price-json.test.ts compares
 * them), for a fraction of its cost. A 3-year history is about 750 records of which two thirds are
 * the fund's names and links, Thai among them: built as one string, the answer was a two-byte string
 * of 400 kB that was serialized, measured (Buffer.byteLength) and encoded again on every call, 3.8 ms
 * of CPU. Here the fund's part is encoded once and copied; each record adds only ASCII.
 */
export function priceRecordsJson(fund: Fund, rows: PriceRow[]): Buffer {
  const fundPart = fundPartOf(fund);
  // Each record's own fields take about 150 ASCII bytes (at most about 250: six long numbers).
  let out: Buffer = Buffer.allocUnsafe(2 + rows.length * (160 + fundPart.length));
  let at = out.write('[', 0, 'latin1');
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const own =
      `${i === 0 ? '' : ','}{"mfr_iId":${r.id},"mf_iNumber":${fund.id},"mfr_fNav":${number(r.nav)},` +
      `"mfr_fSel":${number(r.offer)},"mfr_fBuy":${number(r.redemption)},"l_ID":${r.batch_id},` +
      `"mfr_dDataDate":"${r.price_date}T00:00:00",`;
    if (at + own.length + fundPart.length + 1 > out.length)
      out = grown(out, at, own.length + fundPart.length);
    at += out.write(own, at, 'latin1');
    out.set(fundPart, at); // Buffer#copy costs more for parts this small
    at += fundPart.length;
  }
  return finished(out, at);
}

/** The array closed after its first `at` bytes. */
function finished(out: Buffer, at: number): Buffer {
  at += out.write(']', at, 'latin1');
  // Answers are kept in the answer cache, which counts their length: no large unused tail behind them.
  return at < out.length * 0.75 ? Buffer.from(out.subarray(0, at)) : out.subarray(0, at);
}

/** The fields of a listed fund that come before its prices, as UTF-8 JSON, kept with the listing. */
const listedParts = new WeakMap<ListedFund, Buffer>();

/**
 * AllFundPrices' answer: the listed funds that have a price that day, in the listing's order, written
 * to UTF-8 bytes as priceRecordsJson writes a history (each fund's names and links encoded once). The
 * same JSON as the schema serializer's of the same items (test/routes/fund-price-json.test.ts).
 */
export function dayPricesJson(listing: ListedFund[], prices: DayPrice[]): Buffer {
  const byFund = new Map(prices.map((p) => [p.fund_id, p]));
  let out: Buffer = Buffer.allocUnsafe(2 + prices.length * 600);
  let at = out.write('[', 0, 'latin1');
  for (const fund of listing) {
    const p = byFund.get(fund.id);
    if (!p) continue;
    const part = listedPartOf(fund);
    const own = `"mfr_fNav":${number(p.nav)},"mfr_fSel":${number(p.offer)},"mfr_fBuy":${number(p.redemption)}}`;
    if (at + 1 + part.length + own.length + 1 > out.length)
      out = grown(out, at, 1 + part.length + own.length);
    if (at > 1) at += out.write(',', at, 'latin1');
    out.set(part, at);
    at += part.length;
    at += out.write(own, at, 'latin1');
  }
  return finished(out, at);
}

function listedPartOf(fund: ListedFund): Buffer {
  let part = listedParts.get(fund);
  if (!part) {
    // The item as priceListItem makes it, up to its first price field.
    const item = JSON.stringify(priceListItem(fund, { fund_id: fund.id, nav: 0, offer: 0, redemption: 0 }));
    part = Buffer.from(item.slice(0, item.indexOf('"mfr_fNav":')), 'utf8');
    listedParts.set(fund, part);
  }
  return part;
}

/** A copy of the first `used` bytes of `out` with room for at least `more` (and a closing bracket). */
function grown(out: Buffer, used: number, more: number): Buffer {
  const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, used + more + 1));
  out.copy(bigger, 0, 0, used);
  return bigger;
}

function fundPartOf(fund: Fund): Buffer {
  let part = fundParts.get(fund);
  if (!part) {
    // The fund's fields as priceRecord puts them, from the first (mf_sEng) to the record's end.
    const record = JSON.stringify(priceRecord(fund, SAMPLE));
    part = Buffer.from(record.slice(record.indexOf(',"mf_sEng":') + 1), 'utf8');
    fundParts.set(fund, part);
  }
  return part;
}

const SAMPLE: PriceRow = { id: 0, price_date: '2000-01-01', nav: 0, offer: 0, redemption: 0, batch_id: 0 };

/** A price as JSON writes it; never NaN or infinite in the database, but JSON has no such numbers. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
