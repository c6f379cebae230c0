// What the bank's public website does with each answer of the service, written for this test (the
// site's own blocks are public code; this is not them). Each view calls what the site calls, without a
// key and from another origin as the site does, and reads the answer the way the site reads it: day and
// month from `Ddate`, `data[0]`, the converter's rate from the converted amount, funds grouped by
// category. A view fails on a non-2xx answer, a NaN, an `Invalid Date` or nothing to show.

import { date, fail, finish, get, lang, number, pad, rows, view } from './site-kit.js';

const BE = 543;

/** `d/MM/yyyy` (banner, latest and last-update answers), as the site splits it. */
function dayMonthYear(text, what) {
  const [d, m, y] = String(text || '')
    .split('/')
    .map((p) => p.trim());
  return date(new Date(Number(y), Number(m) - 1, Number(d)), `${what} '${text}'`);
}

/** `MM/dd/yyyy` (chart and download answers); the year is Buddhist-era with lang=th. */
function monthDayYear(text, what) {
  const [m, d, y] = String(text || '')
    .split('/')
    .map((p) => p.trim());
  const year = lang === 'th' ? Number(y) - BE : Number(y);
  return date(new Date(`${m}/${d}/${year}`), `${what} '${text}'`);
}

const dmy = (day) => `${day.getDate()}/${day.getMonth() + 1}/${day.getFullYear()}`;

function showRates(list, what) {
  for (const row of rows(list, what)) {
    // Blank rates show as '-' on the site; a quoted one must read as a number.
    for (const field of ['BuyingRates', 'SellingRates', 'SightBill', 'TT', 'Bill_DD_TT']) {
      if (String(row[field] ?? '').trim()) number(row[field], `${what} ${row.Family} ${field}`);
    }
  }
  return list.length;
}

let latestDay;

await view('forex-rates: latest rates table', async () => {
  const latest = await get('ExchangeRateService/GetLatestfxrates');
  latestDay = dayMonthYear(latest[0]?.Ddate, 'GetLatestfxrates data[0].Ddate');
  return showRates(latest, 'GetLatestfxrates');
});

await view("forex-rates: a day's rounds from the calendar", async () => {
  const y = latestDay.getFullYear();
  const m = latestDay.getMonth() + 1;
  const days = rows(await get(`ExchangeRateService/GetDayInMonth/${y}/${m}`), 'GetDayInMonth');
  const enabled = days.map((item) =>
    String(item.Day || '')
      .trim()
      .padStart(2, '0'),
  );
  if (!enabled.includes(pad(latestDay.getDate()))) fail(`GetDayInMonth lacks the latest day: ${enabled}`);
  const rounds = rows(
    await get(`ExchangeRateService/GetUpdateInMonth/${pad(latestDay.getDate())}/${pad(m)}/${y}`),
    'GetUpdateInMonth',
  );
  for (const round of rounds) {
    if (!/^\d{1,2}:\d{2}$/.test(String(round.Time || '').trim())) fail(`round time '${round.Time}'`);
  }
  const last = String(rounds.at(-1)?.Update ?? '').trim();
  const first = String(rounds[0]?.Update ?? '').trim();
  const d = pad(latestDay.getDate());
  let shown = showRates(
    await get(`ExchangeRateService/Getfxrates/${d}/${pad(m)}/${y}/${last}/${lang}`),
    'Getfxrates last round',
  );
  shown += showRates(
    await get(`ExchangeRateService/Getfxrates/${d}/${pad(m)}/${y}/${first}/${lang}`),
    'Getfxrates first round',
  );
  return shown;
});

await view('forex-graph: a month of one currency', async () => {
  const families = rows(await get('ExchangeRateService/Getfxfamily'), 'Getfxfamily');
  const family = families.find((f) => f.Family === 'USD50') ? 'USD50' : families[0].Family;
  const from = new Date(latestDay.getTime() - 30 * 86_400_000);
  const chart = rows(
    await get(`ExchangeRateService/GetChartfxrates/${dmy(from)}/${dmy(latestDay)}/${family}/${lang}`),
    'GetChartfxrates month',
  );
  for (const point of chart) {
    monthDayYear(point.Ddate, 'chart Ddate');
    number(point.BuyingRates, `chart ${point.Ddate} BuyingRates`);
    number(point.SellingRates, `chart ${point.Ddate} SellingRates`);
  }
  const csv = await get(
    `ExchangeRateService/GetDownloadfxrates/${dmy(from)}/${dmy(latestDay)}/${family}/${lang}`,
  );
  if (!Array.isArray(csv) || csv.length !== chart.length) fail('the download does not match the chart');
  return chart.length;
});

await view("forex-graph: one day's rounds", async () => {
  const chart = rows(
    await get(`ExchangeRateService/GetChartfxrates/${dmy(latestDay)}/${dmy(latestDay)}/USD50/${lang}`),
    'GetChartfxrates one day',
  );
  for (const point of chart) {
    monthDayYear(point.Ddate, 'chart Ddate');
    if (!String(point.DTime || '').trim()) fail('a round of the day has no DTime');
    number(point.BuyingRates, 'chart BuyingRates');
  }
  return chart.length;
});

await view('currency-converter: USD to THB, THB to JPY, EUR to USD', async () => {
  const asOf = rows(await get('ExchangeRateService/GetDateTimeLastUpdate'), 'GetDateTimeLastUpdate');
  dayMonthYear(asOf[0]?.Day, 'last update Day');
  let shown = 0;
  for (const [amount, from, to] of [
    ['1000', 'USD', 'THB'],
    ['2500.50', 'THB', 'JPY'],
    ['100', 'EUR', 'USD'],
  ]) {
    const answer = await get(`ExchangeRateService/Convert/${amount}/${from}/${to}`);
    const converted = number(answer?.convertedAmount, `Convert ${from}->${to} convertedAmount`);
    const rate = converted / parseFloat(amount);
    if (!Number.isFinite(rate) || rate <= 0) fail(`Convert ${from}->${to}: rate ${rate}`);
    number(answer?.rate, `Convert ${from}->${to} rate`);
    shown++;
  }
  return shown;
});

await view('special-fx-rates and rate-card: banner rates', async () => {
  const banner = rows(
    await get('ExchangeRateService/GetfxbannerAPI/USD50,GBP,EUR,JPY,SGD'),
    'GetfxbannerAPI',
  );
  dayMonthYear(banner[0]?.Ddate, 'banner data[0].Ddate');
  return showRates(banner, 'GetfxbannerAPI');
});

await view('rate-card: deposit and loan rates', async () => {
  let shown = 0;
  for (const [path, name, rate] of [
    ['InterestRatesService/GetDepositRate', 'DepositName', 'DepositRates'],
    ['InterestRatesService/GetLoanRate', 'LoanName', 'LoanRates'],
  ]) {
    const list = rows(await get(path), path);
    dayMonthYear(list[0]?.EffectiveDate, `${path} data[0].EffectiveDate`);
    for (const item of list) {
      if (!(lang === 'th' ? item[`${name}Th`] : item[`${name}En`])) fail(`${path}: a product without a name`);
      number(item[rate], `${path} ${item[`${name}En`]}`);
    }
    shown += list.length;
  }
  return shown;
});

let latestFundDay;
let pricedFund;

await view('fund-prices-table: every fund on the latest date, by category', async () => {
  const [names, latest] = await Promise.all([
    get('FundPriceService/AllFundsName'),
    get('FundPriceService/LatestDate'),
  ]);
  rows(names, 'AllFundsName');
  const [y, m, d] = String(latest[0]?.mDate || '')
    .split('T')[0]
    .split('-')
    .map(Number);
  latestFundDay = date(new Date(y, m - 1, d), `LatestDate '${latest[0]?.mDate}'`);
  const days = rows(await get(`FundPriceService/GetUpdateInMonth/${y}/${m}/0`), 'GetUpdateInMonth');
  if (days.map((i) => Number(i.Day)).some(Number.isNaN)) fail('GetUpdateInMonth: a Day is NaN');
  const prices = rows(await get(`FundPriceService/AllFundPrices/${pad(d)}/${pad(m)}/${y}`), 'AllFundPrices');
  const category = lang === 'th' ? 'mf_cateTha' : 'mf_cateEng';
  const groups = new Map();
  for (const fund of prices) {
    if (!fund[category]) fail(`fund ${fund.mf_iNumber} has no category`);
    groups.set(fund[category], [...(groups.get(fund[category]) ?? []), fund]);
    number(fund.mfr_fNav, `fund ${fund.mf_iNumber} NAV`);
    if (fund.mfr_sAUM !== '') number(fund.mfr_sAUM, `fund ${fund.mf_iNumber} AUM`);
    if (fund.mf_backdate) date(new Date(fund.mf_backdate), `fund ${fund.mf_iNumber} mf_backdate`);
    date(new Date(fund.mfr_dDataDate), `fund ${fund.mf_iNumber} mfr_dDataDate`);
  }
  if (groups.size < 2) fail(`funds fall in ${groups.size} category`);
  pricedFund = prices.find((fund) => !fund.mf_backdate)?.mf_iNumber;
  return prices.length;
});

await view("fund-prices: one fund's NAV history and statistics", async () => {
  const fund = pricedFund;
  const to = latestFundDay;
  const from = new Date(to.getFullYear(), to.getMonth() - 3, to.getDate());
  const range = `${pad(from.getDate())}/${pad(from.getMonth() + 1)}/${from.getFullYear()}/${pad(to.getDate())}/${pad(to.getMonth() + 1)}/${to.getFullYear()}`;
  const stats = rows(await get(`FundPriceService/Fund_Nav/${fund}/${range}/N`), 'Fund_Nav');
  for (const field of ['MinSelected', 'MaxSelected', 'Begin', 'End']) {
    number(stats[0]?.[`${field}_mfr_fNav`], `Fund_Nav ${field}`);
    date(new Date(stats[0]?.[`${field}_mfr_dDataDate`]), `Fund_Nav ${field} date`);
  }
  const prices = rows(await get(`FundPriceService/FundPrice/${fund}/${range}/N`), 'FundPrice');
  for (const price of prices) {
    date(new Date(price.mfr_dDataDate), 'FundPrice mfr_dDataDate');
    number(price.mfr_fNav, 'FundPrice NAV');
  }
  return prices.length;
});

finish('Website views');
