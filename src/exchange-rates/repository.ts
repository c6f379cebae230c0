import type { Kysely } from 'kysely';
import { formatBannerDate, formatMonthDayYear } from '../domain/dates.js';
import { countBefore } from '../domain/sorted.js';
import type { FxBannerRow, FxFamily as FxFamilyItem, FxRateRow } from './schemas.js';
import { servedId } from '../store/served-ids.js';
import type { Database, FxFamily } from '../store/schema.js';
import { bannerRow, familyItem, rateRow } from './presenter.js';
import { lastRoundOfDay } from './rate-row.js';
import { RATE_COLUMNS } from '../store/fx-rate-columns.js';
import type { LoadingCache } from '../cache/loading-cache.js';
import type { FxRoundsRepository } from './rounds-repository.js';

/** A family's rates, one row a day (its last round), ascending by date, with each row's ISO date. */
export interface FxDailySeries {
  dates: string[];
  rows: FxRateRow[];
}

/** Roughly what a daily series holds: its date strings and row objects with their strings. */
export function dailySeriesBytes(series: FxDailySeries): number {
  return 64 + series.rows.length * 320;
}

/** What the group's routes are handed (by src/composition/repositories.ts): its own repositories only. */
export interface ExchangeRateRepositories {
  fx: FxRepository;
  fxRounds: FxRoundsRepository;
}

/** Reads of FX families and their published rates. */
export class FxRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Whole daily series by family and era, kept until the data changes (a cache turned off: read each call). */
    private readonly caches: { fxDaily: LoadingCache<string, FxDailySeries> },
  ) {}

  async families(): Promise<FxFamilyItem[]> {
    const rows = await this.db
      .selectFrom('fx_families')
      .select(['code', 'name'])
      .orderBy('display_order')
      .orderBy('code')
      .execute();
    return rows.map(familyItem);
  }

  private findFamily(code: string): Promise<FxFamily | undefined> {
    return this.db
      .selectFrom('fx_families')
      .selectAll()
      .where('code', '=', code.toUpperCase())
      .executeTakeFirst();
  }

  /** Each asked family's latest published round, in the order asked; unknown families are left out. */
  async latestRates(codes: string[]): Promise<FxBannerRow[]> {
    const result: FxBannerRow[] = [];
    for (const code of codes) {
      const family = await this.findFamily(code);
      if (!family) continue;
      const r = await this.db
        .selectFrom('fx_rates')
        .select(['rate_date', 'round', 'rate_time', ...RATE_COLUMNS])
        // A synced row is served with the upstream's ID (migration 011).
        .select(servedId('id'))
        .where('family_code', '=', family.code)
        .orderBy('rate_date', 'desc')
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!r) continue;
      result.push(bannerRow(family, r, formatBannerDate(r.rate_date)));
    }
    return result;
  }

  /**
   * One row per day in [from, to]: that day's last published round, ascending by date. A range is a
   * slice of the family's whole series (two binary searches), so while the series cache keeps it a
   * 3-year download no longer reads and formats its rows on every call.
   */
  async dailyRates(code: string, from: string, to: string, buddhistEra: boolean): Promise<FxRateRow[]> {
    const key = `${code.toUpperCase()} ${buddhistEra ? 'th' : 'en'}`;
    const series = await this.caches.fxDaily.get(key, async () => {
      const family = await this.findFamily(code);
      return family ? this.readDaily(family, buddhistEra) : { dates: [], rows: [] };
    });
    return series.rows.slice(countBefore(series.dates, from), countBefore(series.dates, to, true));
  }

  private async readDaily(family: FxFamily, buddhistEra: boolean): Promise<FxDailySeries> {
    const found = await this.db
      .selectFrom('fx_rates as r')
      .select(['r.rate_date', 'r.rate_time', ...RATE_COLUMNS.map((c) => `r.${c}` as const)])
      .where('r.family_code', '=', family.code)
      .where(lastRoundOfDay())
      .orderBy('r.rate_date')
      .execute();
    return {
      dates: found.map((r) => r.rate_date),
      rows: found.map((r) =>
        rateRow(family.code, family.decimals, r, formatMonthDayYear(r.rate_date, buddhistEra)),
      ),
    };
  }
}
