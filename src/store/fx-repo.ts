import type { Kysely, Selectable } from 'kysely';
import { formatBannerDate, formatMonthDayYear } from '../domain/dates.js';
import { formatRate } from '../domain/rates.js';
import type { FxBannerRow, FxFamily as FxFamilyItem, FxRateRow } from '../schemas/exchange-rates.js';
import type { Database, FxFamily, FxRateTable } from './schema.js';

type RateRow = Pick<Selectable<FxRateTable>, (typeof RATE_COLUMNS)[number]>;

/** The rate columns served; with the date, round and time they are all a covering index holds. */
export const RATE_COLUMNS = [
  'buying_notes',
  'selling_notes',
  'buying_sight_bill',
  'selling_tt',
  'buying_tt',
] as const;

function rateFields(r: RateRow, decimals: number) {
  return {
    BuyingRates: formatRate(r.buying_notes, decimals),
    SellingRates: formatRate(r.selling_notes, decimals),
    SightBill: formatRate(r.buying_sight_bill, decimals),
    Bill_DD_TT: formatRate(r.selling_tt, decimals),
    TT: formatRate(r.buying_tt, decimals),
  };
}

/** Reads of FX families and their published rates. */
export class FxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async families(): Promise<FxFamilyItem[]> {
    const rows = await this.db
      .selectFrom('fx_families')
      .select(['code', 'name'])
      .orderBy('display_order')
      .orderBy('code')
      .execute();
    return rows.map((r) => ({ Family: r.code, Description: r.name }));
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
        .select(['id', 'rate_date', 'round', 'rate_time', ...RATE_COLUMNS])
        .where('family_code', '=', family.code)
        .orderBy('rate_date', 'desc')
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!r) continue;
      result.push({
        ID: String(r.id),
        Description: family.description,
        Family: family.code,
        FamilyLong: family.name,
        ...rateFields(r, family.decimals),
        Ddate: formatBannerDate(r.rate_date),
        Update: String(r.round),
        DTime: r.rate_time,
      });
    }
    return result;
  }

  /** One row per day in [from, to]: that day's last published round, ascending by date. */
  async dailyRates(code: string, from: string, to: string, buddhistEra: boolean): Promise<FxRateRow[]> {
    const family = await this.findFamily(code);
    if (!family) return [];
    const rows = await this.db
      .selectFrom('fx_rates as r')
      .select(['r.rate_date', 'r.rate_time', ...RATE_COLUMNS.map((c) => `r.${c}` as const)])
      .where('r.family_code', '=', family.code)
      .where('r.rate_date', '>=', from)
      .where('r.rate_date', '<=', to)
      .where('r.round', '=', (eb) =>
        eb
          .selectFrom('fx_rates as last')
          .select((e) => e.fn.max('last.round').as('round'))
          .whereRef('last.family_code', '=', 'r.family_code')
          .whereRef('last.rate_date', '=', 'r.rate_date'),
      )
      .orderBy('r.rate_date')
      .execute();
    return rows.map((r) => ({
      Family: family.code,
      ...rateFields(r, family.decimals),
      Ddate: formatMonthDayYear(r.rate_date, buddhistEra),
      DTime: r.rate_time,
    }));
  }
}
