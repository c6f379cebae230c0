import { sql, type Kysely } from 'kysely';
import { addDays, toDateTime } from '../domain/dates.js';
import { PriceSeries, type StoredPrice } from '../domain/price-series.js';
import { NavSeries } from '../domain/nav-series.js';
import type { NavStatistics, NavValue } from '../domain/statistics.js';
import type {
  FundNameItem,
  FundNavStatistics,
  FundPriceListItem,
  FundPriceRecord,
  NavEntry,
} from './schemas.js';
import type { LoadingCache } from '../cache/loading-cache.js';
import type { Database, Fund } from '../store/schema.js';

export type PriceRow = Omit<StoredPrice, 'total_net_assets'>;

/** A fund's prices in a date range: the positions [start, end) of its series, ascending by date. */
export interface PriceRun {
  series: PriceSeries;
  start: number;
  end: number;
}

/** A fund as AllFundPrices lists it, with its category's names. */
export interface ListedFund {
  id: number;
  name_en: string;
  name_th: string;
  category_id: number;
  category_en: string;
  category_th: string;
  link_en: string;
  link_th: string;
}

/** A fund's price shown for a day: that day's, or its latest of the week before (a back-dated price). */
export interface DayPrice {
  fund_id: number;
  price_date: string;
  nav: number;
  offer: number;
  redemption: number;
  total_net_assets: number | null;
}

/** How far back AllFundPrices looks for a fund that has not published the day asked (decisions 4.4). */
export const BACKDATE_DAYS = 7;

export const LISTED_COLUMNS = [
  'f.id',
  'f.name_en',
  'f.name_th',
  'f.category_id',
  'c.name_en as category_en',
  'c.name_th as category_th',
  'f.link_en',
  'f.link_th',
] as const;

/** The caches of fund reads (made by name in src/cache/caches.ts; a cache turned off keeps nothing). */
export interface FundCaches {
  navSeries: LoadingCache<number, NavSeries>;
  prices: LoadingCache<number, PriceSeries>;
  fundsByCode: LoadingCache<string, { fund: Fund | undefined }>;
  fundListing: LoadingCache<'all', { funds: ListedFund[] }>;
}

/** Reads of funds and their served prices; every row-to-response mapping of fund data is here. */
export class FundRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /**
     * Funds' NAV series (statistics in O(1) of the range), price histories, funds by the code asked
     * (found or not) and the listing of AllFundPrices, kept until the data changes; a cache turned off
     * reads on every call.
     */
    private readonly caches: FundCaches,
  ) {}

  /** A fund by number (mf_iNumber) or, failing that, by short code, case-insensitively. */
  async findFund(code: string): Promise<Fund | undefined> {
    const found = await this.caches.fundsByCode.get(code.toUpperCase(), async () => ({
      fund: await this.readFund(code),
    }));
    return found.fund;
  }

  private async readFund(code: string): Promise<Fund | undefined> {
    if (/^[0-9]{1,9}$/.test(code)) {
      const byNumber = await this.db
        .selectFrom('funds')
        .selectAll()
        .where('id', '=', Number(code))
        .executeTakeFirst();
      if (byNumber) return byNumber;
    }
    return this.db
      .selectFrom('funds')
      .selectAll()
      .where('code_key', '=', code.toUpperCase())
      .executeTakeFirst();
  }

  /** GetNavByFundCode's NAV list: the fund's prices in the range, ascending by date. */
  async navRange(fundId: number, from: string, to: string): Promise<NavEntry[]> {
    const { series, start, end } = await this.prices(fundId, from, to);
    const entries: NavEntry[] = [];
    for (let i = start; i < end; i++) {
      entries.push({
        NAVRate: series.navs[i]!,
        NAVDate: series.date(i),
        PurchaseRate: series.offers[i]!,
        RedeemRate: series.redemptions[i]!,
        NAV: series.netAssetsAt(i),
      });
    }
    return entries;
  }

  /** Fund_Nav_ByFundCode's statistics, from the fund's NAV series. */
  async navStatistics(fundId: number, from: string, to: string): Promise<FundNavStatistics> {
    const series = await this.caches.navSeries.get(fundId, async () =>
      NavSeries.fromPoints(await this.navPoints(fundId)),
    );
    return statisticsFields(series.statistics(from, to));
  }

  /** The fund's NAVs in ascending date order: one range of its index. */
  private navPoints(fundId: number): Promise<{ date: string; nav: number }[]> {
    return this.db
      .selectFrom('fund_prices')
      .select(['price_date as date', 'nav'])
      .where('fund_id', '=', fundId)
      .orderBy('price_date')
      .execute();
  }

  /**
   * The fund's prices in [from, to], ascending by date, as stored: a run of its whole history (kept in
   * memory while the prices cache keeps it), found by two binary searches.
   */
  async prices(fundId: number, from: string, to: string): Promise<PriceRun> {
    const series = await this.caches.prices.get(fundId, async () =>
      PriceSeries.fromRows(await this.storedPrices(fundId)),
    );
    return { series, ...series.range(from, to) };
  }

  /** The fund's stored prices: one range of its (fund, date) index. */
  private storedPrices(fundId: number): Promise<StoredPrice[]> {
    return (
      this.db
        .selectFrom('fund_prices')
        .select(['price_date', 'nav', 'offer', 'redemption', 'total_net_assets'])
        // A synced price is served with the upstream's mfr_iId and l_ID (migration 011).
        .select(sql<number>`coalesce(origin_id, id)`.as('id'))
        .select(sql<number>`coalesce(origin_batch_id, batch_id)`.as('batch_id'))
        .where('fund_id', '=', fundId)
        .orderBy('price_date')
        .execute()
    );
  }

  /**
   * Every fund with its category, in AllFundPrices' order (category, display order, number): kept
   * until the data changes (the fundListing cache), so a day's listing only reads that day's prices.
   */
  async fundListing(): Promise<ListedFund[]> {
    const read = () =>
      this.db
        .selectFrom('funds as f')
        .innerJoin('fund_categories as c', 'c.id', 'f.category_id')
        .select(LISTED_COLUMNS)
        .orderBy('f.category_id')
        .orderBy('f.display_order')
        .orderBy('f.id')
        .execute();
    return (await this.caches.fundListing.get('all', async () => ({ funds: await read() }))).funds;
  }

  /**
   * The price each fund shows for a date: its price of that date, else its latest of the
   * BACKDATE_DAYS before (funds investing abroad publish a day or two late). None at all when no
   * fund has a price on that date: a day without prices stays empty rather than all back-dated.
   */
  async pricesShownOn(date: string): Promise<DayPrice[]> {
    const published = await this.db
      .selectFrom('fund_price_dates')
      .select('price_date')
      .where('price_date', '=', date)
      .executeTakeFirst();
    if (!published) return [];
    // Driven from funds: per fund, one descending probe of its (fund_id, price_date) index finds the
    // latest date in the window, and one lookup reads that price. SQLite keeps the written order of a
    // CROSS JOIN (with an inner join and no index on price_date alone its planner scanned every
    // price: 0.9 s at market scale); PostgreSQL plans a cross join with conditions as an inner join.
    return this.db
      .selectFrom('funds as f')
      .crossJoin('fund_prices as p')
      .whereRef('p.fund_id', '=', 'f.id')
      .where('p.price_date', '=', (eb) =>
        eb
          .selectFrom('fund_prices as q')
          .select((e) => e.fn.max('q.price_date').as('latest'))
          .whereRef('q.fund_id', '=', 'f.id')
          .where('q.price_date', '>=', addDays(date, -BACKDATE_DAYS))
          .where('q.price_date', '<=', date),
      )
      .select(['p.fund_id', 'p.price_date', 'p.nav', 'p.offer', 'p.redemption', 'p.total_net_assets'])
      .execute();
  }

  /** Days of a month with a price of the fund, or of any fund when `fundId` is null. */
  async updateDays(fundId: number | null, monthStart: string, monthEnd: string): Promise<number[]> {
    const rows =
      fundId === null
        ? await this.db
            .selectFrom('fund_price_dates')
            .select('price_date')
            .where('price_date', '>=', monthStart)
            .where('price_date', '<=', monthEnd)
            .orderBy('price_date')
            .execute()
        : await this.db
            .selectFrom('fund_prices')
            .select('price_date')
            .where('fund_id', '=', fundId)
            .where('price_date', '>=', monthStart)
            .where('price_date', '<=', monthEnd)
            .orderBy('price_date')
            .execute();
    return rows.map((r) => Number(r.price_date.slice(8, 10)));
  }

  async latestDate(): Promise<string | null> {
    const row = await this.db
      .selectFrom('fund_price_dates')
      .select((eb) => eb.fn.max('price_date').as('latest'))
      .executeTakeFirst();
    return row?.latest ?? null;
  }
}

function statisticsFields(s: NavStatistics): FundNavStatistics {
  const nav = (v: NavValue | null) => v?.nav ?? null;
  const date = (v: NavValue | null) => (v ? toDateTime(v.date) : null);
  return {
    MinSelected_mfr_fNav: nav(s.minSelected),
    MinSelected_mfr_dDataDate: date(s.minSelected),
    MaxSelected_mfr_fNav: nav(s.maxSelected),
    MaxSelected_mfr_dDataDate: date(s.maxSelected),
    MinYear_mfr_fNav: nav(s.minYear),
    MinYear_mfr_dDataDate: date(s.minYear),
    MaxYear_mfr_fNav: nav(s.maxYear),
    MaxYear_mfr_dDataDate: date(s.maxYear),
    MinSince_mfr_fNav: nav(s.minSince),
    MinSince_mfr_dDataDate: date(s.minSince),
    MaxSince_mfr_fNav: nav(s.maxSince),
    MaxSince_mfr_dDataDate: date(s.maxSince),
    Begin_mfr_fNav: nav(s.begin),
    Begin_mfr_dDataDate: date(s.begin),
    End_mfr_fNav: nav(s.end),
    End_mfr_dDataDate: date(s.end),
  };
}

/** One FundPriceRecord (2.3): a stored price with its fund's names and links. */
export function priceRecord(fund: Fund, r: PriceRow): FundPriceRecord {
  return {
    mfr_iId: r.id,
    mf_iNumber: fund.id,
    mfr_fNav: r.nav,
    mfr_fSel: r.offer,
    mfr_fBuy: r.redemption,
    l_ID: r.batch_id,
    mfr_dDataDate: toDateTime(r.price_date),
    mf_sEng: fund.name_en,
    mf_sTha: fund.name_th,
    mf_sThaLCD: fund.name_th_short ?? fund.name_th,
    mf_linkEng: fund.link_en,
    mf_linkTha: fund.link_th,
    mf_pdf: fund.factsheet_url,
    mf_order: fund.display_order,
    mf_catenumber: fund.category_id,
  };
}

/** One FundNameItem: a fund of the listing as the website's fund picker lists it (AllFundsName). */
export function fundNameItem(f: ListedFund): FundNameItem {
  return {
    mf_iNumber: String(f.id),
    mf_sEng: f.name_en,
    mf_sTha: f.name_th,
    mf_catenumber: f.category_id,
    mf_cateEng: f.category_en,
    mf_cateTha: f.category_th,
    mf_linkEng: f.link_en,
    mf_linkTha: f.link_th,
  };
}

/** One FundPriceListItem (2.4 and the website's fields): a fund of the listing with its price shown for `date`. */
export function priceListItem(f: ListedFund, p: DayPrice, date: string): FundPriceListItem {
  return {
    ...fundNameItem(f),
    mfr_fNav: p.nav,
    mfr_fSel: p.offer,
    mfr_fBuy: p.redemption,
    mfr_dDataDate: toDateTime(p.price_date),
    mfr_sAUM: netAssetsText(p.total_net_assets),
    mf_backdate: p.price_date === date ? '' : toDateTime(p.price_date),
  };
}

/** Total net assets as mfr_sAUM writes them: baht with two decimals, "" when not published. */
export function netAssetsText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  // toFixed writes 1e21 and above in exponent form; such amounts have no satang left to show anyway.
  return Math.abs(value) < 1e21 ? value.toFixed(2) : `${BigInt(value)}.00`;
}
