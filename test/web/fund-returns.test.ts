import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RatesClient, type DateInput } from '../../src/client/index.js';
import { chromiumAvailable } from '../helpers/browser.js';
import { openExplorer, PAIRS, startExplorer, type ExplorerRun } from './explorer-page.js';

// One returns rule (issue 56, step 5): the fund page, Compare's returns table and its CSV give the same
// figure for the same fund, day and window, for every window, and that figure is the rule's, worked
// out here from the service's prices: the plain change from the NAV at the close of the window's base
// day (a month, ..., five years back; 31 December of the year before for YTD; the price day before
// when nothing was priced that day) to the latest NAV; 3Y, 5Y and since inception as a yearly rate,
// labelled so. Before, one fund on one day said YTD -4.58 % and 3Y -33.89 % on its page, -4.36 % and
// -12.90 % a year on Compare.

vi.setConfig({ testTimeout: 180_000 });

let run: ExplorerRun | undefined;
let browser: Browser;
let client: RatesClient;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-returns-'));

const WINDOWS = ['1M', '3M', '6M', 'YTD', '1Y', '3Y', '5Y', 'since'] as const;
const YEARLY = new Set(['3Y', '5Y', 'since']);
const MONTHS: Record<string, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '3Y': 36, '5Y': 60 };

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** `months` before `day`, on the same day of the month or the month's last. */
function monthsBack(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 - months, Math.min(d, last))));
}
const daysBefore = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000));
const pct = (r: number) => `${r >= 0 ? '+' : ''}${r.toFixed(2)}%`;

describe.skipIf(!chromiumAvailable)('one returns rule: fund page, Compare and CSV', () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    browser = run.browser;
    client = new RatesClient({ key: run.key, baseUrl: run.server.url });
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The rule's figure for each window, from the service's own prices of the fund. */
  async function expected(code: string, latest: string): Promise<Record<string, string>> {
    const navAt = async (day: string) => {
      const prices = await client.fundPriceByFundCode(
        code,
        daysBefore(day, 6) as DateInput,
        day as DateInput,
      );
      const p = prices.at(-1);
      return p ? { day: p.mfr_dDataDate.slice(0, 10), nav: p.mfr_fNav } : undefined;
    };
    const end = (await navAt(latest))!;
    const [stats] = await client.fundNavByFundCode(code, '1990-01-01' as DateInput, latest as DateInput);
    const out: Record<string, string> = {};
    for (const w of WINDOWS) {
      const base =
        w === 'since'
          ? { day: stats!.Begin_mfr_dDataDate!.slice(0, 10), nav: stats!.Begin_mfr_fNav! }
          : await navAt(
              w === 'YTD' ? `${Number(latest.slice(0, 4)) - 1}-12-31` : monthsBack(latest, MONTHS[w]!),
            );
      if (!base) {
        out[w] = '–';
        continue;
      }
      const span = (Date.parse(end.day) - Date.parse(base.day)) / 86_400_000;
      const growth = end.nav / base.nav;
      out[w] = pct((YEARLY.has(w) && span > 365.25 ? growth ** (365.25 / span) - 1 : growth - 1) * 100);
    }
    return out;
  }

  const figures = (page: Page) =>
    page.$$eval('#fund-returns div', (divs) =>
      Object.fromEntries(divs.map((d) => [d.dataset.window!, d.querySelector('dd')!.textContent!])),
    );

  for (const setting of PAIRS)
    it(`${setting.tag}: every window the same on the fund page, in Compare and in its CSV, yearly ones labelled`, async () => {
      const th = setting.lang === 'th';
      const latest = (await client.latestDate())[0]!.mDate.slice(0, 10);
      const funds = await client.allFundsName();
      // A fund of each of two categories, with prices over five years.
      const picked = [funds[0]!, funds.find((f) => f.mf_catenumber !== funds[0]!.mf_catenumber)!];
      for (const fund of picked) {
        const code = fund.mf_iNumber;
        const rule = await expected(code, latest);
        expect(Object.values(rule).filter((v) => v !== '–').length).toBe(WINDOWS.length);

        const { context, page, errors } = await openExplorer(
          browser,
          run!.server.url,
          setting,
          run!.key,
          `#funds/${code}`,
        );
        await page.waitForSelector('#fund-returns');
        expect(await figures(page)).toEqual(rule);
        // The yearly ones say so.
        const perYear = th ? '(ต่อปี)' : '(a year)';
        const labels = await page.$$eval('#fund-returns div', (divs) =>
          divs.map((d) => [d.dataset.window!, d.querySelector('dt')!.textContent!] as [string, string]),
        );
        for (const [w, label] of labels)
          expect(label.endsWith(perYear), `${w}: ${label}`).toBe(YEARLY.has(w));

        await page.evaluate(
          ([c, cat]) => (location.hash = `#compare?funds=${c}&period=1Y&category=${cat}`),
          [code, String(fund.mf_catenumber)],
        );
        const row = page.locator('table.returns-table tbody tr', { hasText: `${code} ` }).first();
        await row.waitFor();
        const headings = (
          await page.$$eval('table.returns-table thead th', (ths) => ths.map((t) => t.textContent!))
        ).map((t) => t.replace(/ [↑↓]$/, ''));
        const cells = await row.locator('td').allTextContents();
        expect(cells.slice(1, 1 + WINDOWS.length)).toEqual(WINDOWS.map((w) => rule[w]));
        // Beside the returns, SEC's risk level and the actual TER of the fund (its facts).
        const facts = (await client.fundFacts(code))!;
        const ter = facts.fees!.totalExpenseRatio.actual!;
        expect(cells.slice(-2)).toEqual([facts.risk!.label, `${ter.toFixed(2)}%`]);
        for (const [i, w] of WINDOWS.entries())
          expect(headings[i + 1]!.endsWith(perYear), headings[i + 1]).toBe(YEARLY.has(w));

        // The CSV: the same figures without the sign's plus and the percent sign, headings alike.
        const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#returns-csv')]);
        const lines = readFileSync((await saved.path())!, 'utf8')
          .replace(/^\ufeff/, '')
          .trimEnd()
          .split('\r\n');
        const head = lines[0]!.split(',');
        for (const [i, w] of WINDOWS.entries())
          expect(head[i + 2]!.includes(perYear), head[i + 2]).toBe(YEARLY.has(w));
        const line = lines.find((l) => l.startsWith(`${code},`))!;
        const fields = line.split(',');
        const csvFigures = fields.slice(-WINDOWS.length - 2, -2);
        expect(csvFigures.map((v) => pct(Number(v)))).toEqual(WINDOWS.map((w) => rule[w]));
        expect(fields.slice(-2)).toEqual([facts.risk!.label, ter.toFixed(2)]);
        expect(errors).toEqual([]);
        await context.close();
      }
    });
});
