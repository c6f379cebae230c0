import type { Kysely } from 'kysely';
import { formatBannerDate, formatMonthDayYear } from '../domain/dates.js';
import { formatRate } from '../domain/rates.js';
import type { FxBannerRow, FxRateRow } from './schemas.js';
import { bannerRow, rateRow } from './presenter.js';
import { lastRoundOfDay } from './rate-row.js';
import { RATE_COLUMNS } from '../store/fx-rate-columns.js';
import { servedId } from '../store/served-ids.js';
import type { Database } from '../store/schema.js';

/** One update round: its day, number and time. */
export interface FxRoundRef {
  date: string;
  round: number;
  time: string;
}

/** What the converter needs of a currency: a rate (as published) for `unit` units, and its round. */
export interface FxQuote extends FxRoundRef {
  rate: string;
  unit: number;
}

/** Which rate the converter takes: the bank buys foreign currency at TT, sells it at Bill_DD_TT. */
export type QuoteSide = 'buying_tt' | 'selling_tt';

/**
 * Reads of FX rates by day and update round, across families: what the bank's website asks beside
 * the ten operations (contract notes: the website). Every read by day goes through the (rate_date, round) index.
 */
export class FxRoundsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The latest round of the latest day with rates (its latest time, should families differ). */
  async lastUpdate(): Promise<FxRoundRef | undefined> {
    const row = await this.db
      .selectFrom('fx_rates')
      .select(['rate_date', 'round', 'rate_time'])
      .orderBy('rate_date', 'desc')
      .orderBy('round', 'desc')
      .orderBy('rate_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { date: row.rate_date, round: row.round, time: row.rate_time };
  }

  /** A day's update rounds in order, each with its (latest) time. */
  async roundsOn(date: string): Promise<FxRoundRef[]> {
    const rows = await this.db
      .selectFrom('fx_rates')
      .select(['round', (eb) => eb.fn.max('rate_time').as('time')])
      .where('rate_date', '=', date)
      .groupBy('round')
      .orderBy('round')
      .execute();
    return rows.map((r) => ({ date, round: r.round, time: r.time }));
  }

  /** The days in [from, to] with any FX rate, ascending. */
  async daysWithRates(from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('fx_rates')
      .select('rate_date')
      .distinct()
      .where('rate_date', '>=', from)
      .where('rate_date', '<=', to)
      .orderBy('rate_date')
      .execute();
    return rows.map((r) => r.rate_date);
  }

  /**
   * Every family's rates as of round `round` of `date`, in display order: each family's last round up
   * to that one (a family not quoted in it shows its earlier quote of the day; one with none that day
   * is left out). No such round that day: none.
   */
  async ratesAsOf(date: string, round: number, buddhistEra: boolean): Promise<FxBannerRow[]> {
    const exists = await this.db
      .selectFrom('fx_rates')
      .select('round')
      .where('rate_date', '=', date)
      .where('round', '=', round)
      .limit(1)
      .executeTakeFirst();
    if (!exists) return [];
    const rows = await this.db
      .selectFrom('fx_rates as r')
      .innerJoin('fx_families as f', 'f.code', 'r.family_code')
      // A synced row is served with the upstream's ID (migration 011).
      .select(servedId('id', 'r'))
      .select([
        'r.family_code',
        'r.round',
        'r.rate_time',
        'f.description',
        'f.name',
        'f.decimals',
        ...RATE_COLUMNS.map((c) => `r.${c}` as const),
      ])
      .where('r.rate_date', '=', date)
      .where('r.round', '<=', round)
      .where(lastRoundOfDay(round))
      .orderBy('f.display_order')
      .orderBy('f.code')
      .execute();
    const ddate = formatBannerDate(date, buddhistEra);
    return rows.map((r) => bannerRow({ ...r, code: r.family_code }, r, ddate));
  }

  /** A family's every round of one day, in order (the one-day chart). Unknown family: none. */
  async roundsOfFamily(code: string, date: string, buddhistEra: boolean): Promise<FxRateRow[]> {
    const rows = await this.db
      .selectFrom('fx_rates as r')
      .innerJoin('fx_families as f', 'f.code', 'r.family_code')
      .select(['r.family_code', 'r.rate_time', 'f.decimals', ...RATE_COLUMNS.map((c) => `r.${c}` as const)])
      .where('r.family_code', '=', code.toUpperCase())
      .where('r.rate_date', '=', date)
      .orderBy('r.round')
      .execute();
    const ddate = formatMonthDayYear(date, buddhistEra);
    return rows.map((r) => rateRow(r.family_code, r.decimals, r, ddate));
  }

  /**
   * A currency's latest quote on one side: of the families of that currency (USD1, USD5 and USD50 for
   * USD), those that quote that rate on their latest day with rates (only USD50 has transfer rates),
   * the latest round quoting it; none when no family of that currency quotes it now.
   */
  async latestQuote(currency: string, side: QuoteSide): Promise<FxQuote | undefined> {
    const families = (
      await this.db.selectFrom('fx_families').select(['code', 'unit', 'decimals']).execute()
    ).filter((f) => f.code.replace(/[0-9]+$/, '') === currency);
    let best: FxQuote | undefined;
    for (const family of families) {
      // Within the family's latest day only: a family that does not quote the rate (USD1 has no TT)
      // is then known from a few rows, where a search back through its whole history for a value
      // it never has was slow (measured: CONTRIBUTING.md, Measurements behind the code).
      const row = await this.db
        .selectFrom('fx_rates')
        .select(['rate_date', 'round', 'rate_time', side])
        .where('family_code', '=', family.code)
        .where('rate_date', '=', (eb) =>
          eb
            .selectFrom('fx_rates as day')
            .select('day.rate_date')
            .where('day.family_code', '=', family.code)
            .orderBy('day.rate_date', 'desc')
            .limit(1),
        )
        .where(side, 'is not', null)
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst();
      const value = row?.[side];
      if (!row || value === null || value === undefined) continue;
      const quote = {
        date: row.rate_date,
        round: row.round,
        time: row.rate_time,
        rate: formatRate(value, family.decimals),
        unit: family.unit,
      };
      if (!best || laterRound(quote, best)) best = quote;
    }
    return best;
  }
}

/** Whether round a comes after round b. */
export function laterRound(a: FxRoundRef, b: FxRoundRef): boolean {
  return a.date > b.date || (a.date === b.date && a.round > b.round);
}
