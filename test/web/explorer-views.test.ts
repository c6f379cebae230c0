import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/routes/explorer.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import { checkView, openExplorer, options, SETTINGS, type Setting } from './explorer-page.js';

// The explorer's views as each reader meets them: English and Thai, at 1280 px and at 390 px, each
// with a screenshot under test-artifacts/ and an axe-core check (see checkView).

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let key: string;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-views-'));

/** An API answer as the explorer gets it, asked from here with the demo key. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const open = (setting: Setting, hash: string) => openExplorer(browser, server.url, setting, key, hash);
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
    const env = await processEnv(dir);
    server = await startServer(env);
    key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
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
  });
});
