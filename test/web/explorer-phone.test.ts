import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RatesClient } from '../../src/client/index.js';
import { chromiumAvailable } from '../helpers/browser.js';
import {
  checkView,
  openExplorer,
  PHONE,
  SETTINGS,
  startExplorer,
  unexpected,
  type ExplorerRun,
  type Setting,
} from './explorer-page.js';

// Issue 47, defect 9: on a phone every FX row and every fund price was a card of seven lines (FX
// 7,314 px tall, fund prices 22,001 px). Now each is one line of a compact list (the name and two
// figures; a tap shows the rest), the long views have links to their parts, and the FX page is at most
// three screens tall before the reader taps anything. These tests failed on the cards.

vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let client: RatesClient;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-phone-'));

beforeAll(async () => {
  run = await startExplorer(dir);
  client = new RatesClient({ key: run.key, baseUrl: run.server.url });
});
afterAll(async () => {
  await run?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(setting: Setting, hash: string) {
  const opened = await openExplorer(run!.browser, run!.server.url, setting, run!.key, hash);
  opened.context.setDefaultTimeout(15_000);
  return opened;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** The labels of the cells a row shows (the details button's cell as 'details'). */
const shownCells = (page: Page, row: string) =>
  page.$eval(row, (tr) =>
    [...(tr as HTMLTableRowElement).cells]
      .filter((td) => td.checkVisibility())
      .map((td) => td.dataset.label ?? 'details'),
  );

/** The headings of the details shown under an opened row. */
const detailsOf = (page: Page, row: string) =>
  page.$$eval(`${row} + tr.row-more dt`, (dts) =>
    dts.filter((dt) => dt.checkVisibility()).map((dt) => dt.textContent),
  );

/** The tallest row of `rows` in lines of its own text: 1 for rows of one line. */
const tallestRowInLines = (page: Page, rows: string) =>
  page.$$eval(rows, (trs) =>
    Math.max(
      ...trs
        .filter((tr) => tr.checkVisibility())
        .map((tr) => {
          const cell = tr.querySelector('td')!;
          const line = parseFloat(getComputedStyle(cell).lineHeight);
          // The row's padding and border are less than half a line.
          return Math.round((tr.getBoundingClientRect().height - line / 2) / line);
        }),
    ),
  );

/** Whether `selector`'s element is in the window as scrolled, and has the focus. */
const inSightAndFocused = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.top >= -1 && box.top < window.innerHeight && document.activeElement === el;
  });

describe.skipIf(!chromiumAvailable)("issue 47's defect 9: the long views on a phone", () => {
  describe.each(SETTINGS.filter((s) => s.viewport === PHONE))('$tag', (setting) => {
    const th = setting.lang === 'th';
    const screen = setting.viewport.height;

    it('9. FX: every currency one line (name, buying, selling; a tap for the rest), links to its parts, at most 3 screens tall', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      const height = await pageHeight(page);
      console.log(
        `defect 9, ${setting.tag}: the FX page is ${height} px tall, ${(height / screen).toFixed(2)} screens of ${screen} px`,
      );
      expect(height).toBeLessThanOrEqual(3 * screen);
      // A long name, or a rate said to be of notes, may take a second line; never a card of seven.
      expect(await tallestRowInLines(page, 'table.rates tbody tr')).toBeLessThanOrEqual(2);

      // USD 1-2 is quoted in notes only: its line gives the notes' rates, and says so.
      const usd1 = 'table.rates tbody tr:nth-child(1)';
      const usd50 = 'table.rates tbody tr:nth-child(3)';
      expect(await page.textContent(`${usd1} td:first-child`)).toMatch(/^USD1 /);
      const heading = th ? ['สกุลเงิน', 'ซื้อ', 'ขาย', 'details'] : ['Currency', 'Buying', 'Selling', 'details'];
      expect(await shownCells(page, usd1)).toEqual(heading);
      const latest = await client.getLatestFxRates();
      const rates = (family: string) => latest.find((r) => r.Family === family)!;
      const onLine = (row: string) => page.$$eval(`${row} td.only`, (tds) => tds.map((td) => td.textContent));
      const notes = th ? 'ธนบัตร' : 'notes';
      expect(await onLine(usd1)).toEqual([
        `${rates('USD1').BuyingRates} ${notes}`,
        `${rates('USD1').SellingRates} ${notes}`,
      ]);
      expect(await onLine(usd50)).toEqual([rates('USD50').TT, rates('USD50').Bill_DD_TT]);

      // A tap on the line shows every rate of the currency under it; the figures above stay USD50's.
      await page.click(`${usd1} td.only`);
      expect(await page.getAttribute(`${usd1} .row-details`, 'aria-expanded')).toBe('true');
      expect(await detailsOf(page, usd1)).toEqual(
        await page.$$eval('table.rates thead th.more', (ths) => ths.map((x) => x.textContent)),
      );
      expect(await detailsOf(page, usd1)).toHaveLength(6);
      expect(await page.textContent(`${usd1} + tr.row-more dl`)).toContain(rates('USD1').BuyingRates);
      expect(await page.inputValue('#fx-family')).toBe('USD50');
      await checkView(page, `defect9-fx-row-open-${setting.tag}`);
      await page.click(`${usd1} td.only`);
      expect(await page.$$(`${usd1} + tr.row-more`)).toHaveLength(0);
      // By keyboard: the line's button, named for the currency.
      expect(await page.getAttribute(`${usd50} .row-details`, 'aria-label')).toContain('USD50');
      await page.focus(`${usd50} .row-details`);
      await page.keyboard.press('Enter');
      expect(await page.getAttribute(`${usd50} .row-details`, 'aria-expanded')).toBe('true');
      expect(await detailsOf(page, usd50)).toHaveLength(6);
      // The name still picks the currency for the figures and chart above.
      await page.click('table.rates tbody tr:has-text("GBP") .row-link');
      await expect.poll(() => page.inputValue('#fx-family')).toBe('GBP');
      await page.waitForSelector('#fx-chart[data-points]');

      // Links to the parts: the list of every currency, and the converter, opened where folded.
      const jumps = await page.$$eval('nav.jumps button', (bs) => bs.map((b) => b.textContent));
      expect(jumps).toEqual(th ? ['คำนวณ', 'CSV', 'ทุกสกุลเงิน'] : ['Converter', 'CSV', 'Every currency']);
      await page.click('nav.jumps button:nth-child(3)');
      await expect.poll(() => inSightAndFocused(page, '#fx-all-title')).toBe(true);
      expect(await page.isVisible('#convert-amount')).toBe(false);
      await page.click('nav.jumps button:nth-child(1)');
      await expect.poll(() => inSightAndFocused(page, '#converter-part h2')).toBe(true);
      expect(await page.isVisible('#convert-amount')).toBe(true);
      await checkView(page, `defect9-fx-converter-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('9. Fund prices: every fund one line (name, NAV, change; a tap for the rest), links to the categories', async () => {
      const { context, page, errors } = await open(setting, '#prices');
      await page.waitForSelector('table.fund-prices');
      const height = await pageHeight(page);
      const funds = await page.$$eval('table.fund-prices tbody tr', (trs) => trs.length);
      console.log(
        `defect 9, ${setting.tag}: the fund prices page (${funds} funds) is ${height} px tall, ${(height / funds).toFixed(1)} px a fund`,
      );
      // The longest Thai names take three lines beside their figures.
      expect(await tallestRowInLines(page, 'table.fund-prices tbody tr')).toBeLessThanOrEqual(3);
      const first = '#prices-groups table.fund-prices tbody tr:first-child';
      const line = th ? ['กองทุน', 'NAV', 'เปลี่ยนแปลง', 'details'] : ['Fund', 'NAV', 'Change', 'details'];
      expect(await shownCells(page, first)).toEqual(line);
      await page.click(`${first} td:nth-child(2)`);
      expect(await detailsOf(page, first)).toEqual(
        th
          ? ['ราคาขาย', 'ราคารับซื้อคืน', 'มูลค่าทรัพย์สินสุทธิ (บาท)', 'ราคา ณ']
          : ['Offer', 'Redemption', 'Net assets (baht)', 'Price of'],
      );
      await checkView(page, `defect9-prices-row-open-${setting.tag}`);

      // A link to each category; the last one's brings its heading into sight, with the focus.
      const categories = await page.$$eval('#prices-groups h3', (hs) => hs.map((x) => x.textContent));
      const jumps = await page.$$eval('nav.jumps button', (bs) => bs.map((b) => b.textContent));
      expect(jumps).toEqual(categories);
      await page.click('nav.jumps button:last-child');
      await expect.poll(() => inSightAndFocused(page, '#prices-groups h3:last-of-type')).toBe(true);
      // The filter leaves the links of the categories it shows.
      await page.fill('#prices-filter', 'B-GOLD');
      const shown = await page.$$eval('#prices-groups h3', (hs) =>
        hs.filter((x) => x.checkVisibility()).map((x) => x.textContent),
      );
      expect(shown.length).toBeLessThan(categories.length);
      expect(
        await page.$$eval('nav.jumps button', (bs) =>
          bs.filter((b) => b.checkVisibility()).map((b) => b.textContent),
        ),
      ).toEqual(shown);
      await checkView(page, `defect9-prices-filtered-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  });

  describe.each(SETTINGS.filter((s) => s.viewport !== PHONE))('$tag', (setting) => {
    it('9. On a wide screen the same tables show every column, without the phone’s own', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      // The first table `table` names.
      const shownHeadings = (table: string) =>
        page.$eval(
          table,
          (t) => [...t.querySelectorAll('thead th')].filter((x) => x.checkVisibility()).length,
        );
      expect(await shownHeadings('table.rates')).toBe(7);
      expect(await page.isVisible('table.rates .row-details')).toBe(false);
      expect(await page.isVisible('#convert-amount')).toBe(true);
      await page.click('table.rates tbody tr:nth-child(4) td:nth-child(2)');
      await expect.poll(() => page.inputValue('#fx-family')).toBe('GBP');
      await page.evaluate(() => (location.hash = '#prices'));
      await page.waitForSelector('table.fund-prices');
      expect(await shownHeadings('table.fund-prices')).toBe(7);
      expect(await page.isVisible('table.fund-prices .row-details')).toBe(false);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  });
});
