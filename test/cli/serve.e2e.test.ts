import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

// prettier-ignore
const BANK_FAMILIES = [
  ['USD1', 'US Dollar 1-2'], ['USD5', 'US Dollar 5-20'], ['USD50', 'US Dollar 50-100'], ['GBP', 'Pound Sterling'],
  ['EUR', 'Euro'], ['JPY', 'Japanese Yen'], ['HKD', 'Hong Kong Dollar'], ['MYR', 'Malaysian Ringgit'],
  ['SGD', 'Singapore Dollar'], ['BND', 'Brunei Dollar'], ['CNY', 'Chinese Yuan'], ['IDR', 'Indonesian Rupiah'],
  ['MMK', 'Myanmar Kyat'], ['INR', 'Indian Rupee'], ['KRW', 'Korean Won'], ['LAK', 'Laos Kip'],
  ['PHP', 'Philippine Peso'], ['TWD', 'Taiwan Dollar'], ['AUD', 'Australian Dollar'],
  ['NZD', 'New Zealand Dollar'], ['CHF', 'Swiss Franc'], ['DKK', 'Danish Krone'], ['NOK', 'Norwegian Krone'],
  ['SEK', 'Swedish Krona'], ['CAD', 'Canadian Dollar'], ['RUB', 'Russia Ruble'], ['VND', 'Vietnam Dong'],
  ['ZAR', 'South Africa Rand'], ['AED', 'UAE Dirham'], ['BHD', 'Bahraini Dinar'], ['OMR', 'Rial Omani'],
  ['QAR', 'Qatari Riyal'], ['SAR', 'Saudi Riyal'],
];

/**
 * The demo gives every FX view of the bank's site something to show, in English and Thai, called as
 * the site calls (docs/website-operations.md): the latest rates of every family, the month's days, the
 * day's several rounds, a round in Thai, a chart and a conversion.
 */
async function expectWebsiteFxViews(call: (path: string) => Promise<Response>) {
  const fx = async (path: string) => {
    let res = await call(`/api/ExchangeRateService/${path}`);
    // Just after the demo load a busy machine can lag the event loop: the server then sheds calls with
    // 503 and Retry-After, as a client must expect; wait as asked, a few times.
    for (let tries = 0; res.status === 503 && tries < 5; tries++) {
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
      res = await call(`/api/ExchangeRateService/${path}`);
    }
    expect(res.status, path).toBe(200);
    return (await res.json()) as Record<string, string>[];
  };
  const latest = await fx('GetLatestfxrates');
  expect(latest.map((r) => r.Family)).toEqual(BANK_FAMILIES.map(([code]) => code));
  const [d, mm, yyyy] = latest[0]!.Ddate!.split('/') as [string, string, string];
  const dd = d.padStart(2, '0');
  expect((await fx(`GetDayInMonth/${yyyy}/${Number(mm)}`)).map((r) => r.Day)).toContain(String(Number(d)));
  const rounds = await fx(`GetUpdateInMonth/${dd}/${mm}/${yyyy}`);
  expect(rounds.length).toBeGreaterThanOrEqual(3);
  const thai = await fx(`Getfxrates/${dd}/${mm}/${yyyy}/${rounds.at(-1)!.Update}/th`);
  expect(thai.map((r) => r.Family)).toEqual(latest.map((r) => r.Family));
  expect(thai[0]!.Ddate).toBe(`${Number(d)}/${mm}/${Number(yyyy) + 543}`);
  const chart = await fx(`GetChartfxrates/01/${mm}/${yyyy}/${dd}/${mm}/${yyyy}/USD1/th`);
  expect(chart.length).toBeGreaterThan(0);
  expect(chart.every((r) => Number(r.BuyingRates) > 0 && Number(r.SellingRates) > 0)).toBe(true);
  const converted = (await fx('Convert/1000/USD/THB')) as unknown as { convertedAmount: number };
  expect(converted.convertedAmount).toBeGreaterThan(1000);
  expect(await fx('GetDateTimeLastUpdate')).toEqual([
    { Update: rounds.at(-1)!.Update, Time: rounds.at(-1)!.Time, Day: `${dd}/${mm}/${yyyy}` },
  ]);
}

const dir = mkdtempSync(join(tmpdir(), 'rates-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Both starts use the same database: the second must find the demo the first loaded.
const env = await processEnv(dir);

describe('serve on an empty data folder', () => {
  it('loads the demo dataset, makes a demo key, serves it, and stops cleanly on SIGTERM', async () => {
    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const call = (path: string) =>
        fetch(`${server.url}${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });

      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      // The bank's own catalogue, word for word (contract notes: FX families): the site matches families by Description.
      const families = (await (await call('/api/ExchangeRateService/Getfxfamily')).json()) as unknown;
      expect(families).toEqual(BANK_FAMILIES.map(([Family, Description]) => ({ Family, Description })));
      await expectWebsiteFxViews(call);
      const latest = (await (await call('/api/FundPriceService/LatestDate')).json()) as { mDate: string }[];
      expect(latest[0]!.mDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
      const deposits = (await (await call('/api/InterestRatesService/GetDepositRate')).json()) as unknown[];
      expect(deposits.length).toBeGreaterThanOrEqual(12);

      // The key is printed once, alone on a line, and never inside a (JSON) log line.
      const lines = server.output().split('\n');
      expect(lines).toContain(key);
      expect(lines.filter((l) => l.startsWith('{')).some((l) => l.includes(key))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(0);
    }
    // Loading the demo takes seconds on SQLite and longer on PostgreSQL on a busy machine; startServer
    // waits up to 110 s for the listener.
  }, 120_000);

  it('does not load the demo again on the next start, and says again where the explorer, the API reference and the demo key are', async () => {
    // Ready once the start has said where the reference is (it says so after it listens).
    const server = await startServer(env, /API reference: +(http:\/\/127\.0\.0\.1:\d+)\/docs\n/);
    try {
      const output = server.output();
      expect(output).not.toContain('loading the demo dataset');
      expect(output).toMatch(new RegExp(`^Explorer: +${server.url}/$`, 'm'));
      expect(output).toMatch(new RegExp(`^Demo key: +in ${join(dir, 'demo-key.txt')}$`, 'm'));
      // Where it is, not the key itself: that was printed once, at the first start.
      const key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
      expect(output).not.toContain(key);
      expect((await fetch(`${server.url}/docs`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  }, 120_000);
});
