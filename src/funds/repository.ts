import type { Kysely } from 'kysely';
import type { FundDividendRow } from '../data-types/fund-dividends.js';
import { FACT_COLUMNS, type FundFactsRow } from '../data-types/fund-facts.js';
import { addDays } from '../domain/dates.js';
import { PriceSeries, type StoredPrice } from '../domain/price-series.js';
import { NavSeries } from '../domain/nav-series.js';
import type { NavStatistics } from '../domain/statistics.js';
import type { LoadingCache } from '../cache/loading-cache.js';
import { servedId } from '../store/served-ids.js';
import type { Database, Fund, FundPriceTable } from '../store/schema.js';

/** The facts' columns, as the table names them. */
const FACT_COLUMN_NAMES = Object.keys(FACT_COLUMNS) as (keyof FundFactsRow)[];

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
  /** Its place within its category (mf_order). */
  display_order: number;
}

/** A listed fund's facts that a fund list filters by (AllFundFacts). */
export interface ListedFacts {
  id: number;
  code: string;
  fund_house_en: string | null;
  fund_house_th: string | null;
  risk_level: string | null;
}

/** A fund's price shown for a day: that day's, or its latest of the week before (a back-dated price). */
export type DayPrice = Pick<
  FundPriceTable,
  'fund_id' | 'price_date' | 'nav' | 'offer' | 'redemption' | 'total_net_assets'
>;

/** How far back AllFundPrices looks for a fund that has not published the day asked (contract notes: fund and loan operations). */
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
  'f.display_order',
] as const;

/** The caches of fund reads (made by name in src/composition/caches.ts; a cache turned off keeps nothing). */
export interface FundCaches {
  navSeries: LoadingCache<number, NavSeries>;
  prices: LoadingCache<number, PriceSeries>;
  fundsByCode: LoadingCache<string, { fund: Fund | undefined }>;
  fundListing: LoadingCache<'all', { funds: ListedFund[] }>;
}

/** What the group's routes are handed (by src/composition/repositories.ts): its own repositories only. */
export interface FundRepositories {
  funds: FundRepository;
}

/**
 * Reads of funds and their served prices, as domain values (funds, price series, statistics); the
 * presenter (presenter.ts, presenter-bytes.ts) writes them in the wire shape.
 */
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

  /** Fund_Nav_ByFundCode's statistics, from the fund's NAV series. */
  async navStatistics(fundId: number, from: string, to: string): Promise<NavStatistics> {
    const series = await this.caches.navSeries.get(fundId, async () =>
      NavSeries.fromPoints(await this.navPoints(fundId)),
    );
    return series.statistics(from, to);
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
        .select([servedId('id'), servedId('batch_id')])
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
    return this.latestPerFund({ from: addDays(date, -BACKDATE_DAYS), to: date });
  }

  /** Each fund's latest price (the website's fund list, nav/AllFundNames); a fund without any has none. */
  async latestPrices(): Promise<DayPrice[]> {
    return this.latestPerFund();
  }

  /**
   * Each fund's latest price, within a window of days when one is given. Driven from funds: per fund,
   * one descending probe of its (fund_id, price_date) index finds the latest date, and one lookup
   * reads that price. SQLite keeps the written order of a CROSS JOIN (with an inner join and no index
   * on price_date alone its planner scanned every price; measured: CONTRIBUTING.md, Measurements
   * behind the code); PostgreSQL plans a cross join with conditions as an inner join.
   */
  private latestPerFund(window?: { from: string; to: string }): Promise<DayPrice[]> {
    return this.db
      .selectFrom('funds as f')
      .crossJoin('fund_prices as p')
      .whereRef('p.fund_id', '=', 'f.id')
      .where('p.price_date', '=', (eb) => {
        const latest = eb
          .selectFrom('fund_prices as q')
          .select((e) => e.fn.max('q.price_date').as('latest'))
          .whereRef('q.fund_id', '=', 'f.id');
        return window
          ? latest.where('q.price_date', '>=', window.from).where('q.price_date', '<=', window.to)
          : latest;
      })
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

  /** The fund's facts (FundFacts), undefined before any are published. */
  async facts(fundId: number): Promise<FundFactsRow | undefined> {
    return this.db
      .selectFrom('fund_facts')
      .select(FACT_COLUMN_NAMES)
      .where('fund_id', '=', fundId)
      .executeTakeFirst();
  }

  /**
   * Every listed fund's house and risk level (AllFundFacts), in AllFundPrices' order (category, display
   * order, number); null columns for a fund without facts.
   */
  async factsOfEveryFund(): Promise<ListedFacts[]> {
    return this.db
      .selectFrom('funds as f')
      .innerJoin('fund_categories as c', 'c.id', 'f.category_id')
      .leftJoin('fund_facts as x', 'x.fund_id', 'f.id')
      .select(['f.id', 'f.code', 'x.fund_house_en', 'x.fund_house_th', 'x.risk_level'])
      .orderBy('f.category_id')
      .orderBy('f.display_order')
      .orderBy('f.id')
      .execute();
  }

  /** The fund's latest published total net assets: one descending probe of its (fund, date) index. */
  async latestNetAssets(fundId: number): Promise<{ date: string; value: number } | null> {
    const row = await this.db
      .selectFrom('fund_prices')
      .select(['price_date', 'total_net_assets'])
      .where('fund_id', '=', fundId)
      .where('total_net_assets', 'is not', null)
      .orderBy('price_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { date: row.price_date, value: row.total_net_assets! } : null;
  }

  /** The dividends of the fund with a book-closing day in [from, to], ascending. */
  async dividends(fundId: number, from: string, to: string): Promise<FundDividendRow[]> {
    return this.db
      .selectFrom('fund_dividends')
      .select(['fund_id', 'book_closing_date', 'payment_date', 'per_unit'])
      .where('fund_id', '=', fundId)
      .where('book_closing_date', '>=', from)
      .where('book_closing_date', '<=', to)
      .orderBy('book_closing_date')
      .execute();
  }

  async latestDate(): Promise<string | null> {
    const row = await this.db
      .selectFrom('fund_price_dates')
      .select((eb) => eb.fn.max('price_date').as('latest'))
      .executeTakeFirst();
    return row?.latest ?? null;
  }
}
