// A family's FX history over any period: GetDownloadfxrates answers at most 3 years, so a longer
// period is asked in pieces (together), and drawn with a point a week or a month as Frankfurter's
// group=week|month does, so a 10-year chart stays light to draw and to read.
import type { DateInput, FxRateRow } from '../../src/client/index.js';
import type { Context } from './context.js';
import { addDays, addMonths, fromMonthFirst } from './dates.js';

export const GROUPINGS = ['day', 'week', 'month'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** Pieces of at most the 3 years the API answers at a time, latest last. */
export function pieces(from: string, to: string): [string, string][] {
  const out: [string, string][] = [];
  for (let end = to; end >= from;) {
    const start = addMonths(end, -36) > from ? addMonths(end, -36) : from;
    out.unshift([start, end]);
    end = addDays(start, -1);
  }
  return out;
}

/** The family's daily rows from `from` to `to`, asked in pieces; each piece kept `maxAgeMs`. */
export async function fxHistory(
  ctx: Context,
  family: string,
  from: string,
  to: string,
  maxAgeMs: number,
): Promise<FxRateRow[]> {
  const answers = await Promise.all(
    pieces(from, to).map(([a, b]) =>
      ctx.api.memo(
        `fx/${family}/${a}/${b}`,
        () => ctx.api.fresh.getDownloadFxRates(family, a as DateInput, b as DateInput, 'en'),
        maxAgeMs,
      ),
    ),
  );
  return answers.flat();
}

/** A point a day up to 3 years, a week up to 6, a month beyond. */
export function fitGrouping(from: string, to: string): Grouping {
  if (addMonths(from, 36) >= to) return 'day';
  return addMonths(from, 72) >= to ? 'week' : 'month';
}

/** The Monday of an ISO day's week, or its month: the group a day falls in. */
function groupOf(iso: string, grouping: Grouping): string {
  if (grouping === 'month') return iso.slice(0, 7);
  if (grouping === 'day') return iso;
  const weekday = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

/** Each group's last row (its closing rates), in the order of the days. */
export function groupRows(rows: FxRateRow[], grouping: Grouping): FxRateRow[] {
  if (grouping === 'day') return rows;
  const last = new Map<string, FxRateRow>();
  for (const row of rows) last.set(groupOf(fromMonthFirst(row.Ddate), grouping), row);
  return [...last.values()];
}
