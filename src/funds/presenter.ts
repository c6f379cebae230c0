import { toDateTime } from '../domain/dates.js';
import type { NavStatistics, NavValue } from '../domain/statistics.js';
import type { Fund } from '../store/schema.js';
import type { DayPrice, ListedFund, PriceRow, PriceRun } from './repository.js';
import type {
  FundNameItem,
  FundNavStatistics,
  FundPriceListItem,
  FundPriceRecord,
  LatestDateRecord,
  NavEntry,
  UpdateDay,
} from './schemas.js';

// The fund group's wire shapes, each written here once from the repository's domain values; the byte
// writers of the hot answers (presenter-bytes.ts) build on these, and tests compare the two.

/** GetNavByFundCode's NAV list: a run of the fund's prices, ascending by date. */
export function navEntries({ series, start, end }: PriceRun): NavEntry[] {
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

/** Fund_Nav_ByFundCode's item: the statistics with each value's NAV and date. */
export function navStatisticsFields(s: NavStatistics): FundNavStatistics {
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

/** GetUpdateDay's answer: the days of the month with a price. */
export function updateDayItems(days: number[]): UpdateDay[] {
  return days.map((Day) => ({ Day }));
}

/** LatestDate's answer: one record, or none when there is no price at all. */
export function latestDateItems(latest: string | null): LatestDateRecord[] {
  return latest === null ? [] : [{ mDate: toDateTime(latest) }];
}
