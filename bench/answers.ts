// Prints a digest of every operation's answer on the demo dataset (a fixed last day), one line per
// request: status, content type, byte length, SHA-256, path. Run it on two checkouts and diff the
// outputs to show that a change leaves every answer byte for byte as it was:
//   npx tsx bench/answers.ts > new.txt; (cd ../old && npx tsx bench/answers.ts) > old.txt; diff old.txt new.txt
import { createHash } from 'node:crypto';
import { generateDemo } from '../src/ingest/demo/generate.js';
import { createTestApp } from '../test/helpers/app.js';
import { OPERATIONS, UNTIL, type BenchRequest } from './harness/requests.js';

const t = await createTestApp({ seed: false });
try {
  await generateDemo(t.store, { until: UNTIL });
  const FUNDS = '/api/FundPriceService';
  const FX = '/api/ExchangeRateService';
  const get = (path: string, headers?: Record<string, string>): BenchRequest => ({
    method: 'GET',
    path,
    headers,
  });
  // Besides the bench's request per operation, every demo fund's and family's whole history (ids and
  // batches included) and the last month's days.
  const extra: BenchRequest[] = [];
  for (let fund = 101; fund <= 220; fund++) {
    extra.push(get(`${FUNDS}/FundPrice_ByFundCode/${fund}/01/01/2014/20/11/2026`));
    extra.push(get(`${FUNDS}/Fund_Nav_ByFundCode/${fund}/01/01/2020/20/11/2026`));
    extra.push(get(`/api/nav/FundMaxMinNav/${fund}/20/11/2023/20/11/2026`));
  }
  for (const family of ['USD1', 'USD50', 'GBP', 'EUR', 'JPY', 'IDR', 'VND', 'CNY', 'AED'])
    for (const lang of ['en', 'th'])
      extra.push(
        get(`${FX}/GetDownloadfxrates/21/11/2023/20/11/2026/${family}/${lang}`, { accept: 'text/csv' }),
      );
  for (let day = 1; day <= 20; day++) {
    extra.push(get(`${FUNDS}/AllFundPrices/${day}/11/2026`));
    extra.push(get(`/api/nav/AllFundPrices/${day}/11/2026`));
    extra.push(get(`${FX}/Getfxrates/${day}/11/2026/1/en`));
  }
  extra.push(get('/api/InterestRatesService/GetDepositRate/2016-01-01'));
  extra.push(get('/api/InterestRatesService/GetLoanRate/2016-01-01'));
  const requests = [...OPERATIONS.filter((o) => o.name !== 'mix').flatMap((o) => o.requests), ...extra];
  for (const r of requests) {
    const res = await t.app.inject({
      method: r.method,
      url: r.path,
      headers: { ...r.headers, 'ocp-apim-subscription-key': t.key },
      ...(r.body !== undefined && { payload: r.body }),
    });
    const digest = createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 16);
    console.log(
      `${res.statusCode} ${String(res.headers['content-type'])} ${res.rawPayload.length} ${digest} ${r.method} ${r.path}`,
    );
  }
} finally {
  await t.close();
}
