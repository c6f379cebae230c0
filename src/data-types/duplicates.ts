import { BUDDHIST_ERA_FROM, MIN_YEAR } from '../domain/dates.js';

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(MIN_YEAR, 0, 1);
const DAYS = (BUDDHIST_ERA_FROM - MIN_YEAR) * 366; // the dates the parsers accept
/** Days per page of bits: 512 bytes, about 11 years. */
const PAGE_DAYS = 4096;

/**
 * Remembers which (group, date) keys a batch has seen, to refuse a second row for the same key.
 * One bit per day per group (a fund, a family and round, a product), in pages made only for the
 * years a group has rows in: a fund with 20 years of prices costs 1 KB, not 23 KB for every date the
 * parsers accept, so a market-scale batch of millions of rows costs a few megabytes.
 */
export class DateKeySet {
  private readonly groups = new Map<string | number, (Uint8Array | undefined)[]>();
  private readonly days = new Map<string, number>();

  /** Adds the key; false when it was already there. */
  add(group: string | number, isoDate: string): boolean {
    let pages = this.groups.get(group);
    if (!pages) {
      pages = new Array<Uint8Array | undefined>(Math.ceil(DAYS / PAGE_DAYS));
      this.groups.set(group, pages);
    }
    let day = this.days.get(isoDate);
    if (day === undefined) {
      day = (Date.parse(`${isoDate}T00:00:00Z`) - EPOCH) / DAY_MS;
      this.days.set(isoDate, day);
    }
    const page = Math.floor(day / PAGE_DAYS);
    const bits = (pages[page] ??= new Uint8Array(PAGE_DAYS / 8));
    const offset = day % PAGE_DAYS;
    const mask = 1 << (offset & 7);
    const index = offset >> 3;
    if ((bits[index]! & mask) !== 0) return false;
    bits[index] = bits[index]! | mask;
    return true;
  }
}
