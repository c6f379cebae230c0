import type { PriceSeries } from '../domain/price-series.js';
import type { NavStatistics, NavValue } from '../domain/statistics.js';
import { fundNameItem, netAssetsText, priceRecord } from '../funds/presenter.js';
import type { DayPrice, ListedFund, PriceRow } from '../funds/repository.js';
import type { Fund } from '../store/schema.js';
import type {
  NavFund,
  NavFundPrice,
  NavLatestDate,
  NavMaxMin,
  NavPriceRecord,
  NavUpdateDay,
} from './schemas.js';

// The nav group's wire shapes, written from the fund repository's domain values: the same data as
// FundPriceService's answers, in the newer website's shapes (contract notes: the newer website), dates YYYY-MM-DD.

/** LatestDate: an object whatever there is; its date null when there is no price at all. */
export function latestDateObject(latest: string | null): NavLatestDate {
  return { mdate: latest };
}

/** GetUpdateInMonth: the days of the month with a price, as `day`. */
export function updateDayObjects(days: number[]): NavUpdateDay[] {
  return days.map((day) => ({ day }));
}

/** The price fields of an AllFundPrices item: `mf_backdate` set when the price is of an earlier day. */
export function navPriceOfDay(p: DayPrice, date: string) {
  return {
    mfr_fNav: p.nav,
    mfr_fSel: p.offer,
    mfr_fBuy: p.redemption,
    mfr_dDataDate: p.price_date,
    mf_sAUM: netAssetsText(p.total_net_assets),
    mf_backdate: p.price_date === date ? '' : p.price_date,
  };
}

/** One item of AllFundPrices: a listed fund with the price it shows for `date`. */
export function navFundPrice(f: ListedFund, p: DayPrice, date: string): NavFundPrice {
  return { ...fundNameItem(f), ...navPriceOfDay(p, date) };
}

/**
 * AllFundNames: every listed fund, in the listing's order, with its latest price. `mf_backdate` is
 * measured against the latest date of any fund (`latest`), as AllFundPrices measures it against the
 * date asked; a fund without any price has null prices and dates.
 */
export function navFunds(listing: ListedFund[], prices: DayPrice[], latest: string | null): NavFund[] {
  const byFund = new Map(prices.map((p) => [p.fund_id, p]));
  return listing.map((f) => {
    const p = byFund.get(f.id);
    const price = p
      ? navPriceOfDay(p, latest ?? p.price_date)
      : {
          mfr_fNav: null,
          mfr_fSel: null,
          mfr_fBuy: null,
          mfr_dDataDate: null,
          mf_sAUM: '',
          mf_backdate: null,
        };
    return { ...fundNameItem(f), ...price, mf_order: f.display_order };
  });
}

/**
 * One NavHistory row: FundPrice_ByFundCode's record with its date YYYY-MM-DD. The route writes its rows
 * as bytes (priceRecordsJson); test/nav/nav-json.test.ts holds the two to the same JSON.
 */
export function navPriceRecord(fund: Fund, r: PriceRow): NavPriceRecord {
  return { ...priceRecord(fund, r), mfr_dDataDate: r.price_date };
}

/** Every field of FundMaxMinNav null: an unknown fund, or no price up to the end of the range. */
const NO_VALUE = { nav: null, buy: null, sel: null };

/**
 * FundMaxMinNav from 4.2's statistics: each extreme's NAV with the redemption (_fBuy) and offer (_fSel)
 * prices of the same day, found in the fund's price series.
 */
export function navMaxMin(s: NavStatistics | null, series: PriceSeries | null): NavMaxMin {
  const row = (v: NavValue | null | undefined) => {
    if (!v || !series) return NO_VALUE;
    const { start, end } = series.range(v.date, v.date);
    // Both are read from the same prices; a batch committed between the two reads leaves none.
    if (start === end) return { nav: v.nav, buy: null, sel: null };
    return { nav: v.nav, buy: series.redemptions[start]!, sel: series.offers[start]! };
  };
  const [maxSelected, maxYear, maxSince] = [row(s?.maxSelected), row(s?.maxYear), row(s?.maxSince)];
  const [minSelected, minYear, minSince] = [row(s?.minSelected), row(s?.minYear), row(s?.minSince)];
  return {
    MaxSelected_fNav: maxSelected.nav,
    MaxSelected_fBuy: maxSelected.buy,
    MaxSelected_fSel: maxSelected.sel,
    MaxYear_fNav: maxYear.nav,
    MaxYear_fBuy: maxYear.buy,
    MaxYear_fSel: maxYear.sel,
    MaxSince_fNav: maxSince.nav,
    MaxSince_fBuy: maxSince.buy,
    MaxSince_fSel: maxSince.sel,
    MinSelected_fNav: minSelected.nav,
    MinSelected_fBuy: minSelected.buy,
    MinSelected_fSel: minSelected.sel,
    MinYear_fNav: minYear.nav,
    MinYear_fBuy: minYear.buy,
    MinYear_fSel: minYear.sel,
    MinSince_fNav: minSince.nav,
    MinSince_fBuy: minSince.buy,
    MinSince_fSel: minSince.sel,
    Begin_fNav: s?.begin?.nav ?? null,
    End_fNav: s?.end?.nav ?? null,
  };
}
