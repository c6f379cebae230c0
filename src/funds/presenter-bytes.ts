import { FundPriceOfDay } from './schemas.js';
import { fundNameItem, netAssetsText, priceRecord } from './presenter.js';
import type { DayPrice, ListedFund, PriceRow, PriceRun } from './repository.js';
import type { Fund } from '../store/schema.js';

/** The fields every record of a fund repeats, as UTF-8 JSON, kept while the fund object is (its cache). */
const fundParts = new WeakMap<Fund, Buffer>();

/**
 * FundPrice_ByFundCode's answer, written straight to UTF-8 bytes: the same JSON as the route's
 * schema serializer writes (its fields in schema order; test/funds/fund-price-json.test.ts compares
 * them), for a fraction of its cost. A 3-year history is about 750 records of which two thirds are
 * the fund's names and links, Thai among them: built as one string, the answer was a two-byte string
 * of 400 kB that was serialized, measured (Buffer.byteLength) and encoded again on every call (its
 * cost: CONTRIBUTING.md, Measurements behind the code). Here the fund's part is encoded once and copied; each record adds
 * only ASCII.
 */
export function priceRecordsJson(
  fund: Fund,
  { series, start, end }: PriceRun,
  /** After the date of each record: a date-time's `T00:00:00`, or '' for a plain date (the nav group's). */
  timeOfDay = 'T00:00:00',
): Buffer {
  const fundPart = fundPartOf(fund);
  // Each record's own fields take about 150 ASCII bytes.
  const array = new JsonArrayBytes((end - start) * (160 + fundPart.length));
  const { ids, navs, offers, redemptions, batchIds } = series;
  for (let i = start; i < end; i++) {
    const own =
      `{"mfr_iId":${ids[i]},"mf_iNumber":${fund.id},"mfr_fNav":${jsonNumber(navs[i]!)},` +
      `"mfr_fSel":${jsonNumber(offers[i]!)},"mfr_fBuy":${jsonNumber(redemptions[i]!)},"l_ID":${batchIds[i]},` +
      `"mfr_dDataDate":"${series.date(i)}${timeOfDay}",`;
    array
      .item(own.length + fundPart.length)
      .ascii(own)
      .utf8(fundPart);
  }
  return array.end();
}

/** The fields of a listed fund (FundNameItem) as UTF-8 JSON, without braces, kept with the listing. */
const listedParts = new WeakMap<ListedFund, Buffer>();

/** How a price field of a day's listing is written: its JSON text, from the price and the date asked. */
export type PriceFieldWriter = (p: DayPrice, date: string) => string;

/**
 * Each price field of an AllFundPrices item as JSON text, by its name in the schema (FundPriceOfDay):
 * typed by that object's keys, so the writer knows every field the schema has, and nothing else; the
 * writer goes through them in the schema's order, so the two cannot disagree on order either.
 */
const PRICE_FIELDS: { [K in keyof typeof FundPriceOfDay]: PriceFieldWriter } = {
  mfr_fNav: (p) => jsonNumber(p.nav),
  mfr_fSel: (p) => jsonNumber(p.offer),
  mfr_fBuy: (p) => jsonNumber(p.redemption),
  mfr_dDataDate: (p) => `"${p.price_date}T00:00:00"`,
  mfr_sAUM: (p) => `"${netAssetsText(p.total_net_assets)}"`,
  mf_backdate: (p, date) => (p.price_date === date ? '""' : `"${p.price_date}T00:00:00"`),
};

/** The writers of a day's price fields in the order of `schemaFields` (a schema's price properties). */
export function priceWriters<F extends object>(
  schemaFields: F,
  writers: { [K in keyof F]: PriceFieldWriter },
): { prefix: string; write: PriceFieldWriter }[] {
  return Object.keys(schemaFields).map((name) => ({
    prefix: `,"${name}":`,
    write: writers[name as keyof F],
  }));
}
const PRICE_WRITERS = priceWriters(FundPriceOfDay, PRICE_FIELDS);

/**
 * AllFundPrices' answer: the listed funds that have a price shown for `date`, in the listing's order,
 * written to UTF-8 bytes as priceRecordsJson writes a history (each fund's names and links encoded
 * once, the prices in ASCII). The same JSON as the schema serializer's of the same items
 * (test/funds/fund-price-json.test.ts). `writers`: another shape's price fields (the nav group's).
 */
export function dayPricesJson(
  listing: ListedFund[],
  prices: DayPrice[],
  date: string,
  writers = PRICE_WRITERS,
): Buffer {
  const byFund = new Map(prices.map((p) => [p.fund_id, p]));
  const array = new JsonArrayBytes(prices.length * 700);
  for (const fund of listing) {
    const p = byFund.get(fund.id);
    if (!p) continue;
    const part = listedPartOf(fund);
    let own = '';
    for (const field of writers) own += field.prefix + field.write(p, date);
    own += '}';
    array
      .item(1 + part.length + own.length)
      .ascii('{')
      .utf8(part)
      .ascii(own);
  }
  return array.end();
}

/** AllFundsName's answer: every listed fund's FundNameItem, in the listing's order, from the same parts. */
export function fundNamesJson(listing: ListedFund[]): Buffer {
  const array = new JsonArrayBytes(listing.length * 500);
  for (const fund of listing) {
    const part = listedPartOf(fund);
    array
      .item(part.length + 2)
      .ascii('{')
      .utf8(part)
      .ascii('}');
  }
  return array.end();
}

function listedPartOf(fund: ListedFund): Buffer {
  let part = listedParts.get(fund);
  if (!part) {
    // The item as fundNameItem makes it, inside its braces.
    const item = JSON.stringify(fundNameItem(fund));
    part = Buffer.from(item.slice(1, -1), 'utf8');
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
  private at = 1;

  constructor(expectedBytes: number) {
    this.out = Buffer.allocUnsafe(expectedBytes + 2);
    this.out[0] = OPEN;
  }

  /** Starts an item of `bytes` bytes (ASCII strings count a byte a character): its comma, and room. */
  item(bytes: number): this {
    this.reserve(bytes + 2); // the comma before it, or room for the closing bracket
    if (this.at > 1) this.out[this.at++] = COMMA;
    return this;
  }

  ascii(text: string): this {
    this.at += this.out.write(text, this.at, 'latin1');
    return this;
  }

  utf8(part: Buffer): this {
    this.out.set(part, this.at);
    this.at += part.length;
    return this;
  }

  /** The closed array; copied when it fills less than 3/4 of the buffer, since the answer cache counts lengths. */
  end(): Buffer {
    this.out[this.at++] = CLOSE;
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

const [OPEN, COMMA, CLOSE] = [0x5b, 0x2c, 0x5d];

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
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
