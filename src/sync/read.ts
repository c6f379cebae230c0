import { Type, type Static } from '@sinclair/typebox';
import { addDays } from '../domain/dates.js';
import { FxBannerRow, FxDay, FxFamily, FxLastUpdate, FxRateRow, FxRound } from '../exchange-rates/schemas.js';
import {
  FundNameItem,
  FundNavRange,
  FundPriceListItem,
  FundPriceRecord,
  LatestDateRecord,
} from '../funds/schemas.js';
import { factsRowOf } from '../funds/facts-presenter.js';
import { FundDividend, FundFacts } from '../funds/facts-schemas.js';
import { DepositRate, LoanRate } from '../interest-rates/schemas.js';
import { MarketDate, MarketValue } from '../market/schemas.js';
import type { NewRow } from '../data-types/index.js';
import { answerRows, type Sourced } from './row-checks.js';
import { UpstreamError, type Upstream } from './upstream.js';

// What the upstream publishes, read through its public operations and turned into the rows an import
// of each type would carry (src/data-types/), with the upstream's own row and batch numbers.

const FUND_NAMES = Type.Array(FundNameItem);
const FUND_LIST = Type.Array(FundPriceListItem);
const PRICES = Type.Array(FundPriceRecord);
const LATEST = Type.Array(LatestDateRecord);
const FAMILIES = Type.Array(FxFamily);
const BANNER = Type.Array(FxBannerRow);
const DAYS = Type.Array(FxDay);
const ROUNDS = Type.Array(FxRound);
const DAILY = Type.Array(FxRateRow);
const DEPOSITS = Type.Array(DepositRate);
const LOANS = Type.Array(LoanRate);
// As a TypeBox tuple, which its compiler checks (the route's schema is a 2020-12 one for the document).
const FACTS = Type.Union([FundFacts, Type.Null()]);
const DIVIDENDS = Type.Array(FundDividend);
const MARKET = Type.Tuple([Type.Array(MarketDate, { maxItems: 1 }), Type.Array(MarketValue)]);

/** A fund as AllFundsName lists it (or, from an upstream without it, AllFundPrices). */
export interface ListedFund {
  id: number;
  name_en: string;
  name_th: string;
  category_id: number;
  link_en: string;
  link_th: string;
  /** 1-based place within its category in the listing: the display order of a fund with no price. */
  place: number;
  /** Where the listing has it, e.g. `AllFundsName, row 12`. */
  where: string;
}

export interface Catalogue {
  categories: Sourced<NewRow<'fund-categories'>>;
  funds: ListedFund[];
  families: Sourced<NewRow<'fx-families'>>;
  /** The latest row of every family (GetfxbannerAPI), with the upstream's IDs. */
  latestFx: NewRow<'fx-rates'>[];
  deposits: ProductRates;
  /** null when the upstream has no GetLoanRate (it is a website operation). */
  loans: ProductRates | null;
  /** The upstream's latest fund price date (LatestDate), or null when it has none. */
  latestPriceDate: string | null;
  /**
   * The upstream's latest market summary (GetMarketsum): the only day it publishes, so a sync copies
   * each day it sees; null when the upstream has no MarketService.
   */
  market: Sourced<MarketSummaryColumns> | null;
}

/** A row of GetMarketsum in the columns of a market-summary import. */
export interface MarketSummaryColumns {
  date: string;
  code: string;
  number: string;
  value: string;
}

/** Rate products (deposit or loan) in display order, and each one's rate in effect. */
export interface ProductRates {
  products: { name_en: string; name_th: string }[];
  rates: (Omit<NewRow<'deposit-rates'>, 'product_id'> & { place: number })[];
  /** Where the answer has product i and its rate (the same row). */
  where(index: number): string;
}

/** 'dd/MM/yyyy' or 'd/MM/yyyy' to 'YYYY-MM-DD'. */
function dmyToIso(value: string, what: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) throw new UpstreamError('not-interface', `${what}: '${value}' is not a day dd/MM/yyyy`);
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** 'MM/dd/yyyy' (GetDownloadfxrates, lang en) to 'YYYY-MM-DD'. */
function mdyToIso(value: string, what: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) throw new UpstreamError('not-interface', `${what}: '${value}' is not a day MM/dd/yyyy`);
  return `${m[3]}-${m[1]}-${m[2]}`;
}

/** A published rate: '' is not quoted (null); anything else must be a decimal number. */
function rate(value: string, what: string): number | null {
  if (value === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(value))
    throw new UpstreamError('not-interface', `${what}: '${value}' is not a rate`);
  return Number(value);
}

const decimalsOf = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

export async function readCatalogue(up: Upstream): Promise<Catalogue> {
  const latest = await up.must(LATEST, 'LatestDate', (c) => c.latestDate());
  const latestPriceDate = latest[0]?.mDate.slice(0, 10) ?? null;
  // The website's fund picker lists every fund; without it, the funds priced on the latest day.
  let listing = 'AllFundsName';
  let listed: FundNameItem[] | null = await up.read(FUND_NAMES, listing, (c) => c.allFundsName());
  if (listed === null) {
    listing = `AllFundPrices ${latestPriceDate}`;
    listed = latestPriceDate
      ? await up.must(FUND_LIST, 'AllFundPrices', (c) =>
          c.allFundPrices(latestPriceDate as `${number}-${number}-${number}`),
        )
      : [];
  }
  const categories = new Map<number, NewRow<'fund-categories'>>();
  /** The listing's row that first names each category. */
  const categoryRows = new Map<number, number>();
  const places = new Map<number, number>();
  const funds: ListedFund[] = [];
  for (const [row, f] of listed.entries()) {
    const id = Number(f.mf_iNumber);
    if (!Number.isInteger(id) || id <= 0)
      throw new UpstreamError('not-interface', `AllFundsName: '${f.mf_iNumber}' is not a fund number`);
    // Categories are listed by number; their own display order is not published, and no answer uses it.
    if (!categoryRows.has(f.mf_catenumber)) categoryRows.set(f.mf_catenumber, row + 1);
    categories.set(f.mf_catenumber, {
      id: f.mf_catenumber,
      name_en: f.mf_cateEng,
      name_th: f.mf_cateTha,
      display_order: f.mf_catenumber,
    });
    const place = (places.get(f.mf_catenumber) ?? 0) + 1;
    places.set(f.mf_catenumber, place);
    funds.push({
      id,
      name_en: f.mf_sEng,
      name_th: f.mf_sTha,
      category_id: f.mf_catenumber,
      link_en: f.mf_linkEng,
      link_th: f.mf_linkTha,
      place,
      where: `${listing}, row ${row + 1}`,
    });
  }

  const familyList = await up.must(FAMILIES, 'Getfxfamily', (c) => c.getFxFamily());
  const banner =
    familyList.length === 0
      ? []
      : await up.must(BANNER, 'GetfxbannerAPI', (c) => c.getFxBanner(familyList.map((f) => f.Family)));
  const latestByFamily = new Map(banner.map((r) => [r.Family.toUpperCase(), r]));
  const families = familyList.map((f, i) => {
    const row = latestByFamily.get(f.Family.toUpperCase());
    const rates = row ? [row.BuyingRates, row.SellingRates, row.SightBill, row.Bill_DD_TT, row.TT] : [];
    const quoted = rates.filter((r) => r !== '');
    // The unit shows in the short label ('Japan (:100)'); the decimals in how the rates are written.
    const unit = Number(/\(:\s*([\d,]+)\)/.exec(row?.Description ?? '')?.[1]?.replace(/,/g, '') ?? 1);
    return {
      code: f.Family.toUpperCase(),
      description: row?.Description ?? f.Family,
      name: f.Description,
      unit: unit > 0 ? unit : 1,
      decimals: quoted.length > 0 ? Math.max(...quoted.map(decimalsOf)) : 4,
      display_order: i + 1,
    };
  });
  const latestFx = banner.map((r) => bannerToRate(r, 'GetfxbannerAPI'));

  const deposits = await up.must(DEPOSITS, 'GetDepositRate', (c) => c.getDepositRate());
  const loans = await up.read(LOANS, 'GetLoanRate', (c) => c.getLoanRate());
  const categoryList = [...categories.values()].sort((a, b) => a.id - b.id);
  const market = await up.read(MARKET, 'GetMarketsum', (c) => c.getMarketSummary());
  return {
    categories: {
      rows: categoryList,
      where: (i) => `${listing}, row ${categoryRows.get(categoryList[i]!.id)}`,
    },
    funds,
    families: answerRows('Getfxfamily', families),
    latestFx,
    deposits: productRates(
      deposits.map((d) => [d.DepositNameEn, d.DepositNameTh, d.DepositRates, d.EffectiveDate, d.TimeSubmit]),
      'GetDepositRate',
    ),
    loans:
      loans &&
      productRates(
        loans.map((d) => [d.LoanNameEn, d.LoanNameTh, d.LoanRates, d.EffectiveDate, d.TimeSubmit]),
        'GetLoanRate',
      ),
    latestPriceDate,
    market: market && marketRows(market),
  };
}

/**
 * GetMarketsum's answer as the rows of a market-summary import, in its columns, as published: the
 * import's own checks (ingest/specs.ts) judge them when the batch is made.
 */
function marketRows([days, values]: Static<typeof MARKET>): Sourced<MarketSummaryColumns> {
  const day = days[0];
  const date = day ? dmyToIso(day.mktdate, 'GetMarketsum') : '';
  // Values without a day keep their empty date, for the import's checks to refuse by name.
  return answerRows(
    'GetMarketsum',
    values.map((v) => ({ date, code: v.mktcode, number: v.mktno, value: v.mktvalue })),
  );
}

function productRates(rows: string[][], what: string): ProductRates {
  const result: ProductRates = { products: [], rates: [], where: (i) => `${what}, row ${i + 1}` };
  for (const [en, th, value, effective, submitted] of rows) {
    if (!/^-?\d+(\.\d+)?$/.test(value!))
      throw new UpstreamError('not-interface', `${what}: '${value}' is not a rate`);
    const m = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(submitted!);
    if (!m) throw new UpstreamError('not-interface', `${what}: '${submitted}' is not dd/MM/yyyy HH:mm:ss`);
    result.products.push({ name_en: en!, name_th: th! });
    result.rates.push({
      place: result.products.length,
      effective_date: dmyToIso(effective!, what),
      rate: value!,
      submitted_at: `${dmyToIso(m[1]!, what)} ${m[2]}`,
    });
  }
  return result;
}

function bannerToRate(r: FxBannerRow, what: string): NewRow<'fx-rates'> {
  const round = Number(r.Update);
  const id = Number(r.ID);
  if (!Number.isInteger(round) || round < 1 || !Number.isInteger(id))
    throw new UpstreamError('not-interface', `${what}: a row with Update '${r.Update}' and ID '${r.ID}'`);
  return {
    family_code: r.Family.toUpperCase(),
    rate_date: dmyToIso(r.Ddate, what),
    round,
    rate_time: r.DTime,
    buying_notes: rate(r.BuyingRates, what),
    selling_notes: rate(r.SellingRates, what),
    buying_sight_bill: rate(r.SightBill, what),
    selling_tt: rate(r.Bill_DD_TT, what),
    buying_tt: rate(r.TT, what),
    origin_id: id,
  };
}

/** What 4.3 tells of a fund beside its prices: the fields AllFundsName does not carry. */
export interface FundDetails {
  name_th_short: string | null;
  factsheet_url: string;
  display_order: number;
}

export interface FundHistory {
  prices: Sourced<NewRow<'fund-prices'>>;
  /** Its facts (none: the upstream has none published, or no FundFacts) and dividends in the range. */
  facts: Sourced<NewRow<'fund-facts'>>;
  dividends: Sourced<NewRow<'fund-dividends'>>;
  /** From the fund's latest price record; null when it has no price in the range. */
  details: FundDetails | null;
}

type Day = `${number}-${number}-${number}`;

/**
 * A fund's prices over [from, to]: FundPrice_ByFundCode has the prices with the upstream's row and
 * batch numbers, GetNavByFundCode the total net assets; both are of the ten.
 */
export async function readFundHistory(
  up: Upstream,
  fund: number,
  from: string,
  to: string,
): Promise<FundHistory> {
  const what = `fund ${fund}, ${from} to ${to}`;
  const [records, navs, facts, dividends] = await Promise.all([
    up.must(PRICES, `FundPrice_ByFundCode (${what})`, (c) =>
      c.fundPriceByFundCode(fund, from as Day, to as Day),
    ),
    up.must(FundNavRange, `GetNavByFundCode (${what})`, (c) =>
      c.getNavByFundCode(fund, from as Day, to as Day),
    ),
    // Facts and dividends (decisions section 11): an upstream without them has none to copy.
    up.read(FACTS, `FundFacts (fund ${fund})`, (c) => c.fundFacts(fund)),
    up.read(DIVIDENDS, `FundDividends (${what})`, (c) => c.fundDividends(fund, from as Day, to as Day)),
  ]);
  const published =
    facts !== null && Object.entries(facts).some(([k, v]) => k !== 'fund' && k !== 'netAssets' && v !== null);
  const assets = new Map(navs.NAVList.map((n) => [n.NAVDate, n.NAV]));
  const prices = records.map((r) => {
    if (r.mf_iNumber !== fund)
      throw new UpstreamError(
        'not-interface',
        `FundPrice_ByFundCode (${what}): a price of fund ${r.mf_iNumber}`,
      );
    const date = r.mfr_dDataDate.slice(0, 10);
    return {
      fund_id: fund,
      price_date: date,
      nav: r.mfr_fNav,
      offer: r.mfr_fSel,
      redemption: r.mfr_fBuy,
      total_net_assets: assets.get(date) ?? null,
      origin_id: r.mfr_iId,
      origin_batch_id: r.l_ID,
    };
  });
  const last = records.at(-1);
  return {
    prices: answerRows(`FundPrice_ByFundCode (${what})`, prices),
    facts: answerRows(`FundFacts (fund ${fund})`, published ? [{ ...factsRowOf(facts), fund_id: fund }] : []),
    dividends: answerRows(
      `FundDividends (${what})`,
      (dividends ?? []).map((d) => ({
        fund_id: fund,
        book_closing_date: d.bookClosingDate,
        payment_date: d.paymentDate,
        per_unit: d.perUnit,
      })),
    ),
    details: last
      ? {
          // The Thai name is served when no short name is set: either way the same answer.
          name_th_short: last.mf_sThaLCD === last.mf_sTha ? null : last.mf_sThaLCD,
          factsheet_url: last.mf_pdf,
          display_order: last.mf_order,
        }
      : null,
  };
}

const LAST_UPDATE = Type.Array(FxLastUpdate);

/**
 * Whether the upstream has the website's FX operations (contract notes: the website) the round-by-round read needs
 * (false), and if so the last day with rates (null when it has none).
 */
export async function fxLastDay(up: Upstream): Promise<string | null | false> {
  const last = await up.read(LAST_UPDATE, 'GetfxratesLastUpdate', (c) => c.getFxRatesLastUpdate());
  if (last === null) return false;
  return last[0] ? dmyToIso(last[0].Day, 'GetfxratesLastUpdate') : null;
}

/** Days of a month with FX rates (website operation GetDayInMonth). */
export async function readFxDays(up: Upstream, year: number, month: number): Promise<string[]> {
  const days = await up.must(DAYS, `GetDayInMonth ${year}-${month}`, (c) => c.getFxDayInMonth(year, month));
  return days.map((d) => {
    const day = Number(d.Day);
    if (!Number.isInteger(day) || day < 1 || day > 31)
      throw new UpstreamError('not-interface', `GetDayInMonth: '${d.Day}' is not a day`);
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });
}

/**
 * Every round of every family on a day: the day's rounds (GetUpdateInMonth), then each round's rows
 * (Getfxrates), where a family not quoted in a round shows an earlier round's row again.
 */
export async function readFxDay(up: Upstream, day: string): Promise<Sourced<NewRow<'fx-rates'>>> {
  const rounds = await up.must(ROUNDS, `GetUpdateInMonth ${day}`, (c) => c.getFxUpdateInMonth(day as Day));
  const answers = await Promise.all(
    rounds.map((r) =>
      up.must(BANNER, `Getfxrates ${day} round ${r.Update}`, (c) =>
        c.getFxRates(day as Day, Number(r.Update)),
      ),
    ),
  );
  const rows = new Map<string, { row: NewRow<'fx-rates'>; where: string }>();
  for (const [i, answer] of answers.entries()) {
    for (const [n, r] of answer.entries()) {
      const row = bannerToRate(r, `Getfxrates ${day}`);
      if (row.rate_date !== day)
        throw new UpstreamError('not-interface', `Getfxrates ${day}: a row of ${row.rate_date}`);
      rows.set(`${row.family_code} ${row.round}`, {
        row,
        where: `Getfxrates ${day} round ${rounds[i]!.Update}, row ${n + 1}`,
      });
    }
  }
  const found = [...rows.values()];
  return { rows: found.map((r) => r.row), where: (i) => found[i]!.where };
}

/**
 * From an upstream with only the ten: each family's last rates of each day over [from, to]
 * (GetDownloadfxrates, at most 3 years a request). Rounds and row IDs are not published there, so
 * every day has one round, numbered 1, with no upstream ID.
 */
export async function readFxDaily(
  up: Upstream,
  families: string[],
  from: string,
  to: string,
): Promise<Sourced<NewRow<'fx-rates'>>[]> {
  const answers = await Promise.all(
    families.map((family) =>
      up.must(DAILY, `GetDownloadfxrates ${family} ${from} to ${to}`, (c) =>
        c.getDownloadFxRates(family, from as Day, to as Day),
      ),
    ),
  );
  return answers.map((rows, i) =>
    answerRows(
      `GetDownloadfxrates ${families[i]} ${from} to ${to}`,
      rows.map((r) => ({
        family_code: families[i]!,
        rate_date: mdyToIso(r.Ddate, 'GetDownloadfxrates'),
        round: 1,
        rate_time: r.DTime,
        buying_notes: rate(r.BuyingRates, 'GetDownloadfxrates'),
        selling_notes: rate(r.SellingRates, 'GetDownloadfxrates'),
        buying_sight_bill: rate(r.SightBill, 'GetDownloadfxrates'),
        selling_tt: rate(r.Bill_DD_TT, 'GetDownloadfxrates'),
        buying_tt: rate(r.TT, 'GetDownloadfxrates'),
        origin_id: null,
      })),
    ),
  );
}

/** The last day of a 3-year period starting on `from` (GetDownloadfxrates' limit), or `to`. */
export function threeYearsFrom(from: string, to: string): string {
  const end = addDays(`${Number(from.slice(0, 4)) + 3}${from.slice(4)}`, -1);
  return end < to ? end : to;
}
