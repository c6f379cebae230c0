// The days with fund prices: a month's (GetUpdateInMonth, fund 0: any fund), the first month with
// any, and the nearest price day to a day asked, so a weekend, a holiday or a day before the data
// is never a dead end of the fund prices view.
import type { Context } from './context.js';

/** How many years back prices are looked for: the bank's fund prices page goes back about as far. */
const YEARS_BACK = 20;

/** The days of a month with any fund's price, kept a while: today's may grow. */
export const daysWithPrices = (ctx: Context, year: number, month: number) =>
  ctx.api.memo(
    `price-days/${year}-${month}`,
    async (c) => (await c.getUpdateInMonth(year, month, 0)).map((d) => d.Day),
    5 * 60_000,
  );

const pad = (n: number) => String(n).padStart(2, '0');
/** Months counted from year 0, so a month back is one less. */
const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const yearMonth = (index: number) => [Math.floor(index / 12), (index % 12) + 1] as const;

/**
 * The first day with prices, found by halving the months between 20 years back and `latest` (prices
 * have no month-long gap once they start): a few calls, once while the page is open.
 */
export const firstPriceDay = (ctx: Context, latest: string): Promise<string> =>
  ctx.api.memo('price-first-day', async () => {
    const has = async (index: number) => (await daysWithPrices(ctx, ...yearMonth(index))).length > 0;
    let [lo, hi] = [monthIndex(latest) - YEARS_BACK * 12, monthIndex(latest)];
    if (await has(lo)) hi = lo;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (await has(mid)) hi = mid;
      else lo = mid;
    }
    const [y, m] = yearMonth(hi);
    const [day] = await daysWithPrices(ctx, y, m);
    return `${y}-${pad(m)}-${pad(day ?? 1)}`;
  });

/** The last day with prices on or before `iso`, looking back to the month of `first`; none before it. */
export async function priceDayOnOrBefore(
  ctx: Context,
  iso: string,
  first: string,
): Promise<string | undefined> {
  for (let index = monthIndex(iso); index >= monthIndex(first); index--) {
    const [y, m] = yearMonth(index);
    const month = `${y}-${pad(m)}`;
    const found = (await daysWithPrices(ctx, y, m)).map((d) => `${month}-${pad(d)}`).filter((d) => d <= iso);
    if (found.length > 0) return found.at(-1);
  }
  return undefined;
}
