import { dayNumber, fromDayNumber } from './dates.js';
import { countBefore } from './sorted.js';
import { yearWindowStart, type NavPoint, type NavStatistics, type NavValue } from './statistics.js';

/**
 * NAVs per block. A range query scans at most two partial blocks (2 * BLOCK values) and answers the
 * whole blocks between them from the sparse table in O(1): the cost does not grow with the range or
 * the history. Tables over blocks rather than single NAVs keep the extra memory to a few percent of
 * the NAVs themselves (a sparse table over every NAV would be log2(n) times their size).
 */
const BLOCK = 32;
const BLOCK_SHIFT = 5;

/** Which of two positions wins a window: for min the smaller NAV, for max the larger; ties go later. */
type Better = (navs: Float64Array, a: number, b: number) => number;
const lower: Better = (navs, a, b) => (navs[a]! < navs[b]! || (navs[a] === navs[b] && a > b) ? a : b);
const higher: Better = (navs, a, b) => (navs[a]! > navs[b]! || (navs[a] === navs[b] && a > b) ? a : b);

/**
 * A fund's NAV history in typed arrays (dates as day numbers, ascending; NAVs as doubles), with
 * range-minimum and range-maximum tables, so that Fund_Nav_ByFundCode's statistics take a few binary
 * searches and a bounded scan however long the history is. Pure: built from points, no I/O.
 */
export class NavSeries {
  private readonly minTable: Int32Array[];
  private readonly maxTable: Int32Array[];

  private constructor(
    private readonly days: Int32Array,
    private readonly navs: Float64Array,
  ) {
    this.minTable = sparseTable(navs, lower);
    this.maxTable = sparseTable(navs, higher);
  }

  /** From points in ascending date order, one per date (as the store keeps them). */
  static fromPoints(points: readonly NavPoint[]): NavSeries {
    const days = new Int32Array(points.length);
    const navs = new Float64Array(points.length);
    points.forEach((p, i) => {
      days[i] = dayNumber(p.date);
      navs[i] = p.nav;
    });
    return new NavSeries(days, navs);
  }

  get length(): number {
    return this.days.length;
  }

  /** Memory held, for a cache bounded by bytes. */
  get bytes(): number {
    const tables = [...this.minTable, ...this.maxTable].reduce((sum, t) => sum + t.byteLength, 0);
    return this.days.byteLength + this.navs.byteLength + tables;
  }

  /** The same answer as `navStatistics` over the same points (statistics.ts defines the windows). */
  statistics(from: string, to: string): NavStatistics {
    const end = this.countUpTo(dayNumber(to)); // positions [0, end) are on or before `to`
    const selectedStart = this.countUpTo(dayNumber(from) - 1);
    const yearStart = this.countUpTo(dayNumber(yearWindowStart(to)));
    const selected = selectedStart < end;
    const year = yearStart < end;
    return {
      minSelected: selected ? this.at(this.best(this.minTable, lower, selectedStart, end - 1)) : null,
      maxSelected: selected ? this.at(this.best(this.maxTable, higher, selectedStart, end - 1)) : null,
      minYear: year ? this.at(this.best(this.minTable, lower, yearStart, end - 1)) : null,
      maxYear: year ? this.at(this.best(this.maxTable, higher, yearStart, end - 1)) : null,
      minSince: end > 0 ? this.at(this.best(this.minTable, lower, 0, end - 1)) : null,
      maxSince: end > 0 ? this.at(this.best(this.maxTable, higher, 0, end - 1)) : null,
      begin: selected ? this.at(selectedStart) : null,
      end: selected ? this.at(end - 1) : null,
    };
  }

  private at(i: number): NavValue {
    return { nav: this.navs[i]!, date: fromDayNumber(this.days[i]!) };
  }

  /** How many dates are on or before `day`. */
  private countUpTo(day: number): number {
    return countBefore(this.days, day, true);
  }

  /** The winning position in [first, last] (inclusive, first <= last). */
  private best(table: Int32Array[], better: Better, first: number, last: number): number {
    const navs = this.navs;
    const firstBlock = first >> BLOCK_SHIFT;
    const lastBlock = last >> BLOCK_SHIFT;
    if (firstBlock === lastBlock) return scan(navs, better, first, last);
    let winner = scan(navs, better, first, ((firstBlock + 1) << BLOCK_SHIFT) - 1);
    winner = better(navs, scan(navs, better, lastBlock << BLOCK_SHIFT, last), winner);
    const blocks = lastBlock - firstBlock - 1;
    if (blocks > 0) {
      // Two overlapping power-of-two spans cover the whole blocks between; overlap does no harm.
      const level = 31 - Math.clz32(blocks);
      const row = table[level]!;
      winner = better(navs, row[firstBlock + 1]!, winner);
      winner = better(navs, row[lastBlock - (1 << level)]!, winner);
    }
    return winner;
  }
}

function scan(navs: Float64Array, better: Better, first: number, last: number): number {
  let winner = first;
  for (let i = first + 1; i <= last; i++) winner = better(navs, i, winner);
  return winner;
}

/** Row k holds, for each block b, the winner of blocks b .. b + 2^k - 1. */
function sparseTable(navs: Float64Array, better: Better): Int32Array[] {
  const blocks = Math.ceil(navs.length / BLOCK);
  if (blocks === 0) return [];
  const base = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    base[b] = scan(navs, better, b * BLOCK, Math.min(navs.length, (b + 1) * BLOCK) - 1);
  }
  const table = [base];
  for (let span = 2; span <= blocks; span *= 2) {
    const previous = table.at(-1)!;
    const half = span / 2;
    const row = new Int32Array(blocks - span + 1);
    for (let b = 0; b < row.length; b++) row[b] = better(navs, previous[b]!, previous[b + half]!);
    table.push(row);
  }
  return table;
}
