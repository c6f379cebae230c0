import { dayNumber, fromDayNumber } from './dates.js';
import { countBefore } from './sorted.js';

/** A stored price as the history operations serve it (FundPrice_ByFundCode, GetNavByFundCode). */
export interface StoredPrice {
  id: number;
  price_date: string;
  nav: number;
  offer: number;
  redemption: number;
  total_net_assets: number | null;
  batch_id: number;
}

/**
 * A fund's served prices in ascending date order, one per date, in typed arrays: 52 bytes a price,
 * where row objects with their date strings take several times that. Any date range is a run of
 * positions found by two binary searches, so a history from memory costs what writing it costs,
 * however long the fund's history is. Pure: built from rows, no I/O.
 */
export class PriceSeries {
  private constructor(
    /** Dates as day numbers (src/domain/dates.ts). */
    readonly days: Int32Array,
    readonly ids: Float64Array,
    readonly navs: Float64Array,
    readonly offers: Float64Array,
    readonly redemptions: Float64Array,
    /** NaN where the fund's total net assets were not published. */
    readonly netAssets: Float64Array,
    readonly batchIds: Float64Array,
  ) {}

  /** From rows in ascending date order, one per date, as the store keeps them. */
  static fromRows(rows: readonly StoredPrice[]): PriceSeries {
    const n = rows.length;
    const series = new PriceSeries(
      new Int32Array(n),
      new Float64Array(n),
      new Float64Array(n),
      new Float64Array(n),
      new Float64Array(n),
      new Float64Array(n),
      new Float64Array(n),
    );
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      series.days[i] = dayNumber(r.price_date);
      series.ids[i] = r.id;
      series.navs[i] = r.nav;
      series.offers[i] = r.offer;
      series.redemptions[i] = r.redemption;
      series.netAssets[i] = r.total_net_assets ?? Number.NaN;
      series.batchIds[i] = r.batch_id;
    }
    return series;
  }

  get length(): number {
    return this.days.length;
  }

  /** Memory held, for a cache bounded by bytes. */
  get bytes(): number {
    return this.days.length * BYTES_PER_PRICE;
  }

  /** The positions [start, end) of the prices dated within [from, to] (ISO dates). */
  range(from: string, to: string): { start: number; end: number } {
    const start = countBefore(this.days, dayNumber(from));
    const end = countBefore(this.days, dayNumber(to), true);
    return { start, end: Math.max(start, end) };
  }

  /** The ISO date of the price at `i`. */
  date(i: number): string {
    return isoDateOfDay(this.days[i]!);
  }

  /** The total net assets at `i`, or null when not published. */
  netAssetsAt(i: number): number | null {
    const value = this.netAssets[i]!;
    return Number.isNaN(value) ? null : value;
  }
}

/** Int32 day, six doubles. */
const BYTES_PER_PRICE = 4 + 6 * 8;

/**
 * ISO dates of day numbers, made once each: a 3-year history names 750 dates, and every history of
 * any fund names the same few thousand trading days.
 */
const isoDates = new Map<number, string>();

function isoDateOfDay(day: number): string {
  let iso = isoDates.get(day);
  if (iso === undefined) {
    iso = fromDayNumber(day);
    // Bounded by the dates a price can have (years 1900 to 2399, src/ingest/fields.ts): 183,000.
    isoDates.set(day, iso);
  }
  return iso;
}
