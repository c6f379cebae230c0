import { addDays, bangkokToday } from '../../src/domain/dates.js';
import type { Service } from './services.js';

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * A sample of every operation of the interface (the ten, the website's, the nav group's, the rates on
 * a day) on A's data: every seventh fund and the first and last, a day every few weeks with its
 * rounds, ranges short and long, both languages, statistics over several windows. two-services.test.ts
 * checks that no operation of test/helpers/operations.ts is left out.
 */
export async function samplePaths(a: Service, until: string): Promise<string[]> {
  const funds = (await a.store.db.selectFrom('funds').select('id').orderBy('id').execute()).map((f) => f.id);
  const sampled = funds.filter((_, i) => i % 7 === 0 || i === funds.length - 1);
  const days = (
    await a.store.db.selectFrom('fund_price_dates').select('price_date').orderBy('price_date').execute()
  ).map((d) => d.price_date);
  const sampleDays = days.filter((_, i) => i % 23 === 0 || i === days.length - 1);
  const fxDays = (
    await a.store.db.selectFrom('fx_rates').select('rate_date').distinct().orderBy('rate_date').execute()
  ).map((d) => d.rate_date);
  const sampleFx = fxDays.filter((_, i) => i % 29 === 0 || i === fxDays.length - 1);
  const families = (
    await a.store.db.selectFrom('fx_families').select('code').orderBy('display_order').execute()
  ).map((f) => f.code);
  const first = days[0]!;
  const ranges: [string, string][] = [
    [first, until],
    ['1990-01-01', until],
    [addDays(until, -40), until],
    [days[Math.floor(days.length / 2)]!, addDays(days[Math.floor(days.length / 2)]!, 90)],
  ];
  const P = '/api/FundPriceService';
  const X = '/api/ExchangeRateService';
  const paths = [
    `${P}/LatestDate`,
    `${P}/AllFundsName`,
    `${P}/AllFundFacts`,
    `${X}/Getfxfamily`,
    `${X}/GetfxbannerAPI/${families.join(',')}`,
    `${X}/GetLatestfxrates`,
    `${X}/GetfxratesLastUpdate`,
    `${X}/GetDateTimeLastUpdate`,
    `/api/InterestRatesService/GetDepositRate`,
    `/api/InterestRatesService/GetLoanRate`,
    `/api/MarketService/GetMarketsum`,
  ];
  for (const fund of sampled) {
    for (const [from, to] of ranges) {
      const r = `${dmy(from)}/${dmy(to)}`;
      paths.push(`${P}/FundPrice_ByFundCode/${fund}/${r}`, `${P}/Fund_Nav_ByFundCode/${fund}/${r}`);
      paths.push(`${P}/GetNavByFundCode/${from}/${to}?fundCode=${fund}`);
      paths.push(`${P}/FundPrice/${fund}/${r}/N`, `${P}/Fund_Nav/${fund}/${r}/N`);
      paths.push(`${P}/FundDividends/${fund}/${r}`);
    }
    paths.push(`${P}/FundFacts/${fund}`);
    for (const day of sampleDays.filter((_, i) => i % 4 === 0))
      paths.push(`${P}/GetUpdateInMonth/${day.slice(0, 4)}/${Number(day.slice(5, 7))}/${fund}`);
  }
  for (const day of sampleDays) {
    paths.push(`${P}/AllFundPrices/${dmy(day)}`, `${P}/AllFundPrices/${dmy(addDays(day, 1))}`);
    paths.push(`${P}/GetUpdateInMonth/${day.slice(0, 4)}/${Number(day.slice(5, 7))}/0`);
  }
  // The nav group (contract notes: the newer website) reads the same fund data: a synced service answers it alike too.
  const N = '/api/nav';
  paths.push(`${N}/LatestDate`, `${N}/AllFundNames`);
  for (const fund of sampled) {
    for (const [from, to] of ranges) {
      const r = `${dmy(from)}/${dmy(to)}`;
      paths.push(`${N}/FundMaxMinNav/${fund}/${r}`, `${N}/NavHistory/${fund}/${r}`);
    }
  }
  for (const day of sampleDays) {
    paths.push(`${N}/AllFundPrices/${dmy(day)}`, `${N}/AllFundPrices/${dmy(addDays(day, 1))}`);
    paths.push(`${N}/GetUpdateInMonth/${day.slice(0, 4)}/${Number(day.slice(5, 7))}/0`);
    paths.push(`${N}/GetUpdateInMonth/${day.slice(0, 4)}/${Number(day.slice(5, 7))}/${sampled[0]}`);
  }
  for (const day of sampleFx) {
    const [y, m] = [day.slice(0, 4), Number(day.slice(5, 7))];
    paths.push(`${X}/GetDayInMonth/${y}/${m}`, `${X}/GetUpdateInMonth/${dmy(day)}`);
    for (const round of [1, 2, 3, 4, 5, 6]) {
      paths.push(`${X}/Getfxrates/${dmy(day)}/${round}/en`, `${X}/Getfxrates/${dmy(day)}/${round}/th`);
    }
    for (const family of families.filter((_, i) => i % 5 === 0)) {
      paths.push(`${X}/GetChartfxrates/${dmy(day)}/${dmy(day)}/${family}/en`);
    }
  }
  for (const family of families) {
    for (const lang of ['en', 'th']) {
      paths.push(`${X}/GetDownloadfxrates/${dmy(addDays(until, -1000))}/${dmy(until)}/${family}/${lang}`);
      paths.push(`${X}/GetChartfxrates/${dmy(addDays(until, -200))}/${dmy(until)}/${family}/${lang}`);
    }
  }
  for (const [amount, from, to] of [
    ['100', 'USD', 'THB'],
    ['2500.5', 'THB', 'JPY'],
    ['10', 'EUR', 'GBP'],
    ['1000000', 'IDR', 'THB'],
  ]) {
    paths.push(`${X}/Convert/${amount}/${from}/${to}`, `${X}/FxCal/${amount}/${from}/${to}`);
  }
  // The rates in force on a day, on the day of the sync only: the interface publishes deposit and loan
  // rates as those in effect (today, not A's last day), so B's history of them starts with its first
  // sync (docs/sync.md).
  const today = bangkokToday(new Date());
  paths.push(
    `/api/InterestRatesService/GetDepositRate/${today}`,
    `/api/InterestRatesService/GetLoanRate/${today}`,
  );
  return paths;
}
