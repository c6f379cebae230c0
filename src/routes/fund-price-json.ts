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
  // Each record's own fields take about 150 ASCII bytes.
  const array = new JsonArrayBytes(rows.length * (160 + fundPart.length));
  for (const r of rows) {
    array.item(
      `{"mfr_iId":${r.id},"mf_iNumber":${fund.id},"mfr_fNav":${number(r.nav)},` +
        `"mfr_fSel":${number(r.offer)},"mfr_fBuy":${number(r.redemption)},"l_ID":${r.batch_id},` +
        `"mfr_dDataDate":"${r.price_date}T00:00:00",`,
      fundPart,
    );
  }
  return array.end();
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
  const array = new JsonArrayBytes(prices.length * 600);
  for (const fund of listing) {
    const p = byFund.get(fund.id);
    if (!p) continue;
    array.item(
      listedPartOf(fund),
      `"mfr_fNav":${number(p.nav)},"mfr_fSel":${number(p.offer)},"mfr_fBuy":${number(p.redemption)}}`,
    );
  }
  return array.end();
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

/**
 * A JSON array written to one buffer, grown when needed. Its items are ASCII strings (written as
 * latin1) and UTF-8 parts encoded beforehand, copied with TypedArray#set (cheaper than Buffer#copy
 * for parts this small).
 */
class JsonArrayBytes {
  private out: Buffer;
  private at: number;

  constructor(expectedBytes: number) {
    this.out = Buffer.allocUnsafe(expectedBytes + 2);
    this.at = this.out.write('[', 0, 'latin1');
  }

  /** One item, made of its pieces in order. */
  item(...pieces: (string | Buffer)[]): void {
    let bytes = 1; // the comma before it, or room for the closing bracket
    for (const piece of pieces) bytes += piece.length; // an ASCII string: one byte a character
    this.reserve(bytes + 1);
    if (this.at > 1) this.at += this.out.write(',', this.at, 'latin1');
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        this.at += this.out.write(piece, this.at, 'latin1');
      } else {
        this.out.set(piece, this.at);
        this.at += piece.length;
      }
    }
  }

  /** The closed array; copied when it fills less than 3/4 of the buffer, since the answer cache counts lengths. */
  end(): Buffer {
    this.at += this.out.write(']', this.at, 'latin1');
    const json = this.out.subarray(0, this.at);
    return this.at < this.out.length * 0.75 ? Buffer.from(json) : json;
  }

  private reserve(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes));
    this.out.copy(bigger, 0, 0, this.at);
    this.out = bigger;
  }
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
