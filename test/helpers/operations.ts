import type { Fixture } from './fixture.js';
import { dmy } from './app.js';

export interface Operation {
  id: string;
  method: 'GET' | 'POST';
  url: string;
  /** The JSON kind of a 200's body when it is neither an array nor an object: FxCal answers a string. */
  answers?: 'string';
}

/** One valid request per operation (the spec's and the website's), on the fixture's data. */
export function operations(f: Fixture): Operation[] {
  const to = dmy(f.latest);
  const from = dmy(`${f.latest.slice(0, 4)}-01-01`);
  return [
    {
      id: 'MutualFundApi_GetFundCode',
      method: 'POST',
      url: `/api/FundPriceService/GetNavByFundCode/${f.latest.slice(0, 4)}-01-01/${f.latest}?fundCode=101`,
    },
    {
      id: 'FundPriceWebApi_Fund_Nav_FundCode',
      method: 'GET',
      url: `/api/FundPriceService/Fund_Nav_ByFundCode/101/${from}/${to}`,
    },
    {
      id: 'FundPriceWebApi_FundPrice_Fundcode',
      method: 'GET',
      url: `/api/FundPriceService/FundPrice_ByFundCode/101/${from}/${to}`,
    },
    { id: 'AllFundPrices', method: 'GET', url: `/api/FundPriceService/AllFundPrices/${to}` },
    {
      id: 'GetDownloadfxrates',
      method: 'GET',
      url: `/api/ExchangeRateService/GetDownloadfxrates/${from}/${to}/USD50/en`,
    },
    { id: 'GetfxbannerAPI', method: 'GET', url: '/api/ExchangeRateService/GetfxbannerAPI/USD50,GBP' },
    { id: 'InterestRates_GetDepositRate', method: 'GET', url: '/api/InterestRatesService/GetDepositRate' },
    { id: 'Getfxfamily', method: 'GET', url: '/api/ExchangeRateService/Getfxfamily' },
    {
      id: 'FundPriceWebApi_GetUpdateInMonth',
      method: 'GET',
      url: `/api/FundPriceService/GetUpdateInMonth/${f.latest.slice(0, 4)}/${f.latest.slice(5, 7)}/101`,
    },
    { id: 'LatestDate', method: 'GET', url: '/api/FundPriceService/LatestDate' },
    // A fund's facts and dividends (decisions section 11).
    { id: 'FundFacts', method: 'GET', url: '/api/FundPriceService/FundFacts/101' },
    { id: 'AllFundFacts', method: 'GET', url: '/api/FundPriceService/AllFundFacts' },
    { id: 'FundDividends', method: 'GET', url: `/api/FundPriceService/FundDividends/202/01/01/2020/${to}` },
    // The bank website's operations (contract notes: the website).
    { id: 'AllFundsName', method: 'GET', url: '/api/FundPriceService/AllFundsName' },
    { id: 'Fund_Nav', method: 'GET', url: `/api/FundPriceService/Fund_Nav/101/${from}/${to}/N` },
    { id: 'FundPrice', method: 'GET', url: `/api/FundPriceService/FundPrice/101/${from}/${to}/N` },
    { id: 'InterestRates_GetLoanRate', method: 'GET', url: '/api/InterestRatesService/GetLoanRate' },
    // The history of the rates (issue 20): the same answers as of a past day.
    {
      id: 'InterestRates_GetDepositRateOn',
      method: 'GET',
      url: `/api/InterestRatesService/GetDepositRate/${f.latest}`,
    },
    {
      id: 'InterestRates_GetLoanRateOn',
      method: 'GET',
      url: `/api/InterestRatesService/GetLoanRate/${f.latest}`,
    },
    ...websiteFxOperations(f),
    // The newer site's market summary (contract notes: the newer website).
    { id: 'GetMarketsum', method: 'GET', url: '/api/MarketService/GetMarketsum' },
    ...navOperations(f),
  ];
}

/** One valid request per operation of the nav group, the bank's newer website (contract notes: the newer website). */
function navOperations(f: Fixture): Operation[] {
  const day = dmy(f.latest);
  const from = dmy(`${f.latest.slice(0, 4)}-01-01`);
  const [year, month] = [f.latest.slice(0, 4), Number(f.latest.slice(5, 7))];
  return [
    { id: 'nav_LatestDate', method: 'GET', url: '/api/nav/LatestDate' },
    { id: 'nav_AllFundNames', method: 'GET', url: '/api/nav/AllFundNames' },
    { id: 'nav_GetUpdateInMonth', method: 'GET', url: `/api/nav/GetUpdateInMonth/${year}/${month}/0` },
    { id: 'nav_AllFundPrices', method: 'GET', url: `/api/nav/AllFundPrices/${day}` },
    { id: 'nav_FundMaxMinNav', method: 'GET', url: `/api/nav/FundMaxMinNav/101/${from}/${day}` },
    { id: 'nav_NavHistory', method: 'GET', url: `/api/nav/NavHistory/101/${from}/${day}` },
  ];
}

/** One valid request per ExchangeRateService operation of the bank's website (contract notes: the website). */
function websiteFxOperations(f: Fixture): Operation[] {
  const fx = '/api/ExchangeRateService';
  const day = dmy(f.latest);
  const [year, month] = [f.latest.slice(0, 4), f.latest.slice(5, 7)];
  return [
    { id: 'GetLatestfxrates', method: 'GET', url: `${fx}/GetLatestfxrates` },
    { id: 'Getfxrates', method: 'GET', url: `${fx}/Getfxrates/${day}/2/en` },
    { id: 'GetfxratesLastUpdate', method: 'GET', url: `${fx}/GetfxratesLastUpdate` },
    { id: 'GetDateTimeLastUpdate', method: 'GET', url: `${fx}/GetDateTimeLastUpdate` },
    { id: 'GetDayInMonth', method: 'GET', url: `${fx}/GetDayInMonth/${year}/${month}` },
    { id: 'ExchangeRate_GetUpdateInMonth', method: 'GET', url: `${fx}/GetUpdateInMonth/${day}` },
    { id: 'GetChartfxrates', method: 'GET', url: `${fx}/GetChartfxrates/${day}/${day}/USD50/th` },
    { id: 'Convert', method: 'GET', url: `${fx}/Convert/100/USD/JPY` },
    // The newer site's converter (contract notes: the newer website).
    { id: 'FxCal', method: 'GET', url: `${fx}/FxCal/100/usd/THB`, answers: 'string' },
  ];
}

export const MISSING_KEY = {
  statusCode: 401,
  message:
    'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
};
export const INVALID_KEY = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};
export const NOT_FOUND = { statusCode: 404, message: 'Resource not found' };
