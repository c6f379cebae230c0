import { BUDDHIST_ERA_FROM, MIN_YEAR } from '../domain/dates.js';

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(MIN_YEAR, 0, 1);
const DAYS = (BUDDHIST_ERA_FROM - MIN_YEAR) * 366; // the dates the parsers accept

/**
 * Remembers which (group, date) keys a batch has seen, to refuse a second row for the same key.
 * One bit per day per group (a fund, a family and round, a product): about 23 KB per group, so a
 * market-scale batch of millions of rows costs tens of megabytes, not gigabytes of key strings.
 */
export class DateKeySet {
  private readonly groups = new Map<string | number, Uint8Array>();
  private readonly days = new Map<string, number>();

  /** Adds the key; false when it was already there. */
  add(group: string | number, isoDate: string): boolean {
    let bits = this.groups.get(group);
    if (!bits) {
      bits = new Uint8Array(DAYS / 8 + 1);
      this.groups.set(group, bits);
    }
    let day = this.days.get(isoDate);
    if (day === undefined) {
      day = (Date.parse(`${isoDate}T00:00:00Z`) - EPOCH) / DAY_MS;
      this.days.set(isoDate, day);
    }
    const mask = 1 << (day & 7);
    const index = day >> 3;
    if ((bits[index]! & mask) !== 0) return false;
    bits[index] = bits[index]! | mask;
    return true;
  }
}
