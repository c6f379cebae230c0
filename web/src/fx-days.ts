import type { DateInput, FxBannerRow } from '../../src/client/index.js';
import type { Context } from './context.js';

/** The last day with rates on or before `iso` (GetDayInMonth, this month or up to a year back); `iso` if none. */
export async function nearestFxDay(ctx: Context, iso: string): Promise<string> {
  let [y, m] = iso.split('-').map(Number) as [number, number];
  for (let i = 0; i < 12; i++) {
    const days = await ctx.api.memo(`fx-days/${y}-${m}`, (c) => c.getFxDayInMonth(y, m));
    const month = `${y}-${String(m).padStart(2, '0')}`;
    const found = days
      .map((d) => `${month}-${d.Day.padStart(2, '0')}`)
      .filter((d) => d <= iso)
      .at(-1);
    if (found) return found;
    [y, m] = m === 1 ? [y - 1, 12] : [y, m - 1];
  }
  return iso;
}

/**
 * Every family's rates at the close of a past day (its last round, Getfxrates), or of the nearest
 * earlier day with rates; `day` is the day they are of. A past day's rates do not change: kept.
 */
export async function closingRates(
  ctx: Context,
  asked: string,
): Promise<{ day: string; rows: FxBannerRow[] }> {
  const day = await nearestFxDay(ctx, asked);
  const rounds = await ctx.api.memo(`rounds/${day}`, (c) => c.getFxUpdateInMonth(day as DateInput));
  const last = rounds.at(-1)?.Update;
  if (!last) return { day, rows: [] };
  const rows = await ctx.api.memo(`round/${day}/${last}`, (c) =>
    c.getFxRates(day as DateInput, Number(last), 'en'),
  );
  return { day, rows };
}
