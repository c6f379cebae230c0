// The requests the benchmark sends: one realistic call per API operation, the polled-heavy mix, and the
// heavy queries measured with the answer cache off. Dates sit at the end of the market dataset
// (UNTIL), so "latest" calls ask for the last day with data, as a client polling today would.

/** One request as autocannon sends it; the subscription key header is added by the runner. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Operation {
  /** The operation's name in the spec, also what `--only` matches. */
  name: string;
  requests: BenchRequest[];
  /** Not served from the answer cache, so the cached target does not apply (the POST lookup). */
  uncacheable?: boolean;
}

/** Last day of the market dataset: fixed, so the database can be built once and reused. */
export const UNTIL = '2026-11-20';

const FUNDS = '/api/FundPriceService';
const FX = '/api/ExchangeRateService';
const get = (path: string, headers?: Record<string, string>): BenchRequest => ({
  method: 'GET',
  path,
  ...(headers && { headers }),
});

// Fund 101 (B-TREASURY) and 500 have prices from 2006-01-04: twenty years of history.
const banner = get(`${FX}/GetfxbannerAPI/USD50,GBP,EUR,JPY,SGD`);
const latestPrices = get(`${FUNDS}/AllFundPrices/20/11/2026`);
const latestDate = get(`${FUNDS}/LatestDate`);
const statistics = get(`${FUNDS}/Fund_Nav_ByFundCode/B-TREASURY/04/01/2006/20/11/2026`);
const history = get(`${FUNDS}/FundPrice_ByFundCode/500/21/11/2023/20/11/2026`);
const download = get(`${FX}/GetDownloadfxrates/21/11/2023/20/11/2026/USD50/en`, { accept: 'text/csv' });
const nav: BenchRequest = {
  method: 'POST',
  path: `${FUNDS}/GetNavByFundCode/2025-11-20/2026-11-20?fundCode=101`,
  headers: { 'content-type': 'application/json' },
  body: '{}',
};
const updateDays = get(`${FUNDS}/GetUpdateInMonth/2026/11/101`);
const deposit = get('/api/InterestRatesService/GetDepositRate');
const families = get(`${FX}/Getfxfamily`);
// The bank website's fund operations (contract notes: the website): its fund picker and the detail view's two calls.
const fundNames = get(`${FUNDS}/AllFundsName`);
const websiteStatistics = get(`${FUNDS}/Fund_Nav/101/20/11/2025/20/11/2026/N`);
const websiteHistory = get(`${FUNDS}/FundPrice/101/20/11/2025/20/11/2026/N`);
const loan = get('/api/InterestRatesService/GetLoanRate');
// The website's FX operations (contract notes: the website), on the last day of the dataset.
const latestFx = get(`${FX}/GetLatestfxrates`);
const fxRound = get(`${FX}/Getfxrates/20/11/2026/1/th`);
const lastUpdate = get(`${FX}/GetfxratesLastUpdate`);
const dateTimeLastUpdate = get(`${FX}/GetDateTimeLastUpdate`);
const fxDays = get(`${FX}/GetDayInMonth/2026/11`);
const fxRounds = get(`${FX}/GetUpdateInMonth/20/11/2026`);
const chart = get(`${FX}/GetChartfxrates/21/11/2023/20/11/2026/USD1/en`);
const convert = get(`${FX}/Convert/1000/USD/JPY`);
// The newer site's converter (contract notes: the newer website).
const fxCal = get(`${FX}/FxCal/1000/USD/THB`);
// The nav group (contract notes: the newer website): the bank's newer site, its table of the day, picker and detail view.
const NAV = '/api/nav';
const navLatestDate = get(`${NAV}/LatestDate`);
const navFundNames = get(`${NAV}/AllFundNames`);
const navUpdateDays = get(`${NAV}/GetUpdateInMonth/2026/11/0`);
const navDayPrices = get(`${NAV}/AllFundPrices/20/11/2026`);
const navStatistics = get(`${NAV}/FundMaxMinNav/101/20/11/2023/20/11/2026`);
const navHistory = get(`${NAV}/NavHistory/500/20/11/2023/20/11/2026`);
// The newer site's market summary (contract notes: the newer website): the latest day's 60 values.
const marketSummary = get('/api/MarketService/GetMarketsum');
// The rates as of a past day (the history of issue 20): a year before the dataset's end.
const depositOn = get('/api/InterestRatesService/GetDepositRate/2025-11-20');
const loanOn = get('/api/InterestRatesService/GetLoanRate/2025-11-20');
// A fund's facts and its dividends over the years (decisions section 11): the fund page's two calls.
const facts = get(`${FUNDS}/FundFacts/B-FIXED-D`);
const dividends = get(`${FUNDS}/FundDividends/B-FIXED-D/04/01/2006/20/11/2026`);
// Every fund's house and risk: the explorer's prices table filters by them.
const allFacts = get(`${FUNDS}/AllFundFacts`);

export const OPERATIONS: Operation[] = [
  { name: 'GetfxbannerAPI', requests: [banner] },
  { name: 'AllFundPrices', requests: [latestPrices] },
  { name: 'LatestDate', requests: [latestDate] },
  { name: 'Fund_Nav_ByFundCode', requests: [statistics] },
  { name: 'FundPrice_ByFundCode', requests: [history] },
  { name: 'GetDownloadfxrates', requests: [download] },
  { name: 'GetNavByFundCode', requests: [nav], uncacheable: true },
  { name: 'GetUpdateInMonth', requests: [updateDays] },
  { name: 'GetDepositRate', requests: [deposit] },
  { name: 'Getfxfamily', requests: [families] },
  { name: 'AllFundsName', requests: [fundNames] },
  { name: 'Fund_Nav', requests: [websiteStatistics] },
  { name: 'FundPrice', requests: [websiteHistory] },
  { name: 'GetLoanRate', requests: [loan] },
  { name: 'GetLatestfxrates', requests: [latestFx] },
  { name: 'Getfxrates', requests: [fxRound] },
  { name: 'GetfxratesLastUpdate', requests: [lastUpdate] },
  { name: 'GetDateTimeLastUpdate', requests: [dateTimeLastUpdate] },
  { name: 'GetDayInMonth', requests: [fxDays] },
  { name: 'GetUpdateInMonth (FX)', requests: [fxRounds] },
  { name: 'GetChartfxrates', requests: [chart] },
  { name: 'Convert', requests: [convert] },
  { name: 'FxCal', requests: [fxCal] },
  { name: 'nav/LatestDate', requests: [navLatestDate] },
  { name: 'nav/AllFundNames', requests: [navFundNames] },
  { name: 'nav/GetUpdateInMonth', requests: [navUpdateDays] },
  { name: 'nav/AllFundPrices', requests: [navDayPrices] },
  { name: 'nav/FundMaxMinNav', requests: [navStatistics] },
  { name: 'nav/NavHistory', requests: [navHistory] },
  { name: 'GetMarketsum', requests: [marketSummary] },
  { name: 'GetDepositRate/{date}', requests: [depositOn] },
  { name: 'GetLoanRate/{date}', requests: [loanOn] },
  { name: 'FundFacts', requests: [facts] },
  { name: 'FundDividends', requests: [dividends] },
  { name: 'AllFundFacts', requests: [allFacts] },
  // Mostly what pages and boards poll (FX banner, latest prices, latest date); some history,
  // statistics and downloads, and one of each remaining operation.
  {
    name: 'mix',
    requests: [
      ...Array<BenchRequest>(6).fill(banner),
      ...Array<BenchRequest>(4).fill(latestPrices),
      ...Array<BenchRequest>(4).fill(latestDate),
      history,
      statistics,
      download,
      nav,
      updateDays,
      deposit,
      families,
      fundNames,
      websiteStatistics,
      websiteHistory,
      loan,
      latestFx,
      fxRound,
      lastUpdate,
      dateTimeLastUpdate,
      fxDays,
      fxRounds,
      chart,
      convert,
      fxCal,
      navLatestDate,
      navFundNames,
      navUpdateDays,
      navDayPrices,
      navStatistics,
      navHistory,
      facts,
      dividends,
      allFacts,
    ],
  },
];

/** The heavy queries, measured again with the answer cache off: their p99 target is 10 ms. */
export const UNCACHED: Operation[] = [
  { name: 'Fund_Nav_ByFundCode', requests: [statistics] },
  { name: 'FundPrice_ByFundCode', requests: [history] },
  { name: 'GetDownloadfxrates', requests: [download] },
  { name: 'AllFundPrices', requests: [latestPrices] },
];

/** The operations `--only` names (comma-separated, any case); all of them without it. */
export function selected(operations: Operation[], only: string | undefined): Operation[] {
  if (!only) return operations;
  const names = only.split(',').map((n) => n.trim().toLowerCase());
  return operations.filter((o) => names.includes(o.name.toLowerCase()));
}
