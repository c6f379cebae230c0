import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/routes/explorer.js';
import { chromiumAvailable, collectErrors, launchChromium, screenshot } from '../helpers/browser.js';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const THAI = /[\u0E00-\u0E7F]/;

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let key: string;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-'));

describe.skipIf(!chromiumAvailable)('the explorer in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(join(WEB_ROOT, 'index.html'))) {
      throw new Error('The explorer is not built: run npm run build:web (npm test does it first)');
    }
    server = await startServer(await processEnv(dir));
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

  /** A fresh browser profile at the given size, on the explorer. */
  async function open(
    viewport = DESKTOP,
    hash = '',
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({
      viewport,
      isMobile: viewport === PHONE,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/${hash}`);
    return { context, page, errors };
  }

  async function enterKey(page: Page, value: string) {
    await page.fill('#key', value);
    await page.click('#key-form button[type=submit]');
  }

  /** Clicks the CSV download and reads the file the browser saved. */
  async function downloadCsv(page: Page): Promise<{ file: string; lines: string[] }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-download')]);
    const text = readFileSync((await download.path())!, 'utf8');
    return {
      file: download.suggestedFilename(),
      lines: text
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n'),
    };
  }

  /** How many pixels of the chart's canvas are drawn on. */
  const inkedPixels = (page: Page, selector: string) =>
    page.$eval(selector, (el) => {
      const canvas = el.querySelector('canvas')!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
      return inked;
    });

  it('asks for a key first, then shows a fund picked by search: NAV chart, statistics and prices', async () => {
    const { context, page, errors } = await open();
    await expect.poll(() => page.textContent('#notice')).toContain('Enter your subscription key');
    await enterKey(page, key);
    await page.fill('#fund-search', '101');
    await page.click('#fund-results li:first-child button');
    await page.waitForSelector('#fund-chart[data-points]');

    const points = Number(await page.getAttribute('#fund-chart', 'data-points'));
    expect(points).toBeGreaterThan(200); // a year of business days, the default period
    expect(await inkedPixels(page, '#fund-chart')).toBeGreaterThan(1000);
    expect(await page.textContent('#fund-name')).toMatch(/\w+/);
    const stats = await page.$$eval('table.stats tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(stats).toHaveLength(3);
    for (const row of stats) {
      expect(row[1]).toMatch(/^\d[\d,]*\.\d{4}$/);
      expect(row[2]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(row[3]).toMatch(/^\d[\d,]*\.\d{4}$/);
    }
    expect(await page.$$eval('table.prices tbody tr', (rows) => rows.length)).toBe(points);
    expect(page.url()).toMatch(/#funds\/101$/);
    await screenshot(page, 'funds-desktop-en');

    await page.click('.period button:has-text("1M")');
    await expect
      .poll(async () => Number(await page.getAttribute('#fund-chart', 'data-points')))
      .toBeLessThan(25);

    // A short code is not in the list's names: Enter opens it as typed, and the API finds it.
    await page.fill('#fund-search', 'b-treasury');
    await page.press('#fund-search', 'Enter');
    await expect.poll(() => page.url()).toMatch(/#funds\/b-treasury$/);
    await expect.poll(() => page.textContent('#fund-name')).toBe('B Treasury Fund');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Thai: Thai names and Buddhist-era dates', async () => {
    const { context, page, errors } = await open(DESKTOP, '#funds/101');
    await enterKey(page, key);
    await page.waitForSelector('#fund-chart[data-points]');
    await page.click('[data-lang=th]');
    await expect.poll(() => page.textContent('#fund-name')).toMatch(THAI);
    expect(await page.textContent('h1')).toMatch(THAI);
    expect(await page.getAttribute('html', 'lang')).toBe('th');
    const period = await page.textContent('#fund-period');
    expect(period).toMatch(/^\d{1,2} \S+ 25\d\d – \d{1,2} \S+ 25\d\d$/);
    const firstPriceDate = await page.textContent('table.prices tbody tr:first-child td:first-child');
    expect(firstPriceDate).toMatch(new RegExp(`^\\d{1,2} \\S+ 25\\d\\d$`));
    expect(firstPriceDate).toMatch(THAI);
    await screenshot(page, 'funds-desktop-th');

    await page.click('[data-view=deposits]');
    await page.waitForSelector('table.deposits');
    const first = await page.$$eval('table.deposits tbody tr:first-child td', (tds) =>
      tds.map((td) => td.textContent),
    );
    expect(first[0]).toMatch(THAI);
    expect(first[2]).toMatch(/ 25\d\d$/);
    await screenshot(page, 'deposits-desktop-th');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the latest FX rates and history, and downloads a CSV of a period', async () => {
    const { context, page, errors } = await open(DESKTOP, '#fx');
    await enterKey(page, key);
    await page.waitForSelector('#fx-chart[data-points]');
    expect(await page.$$eval('table.rates tbody tr', (rows) => rows.length)).toBe(33);
    expect(await page.$$eval('#fx-today dd', (dds) => dds.length)).toBe(6);
    await page.selectOption('#fx-family', 'USD50');
    await expect
      .poll(() => page.$eval('table.rates tr.current td', (td) => td.textContent))
      .toMatch(/^USD50 /);
    expect(await inkedPixels(page, '#fx-chart')).toBeGreaterThan(1000);
    await screenshot(page, 'fx-desktop-en');

    const csv = await downloadCsv(page);
    expect(csv.file).toMatch(/^fxrates-USD50-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines[0]).toBe('Family,BuyingRates,SellingRates,SightBill,Bill_DD_TT,TT,Ddate,DTime');
    expect(csv.lines.length).toBeGreaterThan(15); // a month of business days
    const row =
      /^USD50,\d+\.\d{4},\d+\.\d{4},\d+\.\d{4},\d+\.\d{4},\d+\.\d{4},\d{2}\/\d{2}\/(\d{4}),\d{2}:\d{2}$/;
    for (const line of csv.lines.slice(1)) expect(line).toMatch(row);
    const year = (line: string) => Number(row.exec(line)![1]);
    expect(year(csv.lines.at(-1)!)).toBeLessThan(2400);
    await expect.poll(() => page.textContent('#notice')).toContain('Downloaded fxrates-USD50-');

    // In Thai the same period comes with Buddhist-era years.
    await page.click('[data-lang=th]');
    await page.waitForSelector('#csv-download:has-text("ดาวน์โหลด")');
    const thai = await downloadCsv(page);
    expect(thai.lines.length).toBe(csv.lines.length);
    expect(year(thai.lines.at(-1)!)).toBe(year(csv.lines.at(-1)!) + 543);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a wrong key, with the service message', async () => {
    const { context, page } = await open();
    await enterKey(page, '0123456789abcdef0123456789abcdef');
    await page.waitForSelector('#notice.error');
    const notice = await page.textContent('#notice');
    expect(notice).toContain('The service did not accept this key');
    expect(notice).toContain('Access denied due to invalid subscription key.');
    await screenshot(page, 'wrong-key-desktop-en');
    await context.close();
  });

  it('tells a limit hit (429, 403) and an empty answer apart', async () => {
    const { context, page } = await open(DESKTOP, '#deposits');
    await enterKey(page, key);
    await page.waitForSelector('table.deposits');
    // The limits belong to the gateway; here the browser stands in for it, answering as it would.
    const answers: { status: number; headers: Record<string, string>; body: unknown }[] = [
      {
        status: 429,
        headers: { 'retry-after': '30' },
        body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 30 seconds.' },
      },
      {
        status: 403,
        headers: {},
        body: {
          statusCode: 403,
          message: 'Out of call volume quota. Quota will be replenished in 05:00:00.',
        },
      },
      { status: 200, headers: {}, body: [] },
    ];
    const expected = [
      'Too many requests for this key. Try again in 30 seconds.',
      'This key has used up its call quota.Out of call volume quota. Quota will be replenished in 05:00:00.',
      'No data.',
    ];
    for (const [i, answer] of answers.entries()) {
      await page.route('**/api/InterestRatesService/GetDepositRate', (route) =>
        route.fulfill({
          status: answer.status,
          headers: answer.headers,
          contentType: 'application/json',
          json: answer.body,
        }),
      );
      await page.reload();
      const where = i < 2 ? '#notice.error' : '#view .message.empty';
      await expect.poll(() => page.textContent(where).catch(() => '')).toContain(expected[i]);
      await page.unrouteAll();
    }
    await context.close();
  });

  it('fits a phone screen', async () => {
    for (const [hash, ready] of [
      ['#funds/101', '#fund-chart[data-points]'],
      ['#fx', '#fx-chart[data-points]'],
    ] as const) {
      const { context, page, errors } = await open(PHONE, hash);
      await enterKey(page, key);
      await page.waitForSelector(ready);
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(inner);
      expect(
        await page.$eval(`${ready.split('[')[0]} canvas`, (c) => c.getBoundingClientRect().width),
      ).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `${hash.slice(1).split('/')[0]}-phone-en`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('serves the docs page, whose "try it" sends the key entered under Authorize', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/docs`);
    await page.waitForSelector('.opblock');
    expect(await page.$$eval('.opblock', (blocks) => blocks.length)).toBe(10);
    await page.click('.authorize');
    await page.fill('.auth-container:has-text("SubscriptionKeyHeader") input', key);
    await page.click('.auth-container:has-text("SubscriptionKeyHeader") button.authorize');
    await page.click('.modal-ux button.btn-done, .modal-ux .close-modal');
    await page.click('#operations-FundPriceService-LatestDate .opblock-summary');
    await page.click('#operations-FundPriceService-LatestDate .execute');
    const status = page.locator(
      '#operations-FundPriceService-LatestDate .live-responses-table tr.response .response-col_status',
    );
    await expect.poll(() => status.first().textContent()).toContain('200');
    await screenshot(page, 'docs-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
