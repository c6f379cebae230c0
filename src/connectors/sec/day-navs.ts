import { ConnectorError } from '../http.js';
import { DailyNav, shapeProblem, type SecFund } from './answers.js';
import type { SecApi } from './api.js';
import { navSpan } from './funds.js';
import { readDailyNav, type ReadNav } from './nav.js';

/** What SEC answered for one fund on one day: null for no NAV that day (204). */
export interface FundDay {
  fund: SecFund;
  day: string;
  read: ReadNav | null;
}

/**
 * The daily NAVs of `days` for every fund that can have one on each (funds.ts, navSpan). An answer
 * that is not JSON or of neither documented shape stops the run: its batch is not published, and the
 * next run reads its days again.
 */
export async function readNavs(
  api: SecApi,
  funds: readonly SecFund[],
  days: readonly string[],
): Promise<FundDay[]> {
  const read: FundDay[] = [];
  for (const day of days)
    for (const fund of funds) {
      if (!navSpan(fund, day, day)) continue;
      const what = `NAV of ${fund.proj_abbr_name} (${fund.proj_id}) on ${day}`;
      const answer = await api.get(
        'FundDailyInfo',
        `/FundDailyInfo/${encodeURIComponent(fund.proj_id)}/dailynav/${day}`,
        what,
      );
      if (answer === undefined) {
        read.push({ fund, day, read: null });
        continue;
      }
      const problem = shapeProblem(DailyNav, answer);
      if (problem)
        throw new ConnectorError(
          'not-source',
          `${what}: SEC's answer is of neither documented shape (${problem})`,
        );
      read.push({ fund, day, read: readDailyNav(answer as DailyNav, day) });
    }
  return read;
}
