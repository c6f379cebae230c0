import { formatDayMonthYear } from '../domain/dates.js';
import type { StoredSummary } from './repository.js';
import type { MarketSummary } from './schemas.js';

/** GetMarketsum's answer: `[[{mktdate}], [{mktcode, mktno, mktvalue}, ...]]`, numbers as strings. */
export function marketSummary(summary: StoredSummary | undefined): MarketSummary {
  if (!summary) return [[], []];
  return [
    [{ mktdate: formatDayMonthYear(summary.day) }],
    summary.values.map((v) => ({ mktcode: v.code, mktno: String(v.number), mktvalue: v.value })),
  ];
}
