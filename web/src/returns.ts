// The one returns rule of the explorer: the fund page, Compare and the returns CSV all take a fund's
// returns from here (issue 56, step 5: the same fund on the same day showed YTD -4.58 % and 3Y
// -33.89 % on its page, -4.36 % and -12.90 % a year on Compare: different base days, and 3Y plain on
// one, yearly on the other).
//
// - The end is the fund's latest NAV. The base is its NAV at the close of the window's base day: the
//   day the window goes back to (a month, ..., five years before the end; 31 December of the year
//   before for YTD), or the last price day before it when nothing was priced that day (a weekend, a
//   holiday), looked for a week back. Since inception: the fund's first NAV.
// - Up to a year, the plain change. 3Y, 5Y and since inception (when over a year) as a yearly rate,
//   compounded over the days between the two NAVs, and labelled "(a year)" wherever shown.
import type { FundPriceRecord } from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { addDays, addMonths, fromDateTime } from './dates.js';
import { periodLabel } from './period.js';

export type ReturnWindow = '1M' | '3M' | '6M' | 'YTD' | '1Y' | '3Y' | '5Y' | 'since';

/** The windows in the order every page shows them, each with its months back (0: YTD, -1: since inception). */
export const RETURN_WINDOWS: readonly (readonly [ReturnWindow, number])[] = [
  ['1M', 1],
  ['3M', 3],
  ['6M', 6],
  ['YTD', 0],
  ['1Y', 12],
  ['3Y', 36],
  ['5Y', 60],
  ['since', -1],
];

/** The windows given as a yearly rate. */
export const YEARLY: ReadonlySet<ReturnWindow> = new Set(['3Y', '5Y', 'since']);

/** Days a base day is looked for before the window's own day (a long holiday has no prices). */
export const BASE_LOOKBACK_DAYS = 7;

const YEAR_DAYS = 365.25;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The day a window goes back to from `end` ('YYYY-MM-DD'); undefined for since inception. */
export function baseDay(window: ReturnWindow, end: string): string | undefined {
  const months = RETURN_WINDOWS.find(([w]) => w === window)![1];
  if (months < 0) return undefined;
  if (months === 0) return `${Number(end.slice(0, 4)) - 1}-12-31`;
  return addMonths(end, -months);
}

/** The first day a base price may be of, for a window whose base day is `day`. */
export const earliestBase = (day: string) => addDays(day, -(BASE_LOOKBACK_DAYS - 1));

/** A NAV and its day ('YYYY-MM-DD'). */
export interface NavOn {
  day: string;
  nav: number;
}

/** A fund's price as a NavOn. */
export const navOn = (p: Pick<FundPriceRecord, 'mfr_dDataDate' | 'mfr_fNav'>): NavOn => ({
  day: fromDateTime(p.mfr_dDataDate),
  nav: p.mfr_fNav,
});

/** The window's return in percent from `base` to `end`, or undefined without both. */
export function returnOf(window: ReturnWindow, base: NavOn | undefined, end: NavOn | undefined) {
  if (!base || !end || !(base.nav > 0) || !(end.nav > 0)) return undefined;
  const growth = end.nav / base.nav;
  const span = daysBetween(base.day, end.day);
  // The window decides, not the span: a 1Y window whose base day fell back from a weekend to the
  // Friday before spans a day or two over a year and is still the plain change.
  return (YEARLY.has(window) && span > YEAR_DAYS ? growth ** (YEAR_DAYS / span) - 1 : growth - 1) * 100;
}

/** Every window's return of one fund, from its latest NAV and the base NAV each window finds. */
export const fundReturns = (end: NavOn | undefined, baseOf: (w: ReturnWindow) => NavOn | undefined) =>
  Object.fromEntries(RETURN_WINDOWS.map(([w]) => [w, returnOf(w, baseOf(w), end)])) as Record<
    ReturnWindow,
    number | undefined
  >;

/** A return as every page writes it: '+1.23%', '–' when there is none. */
export const formatReturn = (r: number | undefined) =>
  r === undefined || !Number.isFinite(r) ? '–' : `${r >= 0 ? '+' : ''}${r.toFixed(2)}%`;

/** A window's name, with "(a year)" for the yearly ones. */
export function returnTitle(ctx: Context, window: ReturnWindow): string {
  if (window === 'since') return text(ctx, 'sinceInceptionYearly');
  const label = periodLabel(ctx, window);
  return YEARLY.has(window) ? `${label} ${text(ctx, 'perYear')}` : label;
}
