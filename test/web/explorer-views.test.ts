import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/routes/explorer.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { RatesClient, type DateInput } from '../../src/client/index.js';
import { cli, startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import {
  chartPoints,
  checkView,
  crowded,
  dateText,
  openExplorer,
  options,
  SETTINGS,
  xTicks,
  type Setting,
} from './explorer-page.js';

// The explorer's views as each reader meets them: English and Thai, at 1280 px and at 390 px, each
// with a screenshot under test-artifacts/ and an axe-core check (see checkView).

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let key: string;
let env: Record<string, string>;
let client: RatesClient;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-views-'));

/** An API answer as the explorer gets it, asked from here with the demo key. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const open = (setting: Setting, hash: string, before?: Parameters<typeof openExplorer>[5]) =>
  openExplorer(browser, server.url, setting, key, hash, before);
/** 'd/MM/yyyy' (the banner's dates) to 'YYYY-MM-DD'. */
const fromDayFirst = (value: string) => {
  const [d, m, y] = value.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
};
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const pad = (n: number | string) => String(n).padStart(2, '0');
const SHORT_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
};

describe.skipIf(!chromiumAvailable)('the explorer in English and Thai, at 1280 px and 390 px', () => {
  beforeAll(async () => {
    if (!existsSync(join(WEB_ROOT, 'index.html'))) {
      throw new Error('The explorer is not built: run npm run build:web (npm test does it first)');
    }
    env = await processEnv(dir);
    server = await startServer(env);
    key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
    client = new RatesClient({ key, baseUrl: server.url });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(SETTINGS)('$tag', (setting) => {
    const th = setting.lang === 'th';

    it('fund prices table: the date picker offers only days with prices; picking one shows that day', async () => {
      const { context, page, errors } = await open(setting, '#prices');
      await page.waitForSelector('table.fund-prices');
      const [answer] = await api<{ mDate: string }[]>('FundPriceService/LatestDate');
      const latest = answer!.mDate.slice(0, 10);
      const [y, m, d] = latest.split('-').map(Number) as [number, number, number];
      const daysIn = async (year: number, month: number) =>
        (await api<{ Day: number }[]>(`FundPriceService/GetUpdateInMonth/${year}/${month}/0`)).map((x) =>
          String(x.Day),
        );

      // The latest day is shown; its month's days with prices are the only ones offered.
      expect(await page.inputValue('#prices-day')).toBe(String(d));
      expect(await page.inputValue('#prices-month')).toBe(String(m));
      expect(await page.inputValue('#prices-year')).toBe(String(y));
      expect((await options(page, '#prices-day')).map(([v]) => v)).toEqual(await daysIn(y, m));
      // Years in the reader's era; no month after the latest day's.
      const years = await options(page, '#prices-year');
      expect(years[0]).toEqual([String(y), String(th ? y + 543 : y)]);
      const months = await options(page, '#prices-month');
      expect(months).toHaveLength(m);
      expect(months[0]![1]).toBe(th ? 'มกราคม' : 'January');

      // An earlier month: its own days with prices, none on a weekend.
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      await page.selectOption('#prices-year', String(py));
      await page.selectOption('#prices-month', String(pm));
      const expected = await daysIn(py, pm);
      expect(expected.length).toBeGreaterThan(15);
      await expect.poll(async () => (await options(page, '#prices-day')).map(([v]) => v)).toEqual(expected);
      for (const day of expected) expect(weekday(`${py}-${pad(pm)}-${pad(day)}`) % 6).not.toBe(0);
      // Showing its first day with prices: the table of that day, the focus on its title.
      await page.selectOption('#prices-day', expected[0]!);
      await page.click('#prices-show');
      const iso = `${py}-${pad(pm)}-${pad(expected[0]!)}`;
      await expect.poll(() => page.url()).toMatch(new RegExp(`#prices/${iso}$`));
      await page.waitForSelector('table.fund-prices');
      await expect.poll(() => page.inputValue('#prices-day')).toBe(expected[0]);
      const shown = `${Number(expected[0])} ${SHORT_MONTHS[setting.lang][pm - 1]} ${th ? py + 543 : py}`;
      expect(await page.textContent('#prices-title')).toBe(
        th ? `ราคากองทุน ณ ${shown}` : `Fund prices on ${shown}`,
      );
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('prices-title');
      await checkView(page, `prices-date-picker-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('FX history: 1W labels each day once; a custom range shows its days; a start after the end or over 3 years is told', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await page.click('[data-focus=toggle-1W]');
      await expect.poll(() => chartPoints(page, '#fx-chart')).toBeLessThan(8);
      expect(crowded(await xTicks(page, '#fx-chart'), 40)).toEqual([]);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.focus)).toBe(
        'toggle-1W',
      );
      await checkView(page, `fx-1w-${setting.tag}`);

      // The month before the latest rates, as the reader types it.
      const [latest] = await client.getLatestFxRates();
      const last = fromDayFirst(latest!.Ddate);
      const [y, m] = last.split('-').map(Number) as [number, number];
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      const from = `${py}-${pad(pm)}-01`;
      const to = `${py}-${pad(pm)}-${new Date(Date.UTC(py, pm, 0)).getUTCDate()}`;
      const days = await client.getDownloadFxRates('USD50', from as DateInput, to as DateInput);
      await page.fill('#fx-from', dateText(setting, from));
      await page.fill('#fx-to', dateText(setting, to));
      await page.click('#fx-apply');
      await expect.poll(() => chartPoints(page, '#fx-chart')).toBe(days.length);
      const month = SHORT_MONTHS[setting.lang][pm - 1];
      const year = th ? py + 543 : py;
      expect(await page.textContent('#fx-period')).toBe(
        `1 ${month} ${year} – ${to.slice(8)} ${month} ${year}`,
      );
      expect(await page.getAttribute('[data-focus=toggle-custom]', 'aria-pressed')).toBe('true');
      expect(crowded(await xTicks(page, '#fx-chart'), 40)).toEqual([]);
      await checkView(page, `fx-custom-range-${setting.tag}`);

      // A start after the end, and more than the 3 years the service answers: told, the chart kept.
      await page.fill('#fx-from', dateText(setting, to));
      await page.fill('#fx-to', dateText(setting, from));
      await page.click('#fx-apply');
      await expect
        .poll(() => page.textContent('#fx-range-error'))
        .toContain(th ? 'อยู่หลังวันสิ้นสุด' : 'is after the end date');
      await page.fill('#fx-from', dateText(setting, `${py - 4}-${pad(pm)}-01`));
      await page.fill('#fx-to', dateText(setting, to));
      await page.click('#fx-apply');
      await expect
        .poll(() => page.textContent('#fx-range-error'))
        .toContain(th ? 'ไม่เกิน 3 ปี' : 'At most 3 years');
      expect(await chartPoints(page, '#fx-chart')).toBe(days.length);
      await checkView(page, `fx-range-error-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('FX: a round the bank publishes while the page is open shows without a reload', async () => {
      const { context, page, errors } = await open(setting, '#fx', (p) => p.clock.install());
      await page.waitForSelector('#fx-chart[data-points]');
      const [last] = await client.getFxRatesLastUpdate();
      const usd = (await client.getLatestFxRates()).find((r) => r.Family === 'USD50')!;
      expect(await page.textContent('#fx-today div:last-child dd')).toBe(usd.DTime);
      // The next round: a minute after the last, every USD 50-100 rate a satang higher.
      const [hh, mm] = last!.Time.split(':').map(Number) as [number, number];
      const minutes = Math.min(hh * 60 + mm + 1, 23 * 60 + 59);
      const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
      const round = String(Number(last!.Update) + 1);
      const up = (rate: string) => (rate === '' ? '' : (Number(rate) + 0.01).toFixed(4));
      const file = join(dir, `fx-rates-round-${setting.tag}.csv`);
      writeFileSync(
        file,
        'family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt\n' +
          `USD50,${fromDayFirst(last!.Day)},${round},${time},${up(usd.BuyingRates)},${up(usd.SellingRates)},` +
          `${up(usd.SightBill)},${up(usd.Bill_DD_TT)},${up(usd.TT)}\n`,
      );
      await cli(['import', file], env);
      // Nothing is asked before the minute is up; then the new round shows, and is told.
      // (The service sees another process's import within a poll of its own: a minute more if not yet.)
      await expect
        .poll(async () => {
          await page.clock.fastForward(61_000);
          return page.textContent('#fx-today div:last-child dd');
        })
        .toBe(time);
      expect(await page.inputValue('#fx-round')).toBe(round);
      expect(await page.textContent('#fx-today div:nth-child(4) dd')).toBe(up(usd.TT));
      expect(await page.textContent('#notice')).toBe(
        th ? `ประกาศอัตราใหม่แล้ว: รอบที่ ${round} (${time})` : `New rates published: round ${round} (${time}).`,
      );
      await checkView(page, `fx-new-round-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
