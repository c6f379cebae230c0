import type { FundDividend, FundFacts, ListedFundFacts } from '../funds/facts-schemas.js';
import type { DepositRate, LoanRate } from '../interest-rates/schemas.js';
import type { MarketSummary } from '../market/schemas.js';
import type {
  FxBannerRow,
  FxCalAmount,
  FxConversion,
  FxDay,
  FxFamily,
  FxLastUpdate,
  FxRateRow,
  FxRound,
} from '../exchange-rates/schemas.js';
import type {
  FundNameItem,
  FundNavRange,
  FundNavStatistics,
  FundPriceListItem,
  FundPriceRecord,
  LatestDateRecord,
  UpdateDay,
} from '../funds/schemas.js';
import type {
  NavFund,
  NavFundPrice,
  NavLatestDate,
  NavMaxMin,
  NavPriceRecord,
  NavUpdateDay,
} from '../nav/schemas.js';
import { dayPath, isoDay, type DateInput } from './dates.js';
import { send, type RetryWaitListener, type Transport } from './transport.js';

export interface RatesClientOptions {
  /**
   * The subscription key; sent only in the Ocp-Apim-Subscription-Key header. '' sends none, for
   * service groups the operator opened to calls without a key.
   */
  key: string;
  /** Scheme and host, e.g. 'http://127.0.0.1:8080'; '' (the default) is the page's own origin. */
  baseUrl?: string;
  /** How many times to retry a 429 or 503 (default 2). */
  retries?: number;
  /** Longest Retry-After to wait for, in ms (default 10 000); a longer one fails at once. */
  maxRetryWaitMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Told before each wait to retry (e.g. to tell a reader); its returned function once it is over. */
  onRetryWait?: RetryWaitListener;
  /**
   * Every answer as it was at this instant (sent as Accept-Datetime; docs/time-travel.md): what the
   * service published by then, corrected later or not. A call's own `asOf` overrides it.
   */
  asOf?: Date;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** This answer as it was at this instant (Accept-Datetime). */
  asOf?: Date;
}

/** A fund: its number (`mf_iNumber`, e.g. 101) or its short code (e.g. 'B-TREASURY'). */
export type FundCode = string | number;
export type Lang = 'en' | 'th';

const seg = (value: string | number) => encodeURIComponent(String(value));
const range = (from: DateInput, to: DateInput) => `${dayPath(from)}/${dayPath(to)}`;

/**
 * The service's operations (the spec's ten and the website's), one method each, with the result types of the service's own schemas.
 * Every method resolves with the data of a 200 and rejects with a RatesApiError otherwise (a RangeError
 * for a day that does not exist, before any request).
 */
export class RatesClient {
  private readonly transport: Transport;

  constructor(options: RatesClientOptions) {
    this.transport = {
      key: options.key,
      baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
      retries: options.retries ?? 2,
      maxRetryWaitMs: options.maxRetryWaitMs ?? 10_000,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      onRetryWait: options.onRetryWait,
    };
    this.asOf = options.asOf;
  }

  private readonly asOf: Date | undefined;

  /** 4.1 MutualFundApi_GetFundCode: NAV list of a fund over a range (an unknown fund: Success false). */
  async getNavByFundCode(
    fundCode: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundNavRange> {
    const path = `FundPriceService/GetNavByFundCode/${isoDay(from)}/${isoDay(to)}?fundCode=${seg(fundCode)}`;
    return this.json('MutualFundApi_GetFundCode', path, o, 'POST');
  }

  /** 4.2 FundPriceWebApi_Fund_Nav_FundCode: min/max over the range, 12 months and since inception. */
  async fundNavByFundCode(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundNavStatistics[]> {
    const path = `FundPriceService/Fund_Nav_ByFundCode/${seg(fund)}/${range(from, to)}`;
    return this.json('FundPriceWebApi_Fund_Nav_FundCode', path, o);
  }

  /** 4.3 FundPriceWebApi_FundPrice_Fundcode: every price of a fund over a range, ascending. */
  async fundPriceByFundCode(
    fundCode: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundPriceRecord[]> {
    const path = `FundPriceService/FundPrice_ByFundCode/${seg(fundCode)}/${range(from, to)}`;
    return this.json('FundPriceWebApi_FundPrice_Fundcode', path, o);
  }

  /**
   * FundFacts: a fund's facts as SEC publishes them (house, policy, risk, fees, benchmark, dividend
   * policy, inception, net assets, links), a block null until published; null for an unknown fund.
   */
  async fundFacts(fund: FundCode, o?: CallOptions): Promise<FundFacts | null> {
    return this.json('FundFacts', `FundPriceService/FundFacts/${seg(fund)}`, o);
  }

  /**
   * AllFundFacts: every listed fund's house and risk level (what a fund list filters by), in
   * AllFundsName's order; null where not published.
   */
  async allFundFacts(o?: CallOptions): Promise<ListedFundFacts[]> {
    return this.json('AllFundFacts', 'FundPriceService/AllFundFacts', o);
  }

  /** FundDividends: the dividends a fund paid, by book-closing day in a range, ascending. */
  async fundDividends(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundDividend[]> {
    return this.json('FundDividends', `FundPriceService/FundDividends/${seg(fund)}/${range(from, to)}`, o);
  }

  /** 4.4 AllFundPrices: the price of every fund on a date, with names and categories. */
  async allFundPrices(date: DateInput, o?: CallOptions): Promise<FundPriceListItem[]> {
    return this.json('AllFundPrices', `FundPriceService/AllFundPrices/${dayPath(date)}`, o);
  }

  /** 4.5 GetDownloadfxrates: a family's daily rates over at most 3 years; Buddhist-era dates for 'th'. */
  async getDownloadFxRates(
    family: string,
    from: DateInput,
    to: DateInput,
    lang: Lang = 'en',
    o?: CallOptions,
  ): Promise<FxRateRow[]> {
    return this.json('GetDownloadfxrates', fxPath(family, from, to, lang), o);
  }

  /** 4.5 GetDownloadfxrates as CSV text: a header row in field order, then a row a day. */
  async getDownloadFxRatesCsv(
    family: string,
    from: DateInput,
    to: DateInput,
    lang: Lang = 'en',
    o?: CallOptions,
  ): Promise<string> {
    const res = await this.call('GetDownloadfxrates', fxPath(family, from, to, lang), o, 'GET', 'text/csv');
    return res.text();
  }

  /** 4.6 GetfxbannerAPI: the latest rates of the families asked, in that order. */
  async getFxBanner(families: string | readonly string[], o?: CallOptions): Promise<FxBannerRow[]> {
    const list = typeof families === 'string' ? families : families.join(',');
    // Commas may stand as they are in a path segment; encoded they would triple a long list's length.
    const path = `ExchangeRateService/GetfxbannerAPI/${seg(list).replace(/%2C/gi, ',')}`;
    return this.json('GetfxbannerAPI', path, o);
  }

  /** 4.7 InterestRates_GetDepositRate: each deposit product's rate in effect today. */
  async getDepositRate(o?: CallOptions): Promise<DepositRate[]> {
    return this.json('InterestRates_GetDepositRate', 'InterestRatesService/GetDepositRate', o);
  }

  /** InterestRates_GetLoanRate: each loan reference rate's (MLR, MOR, MRR) and loan product's rate in effect today. */
  async getLoanRate(o?: CallOptions): Promise<LoanRate[]> {
    return this.json('InterestRates_GetLoanRate', 'InterestRatesService/GetLoanRate', o);
  }

  /** InterestRates_GetDepositRateOn: each deposit product's rate in effect on a day (history). */
  async getDepositRateOn(date: DateInput, o?: CallOptions): Promise<DepositRate[]> {
    return this.json(
      'InterestRates_GetDepositRateOn',
      `InterestRatesService/GetDepositRate/${isoDay(date)}`,
      o,
    );
  }

  /** InterestRates_GetLoanRateOn: each loan reference rate's and loan product's rate in effect on a day. */
  async getLoanRateOn(date: DateInput, o?: CallOptions): Promise<LoanRate[]> {
    return this.json('InterestRates_GetLoanRateOn', `InterestRatesService/GetLoanRate/${isoDay(date)}`, o);
  }

  /**
   * GetMarketsum: the latest daily market summary, `[[{mktdate}], [{mktcode, mktno, mktvalue}, ...]]`,
   * values by code then number; `[[], []]` before any. FXMO and TBMO values are HTML (a safe subset).
   */
  async getMarketSummary(o?: CallOptions): Promise<MarketSummary> {
    return this.json('GetMarketsum', 'MarketService/GetMarketsum', o);
  }

  /** 4.8 Getfxfamily: currency families (abbreviation and name) in display order. */
  async getFxFamily(o?: CallOptions): Promise<FxFamily[]> {
    return this.json('Getfxfamily', 'ExchangeRateService/Getfxfamily', o);
  }

  // The bank website's ExchangeRateService operations (contract notes: the website).

  /** GetLatestfxrates: every family's rates as of the latest update round, in display order. */
  async getLatestFxRates(o?: CallOptions): Promise<FxBannerRow[]> {
    return this.json('GetLatestfxrates', 'ExchangeRateService/GetLatestfxrates', o);
  }

  /** Getfxrates: every family's rates as of round `update` of a day ([] for no such round). */
  async getFxRates(
    date: DateInput,
    update: number,
    lang: Lang = 'en',
    o?: CallOptions,
  ): Promise<FxBannerRow[]> {
    return this.json('Getfxrates', `ExchangeRateService/Getfxrates/${dayPath(date)}/${update}/${lang}`, o);
  }

  /** GetfxratesLastUpdate: the latest round, its time and day. */
  async getFxRatesLastUpdate(o?: CallOptions): Promise<FxLastUpdate[]> {
    return this.json('GetfxratesLastUpdate', 'ExchangeRateService/GetfxratesLastUpdate', o);
  }

  /** GetDateTimeLastUpdate: the same answer as GetfxratesLastUpdate, under the converter's name. */
  async getDateTimeLastUpdate(o?: CallOptions): Promise<FxLastUpdate[]> {
    return this.json('GetDateTimeLastUpdate', 'ExchangeRateService/GetDateTimeLastUpdate', o);
  }

  /** GetDayInMonth: the days of a month with FX rates. */
  async getFxDayInMonth(year: number, month: number, o?: CallOptions): Promise<FxDay[]> {
    return this.json('GetDayInMonth', `ExchangeRateService/GetDayInMonth/${year}/${month}`, o);
  }

  /** GetUpdateInMonth (ExchangeRateService): a day's update rounds and their times. */
  async getFxUpdateInMonth(date: DateInput, o?: CallOptions): Promise<FxRound[]> {
    const path = `ExchangeRateService/GetUpdateInMonth/${dayPath(date)}`;
    return this.json('ExchangeRate_GetUpdateInMonth', path, o);
  }

  /** GetChartfxrates: a row a day over a range, or a row a round when `from` and `to` are one day. */
  async getChartFxRates(
    family: string,
    from: DateInput,
    to: DateInput,
    lang: Lang = 'en',
    o?: CallOptions,
  ): Promise<FxRateRow[]> {
    const path = `ExchangeRateService/GetChartfxrates/${range(from, to)}/${seg(family)}/${lang}`;
    return this.json('GetChartfxrates', path, o);
  }

  /** Convert: an amount (a decimal string, or a number) from one currency to another, e.g. 'USD', 'THB'. */
  async convert(amount: number | string, from: string, to: string, o?: CallOptions): Promise<FxConversion> {
    const path = `ExchangeRateService/Convert/${seg(amount)}/${seg(from)}/${seg(to)}`;
    return this.json('Convert', path, o);
  }

  /**
   * FxCal: the amount `convert` converts, as the newer site's converter reads it: decimal text with at
   * most 4 decimals ('3236.64').
   */
  async fxCal(amount: number | string, from: string, to: string, o?: CallOptions): Promise<FxCalAmount> {
    const path = `ExchangeRateService/FxCal/${seg(amount)}/${seg(from)}/${seg(to)}`;
    return this.json('FxCal', path, o);
  }

  /** 4.9 FundPriceWebApi_GetUpdateInMonth: days of a month with a price of the fund (0: any fund). */
  async getUpdateInMonth(
    year: number,
    month: number,
    fundCode: FundCode,
    o?: CallOptions,
  ): Promise<UpdateDay[]> {
    const path = `FundPriceService/GetUpdateInMonth/${year}/${month}/${seg(fundCode)}`;
    return this.json('FundPriceWebApi_GetUpdateInMonth', path, o);
  }

  /** 4.10 LatestDate: the latest date with any fund price ([] when none). */
  async latestDate(o?: CallOptions): Promise<LatestDateRecord[]> {
    return this.json('LatestDate', 'FundPriceService/LatestDate', o);
  }

  // The bank website's operations (contract notes: the website).

  /** AllFundsName: every listed fund with its category and links, in AllFundPrices' order. */
  async allFundsName(o?: CallOptions): Promise<FundNameItem[]> {
    return this.json('AllFundsName', 'FundPriceService/AllFundsName', o);
  }

  /** Fund_Nav: fundNavByFundCode under the website's path (its last segment, `N`, is ignored). */
  async fundNav(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundNavStatistics[]> {
    return this.json('Fund_Nav', `FundPriceService/Fund_Nav/${seg(fund)}/${range(from, to)}/N`, o);
  }

  /** FundPrice: fundPriceByFundCode under the website's path (its last segment, `N`, is ignored). */
  async fundPrice(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<FundPriceRecord[]> {
    return this.json('FundPrice', `FundPriceService/FundPrice/${seg(fund)}/${range(from, to)}/N`, o);
  }

  // The nav group: the bank's newer website (contract notes: the newer website); objects where it reads one, dates YYYY-MM-DD.

  /** nav/LatestDate: `{ mdate }`, the latest date with any fund price (null when none). */
  async navLatestDate(o?: CallOptions): Promise<NavLatestDate> {
    return this.json('nav_LatestDate', 'nav/LatestDate', o);
  }

  /** nav/AllFundNames: every listed fund with its latest price (null before its first) and mf_order. */
  async navAllFundNames(o?: CallOptions): Promise<NavFund[]> {
    return this.json('nav_AllFundNames', 'nav/AllFundNames', o);
  }

  /** nav/GetUpdateInMonth: `[{ day }]`, the days of a month with a price of the fund (0: any fund). */
  async navGetUpdateInMonth(
    year: number,
    month: number,
    fund: FundCode,
    o?: CallOptions,
  ): Promise<NavUpdateDay[]> {
    return this.json('nav_GetUpdateInMonth', `nav/GetUpdateInMonth/${year}/${month}/${seg(fund)}`, o);
  }

  /** nav/AllFundPrices: allFundPrices' rows with mf_sAUM and dates YYYY-MM-DD. */
  async navAllFundPrices(date: DateInput, o?: CallOptions): Promise<NavFundPrice[]> {
    return this.json('nav_AllFundPrices', `nav/AllFundPrices/${dayPath(date)}`, o);
  }

  /** nav/FundMaxMinNav: the highest and lowest NAVs with that day's prices, first and last NAV, as one object. */
  async navFundMaxMinNav(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<NavMaxMin> {
    return this.json('nav_FundMaxMinNav', `nav/FundMaxMinNav/${seg(fund)}/${range(from, to)}`, o);
  }

  /** nav/NavHistory: fundPriceByFundCode's rows with dates YYYY-MM-DD. */
  async navHistory(
    fund: FundCode,
    from: DateInput,
    to: DateInput,
    o?: CallOptions,
  ): Promise<NavPriceRecord[]> {
    return this.json('nav_NavHistory', `nav/NavHistory/${seg(fund)}/${range(from, to)}`, o);
  }

  private async json<T>(operationId: string, path: string, o?: CallOptions, method = 'GET'): Promise<T> {
    const res = await this.call(operationId, path, o, method, 'application/json');
    return (await res.json()) as T;
  }

  private call(
    operationId: string,
    path: string,
    o: CallOptions | undefined,
    method: string,
    accept: string,
  ) {
    const asOf = o?.asOf ?? this.asOf;
    return send(this.transport, {
      operationId,
      method,
      path: `/api/${path}`,
      accept,
      signal: o?.signal,
      ...(asOf && { acceptDatetime: asOf.toUTCString() }),
    });
  }
}

function fxPath(family: string, from: DateInput, to: DateInput, lang: Lang): string {
  return `ExchangeRateService/GetDownloadfxrates/${range(from, to)}/${seg(family)}/${lang}`;
}
