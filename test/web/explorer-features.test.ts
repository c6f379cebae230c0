import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RatesClient, type DateInput } from '../../src/client/index.js';
import { chromiumAvailable } from '../helpers/browser.js';
import {
  chartPoints,
  checkView,
  dateText,
  openExplorer,
  PAIRS,
  startExplorer,
  unexpected,
  unfold,
  type ExplorerRun,
  type Setting,
} from './explorer-page.js';

// The explorer's analyst tools (issue 47, features 15-21), as each reader meets them: English and
// Thai, at 1280 px and at 390 px, each with a screenshot under test-artifacts/ (TEST_SCREENSHOTS=1)
// and an axe-core check (checkView).

vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let server: ExplorerRun['server'];
let browser: Browser;
let key: string;
let client: RatesClient;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-features-'));

const open = (setting: Setting, hash: string) => openExplorer(browser, server.url, setting, key, hash);
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const pad = (n: number | string) => String(n).padStart(2, '0');
const fromDayFirst = (value: string) => {
  const [d, m, y] = value.split(' ')[0]!.split('/');
  return `${y}-${pad(m!)}-${pad(d!)}`;
};
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
};
/** A day as the explorer writes it: 5 Jan 2026, 5 ม.ค. 2569. */
const shortDay = (setting: Setting, iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[setting.lang][m - 1]} ${setting.lang === 'th' ? y + 543 : y}`;
};
const hashOf = (url: string) => decodeURIComponent(new URL(url).hash);
const pressed = (page: Page, value: string) =>
  page.getAttribute(`[data-focus=toggle-${value}]`, 'aria-pressed');

describe.skipIf(!chromiumAvailable)('the explorer’s analyst tools, English and Thai, 1280 and 390 px', () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    ({ server, key, browser } = run);
    client = new RatesClient({ key, baseUrl: server.url });
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(PAIRS)('$tag', (setting) => {
    const th = setting.lang === 'th';

    it('the first view weighs under 150 kB as sent (compressed); compare and rate history load only when opened', async () => {
      const { context, page, errors } = await open(setting, '');
      await page.waitForSelector('#fund-search');
      await page.waitForLoadState('networkidle');
      const sent = await page.evaluate(() =>
        [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
          (e) => [e.name, (e as PerformanceResourceTiming).transferSize] as [string, number],
        ),
      );
      const bytes = sent.reduce((sum, [, size]) => sum + size, 0);
      process.stdout.write(`first view (${setting.tag}): ${bytes} bytes sent in ${sent.length} responses\n`);
      expect(bytes).toBeLessThan(150_000);
      expect(sent.filter(([name]) => /\/(compare|rate-history)-/.test(name))).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('15. every view is a link: FX currency, round, period and amount; the fund and its period; the prices day; the deposits day', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await page.selectOption('#fx-family', 'EUR');
      await page.waitForSelector('#fx-family >> nth=0');
      await eventually(() => hashOf(page.url())).toContain('currency=EUR');
      await page.click('[data-focus=toggle-1Y]');
      await eventually(() => hashOf(page.url())).toContain('period=1Y');
      await page.selectOption('#fx-round', '1');
      await eventually(() => hashOf(page.url())).toContain('round=1');
      await unfold(page, 'converter');
      await page.fill('#convert-amount', '250');
      await eventually(() => hashOf(page.url())).toContain('amount=250');
      const link = page.url();
      expect(hashOf(link)).toMatch(/^#fx\?currency=EUR&period=1Y&round=1&amount=250&pair=USD-THB$/);

      // Reloaded, and opened by someone else: the same view.
      for (const shared of [page, (await open(setting, new URL(link).hash)).page]) {
        if (shared === page) await page.reload();
        await shared.waitForSelector('#fx-chart[data-points]');
        expect(await shared.inputValue('#fx-family')).toBe('EUR');
        expect(await pressed(shared, '1Y')).toBe('true');
        expect(await shared.inputValue('#fx-round')).toBe('1');
        // A link with an amount of its own shows the converter open, on a phone too.
        expect(await shared.isVisible('#convert-amount')).toBe(true);
        expect(await shared.inputValue('#convert-amount')).toBe('250');
        await eventually(() => shared.textContent('#convert-result')).toMatch(/^250\.00 USD = /);
        expect(hashOf(shared.url())).toBe(hashOf(link));
      }
      await checkView(page, `link-fx-${setting.tag}`);

      // The fund and its period, a custom one too.
      const fund = (await client.allFundsName())[0]!.mf_iNumber;
      await page.goto(`${server.url}/#funds/${fund}`);
      await page.waitForSelector('#fund-chart[data-points]');
      await page.click('[data-focus=toggle-3Y]');
      await eventually(() => hashOf(page.url())).toBe(`#funds/${fund}?period=3Y`);
      await page.reload();
      await page.waitForSelector('#fund-chart[data-points]');
      expect(await pressed(page, '3Y')).toBe('true');
      await page.goto(`${server.url}/#funds/${fund}?period=2025-01-06..2025-03-31`);
      await eventually(() => page.textContent('#fund-period')).toBe(
        `${shortDay(setting, '2025-01-06')} – ${shortDay(setting, '2025-03-31')}`,
      );
      expect(await pressed(page, 'custom')).toBe('true');
      await checkView(page, `link-fund-${setting.tag}`);

      // The prices day: the latest written into the link, so a link shared later shows the same day.
      const [latest] = await client.latestDate();
      await page.goto(`${server.url}/#prices`);
      await eventually(() => hashOf(page.url())).toBe(`#prices/${latest!.mDate.slice(0, 10)}`);

      // The deposits day, picked or linked.
      await page.goto(`${server.url}/#deposits`);
      await page.waitForSelector('#rates-on');
      await page.fill('#rates-on', dateText(setting, '2020-01-15'));
      await page.click('#rates-on-apply');
      await eventually(() => hashOf(page.url())).toBe('#deposits/2020-01-15');
      await page.reload();
      await eventually(() => page.textContent('#deposits-title')).toBe(
        th
          ? `อัตราดอกเบี้ยเงินฝากที่มีผล ณ ${shortDay(setting, '2020-01-15')}`
          : `Deposit rates in effect on ${shortDay(setting, '2020-01-15')}`,
      );
      await checkView(page, `link-deposits-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('16. FX on any past day and round; history beyond 3 years with a point a week or a month', async () => {
      // A day a year back with rates, and its rounds.
      const [lastRound] = await client.getFxRatesLastUpdate();
      const lastDay = fromDayFirst(lastRound!.Day);
      const [y, m] = lastDay.split('-').map(Number) as [number, number];
      const days = await client.getFxDayInMonth(y - 1, m);
      const past = `${y - 1}-${pad(m)}-${pad(days[1]!.Day)}`;
      const rounds = await client.getFxUpdateInMonth(past as DateInput);
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await page.fill('#fx-day', dateText(setting, past));
      await page.click('#fx-day-apply');
      await eventually(() => page.textContent('#fx-today-title')).toBe(
        th ? `อัตรา ณ ${shortDay(setting, past)}` : `Rates of ${shortDay(setting, past)}`,
      );
      expect((await page.$$('#fx-round option')).length).toBe(rounds.length);
      // Its first round: the figures are Getfxrates' for it.
      await page.selectOption('#fx-round', rounds[0]!.Update);
      const [usd] = (await client.getFxRates(past as DateInput, Number(rounds[0]!.Update))).filter(
        (r) => r.Family === 'USD50',
      );
      await eventually(() => page.textContent('#fx-today div:nth-child(4) dd')).toBe(usd!.TT);
      expect(hashOf(page.url())).toContain(`day=${past}&round=${rounds[0]!.Update}`);
      await checkView(page, `fx-past-day-${setting.tag}`);

      // A day without rates (the Sunday before): the nearest earlier day with rates, said so.
      const date = new Date(`${past}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 7) % 7 || 7));
      const sunday = date.toISOString().slice(0, 10);
      await page.fill('#fx-day', dateText(setting, sunday));
      await page.click('#fx-day-apply');
      await eventually(() => page.textContent('#view')).toContain(
        th ? `ไม่มีอัตรา ณ ${shortDay(setting, sunday)}` : `No rates on ${shortDay(setting, sunday)}`,
      );

      // Ten years: asked in pieces of at most 3 years, a point a month; then a point a week.
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.click('#fx-latest');
      await page.waitForSelector('#fx-chart[data-points]');
      await page.click('[data-focus=toggle-10Y]');
      await eventually(() => pressed(page, 'month')).toBe('true');
      const monthly = await chartPoints(page, '#fx-chart');
      expect(monthly).toBeGreaterThan(100);
      expect(monthly).toBeLessThanOrEqual(121);
      expect(asked.filter((p) => p.includes('/GetDownloadfxrates/')).length).toBe(4);
      await checkView(page, `fx-10y-monthly-${setting.tag}`);
      await page.click('[data-focus=toggle-week]');
      await eventually(() => chartPoints(page, '#fx-chart')).toBeGreaterThan(500);
      expect(await chartPoints(page, '#fx-chart')).toBeLessThanOrEqual(523);
      expect(hashOf(page.url())).toContain('period=10Y&points=week');
      // The last point is the latest day's closing rates.
      const latest = await client.getDownloadFxRates('USD50', lastDay as DateInput, lastDay as DateInput);
      expect(await page.getAttribute('#fx-chart', 'aria-label')).toContain(
        `${latest[0]!.TT}`.replace(/0+$/, '').slice(0, 5),
      );
      await checkView(page, `fx-10y-weekly-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('18. the converter converts as one types, swaps, shows the inverse rate and the rate used', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await unfold(page, 'converter');
      await page.fill('#convert-amount', '1234.5');
      const usd = await client.convert('1234.5', 'USD', 'THB');
      const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
      await eventually(() => page.textContent('#convert-result')).toMatch(
        new RegExp(`^1,234\\.50 USD = ${money(usd.convertedAmount).replace(/\./g, '\\.')} THB`),
      );
      const details = await page.textContent('#convert-details');
      expect(details).toContain('1 THB = ');
      expect(details).toContain(th ? 'อัตราซื้อเงินโอน' : 'buying transfer rate');
      expect(details).toContain('USD50');
      await page.locator('#convert-result').scrollIntoViewIfNeeded();
      await checkView(page, `converter-typed-${setting.tag}`);
      await page.click('#convert-swap');
      expect(await page.inputValue('#convert-from')).toBe('THB');
      expect(await page.inputValue('#convert-to')).toBe('USD');
      const back = await client.convert('1234.5', 'THB', 'USD');
      await eventually(() => page.textContent('#convert-result')).toMatch(
        new RegExp(`^1,234\\.50 THB = ${money(back.convertedAmount).replace(/\./g, '\\.')} USD`),
      );
      expect(await page.textContent('#convert-details')).toContain(
        th ? 'อัตราขายเงินโอน' : 'selling transfer rate',
      );
      await eventually(() => hashOf(page.url())).toContain('amount=1234.5&pair=THB-USD');
      await checkView(page, `converter-swapped-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('17. CSV of what is shown: one fund’s prices, all funds on a day, the deposit and loan rates on a day; dates labelled by format', async () => {
      const { context, page, errors } = await open(setting, '#prices');
      const format = th ? '(ว/ด/ปปปป พ.ศ.)' : '(YYYY-MM-DD)';
      const asDay = (iso: string) => (th ? dateText(setting, iso) : iso);
      const download = async (button: string) => {
        const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
        const text = readFileSync((await file.path())!, 'utf8');
        expect(text.startsWith('\ufeff')).toBe(true);
        const lines = text.slice(1).trimEnd().split('\r\n');
        return { name: file.suggestedFilename(), head: lines[0]!.split(','), rows: lines.slice(1) };
      };

      // All funds on the latest day.
      const [latestRow] = await client.latestDate();
      const latest = latestRow!.mDate.slice(0, 10);
      await page.waitForSelector('#prices-csv');
      const all = await client.allFundPrices(latest as DateInput);
      const day = await download('#prices-csv');
      expect(day.name).toBe(`fund-prices-${latest}${th ? '-th' : ''}.csv`);
      expect(day.head.at(-1)).toBe(`${th ? 'ราคา ณ' : 'Price of'} ${format}`);
      expect(day.rows).toHaveLength(all.length);
      expect(day.rows[0]!.startsWith(`${all[0]!.mf_iNumber},`)).toBe(true);
      expect(day.rows[0]!.endsWith(`,${asDay(all[0]!.mfr_dDataDate.slice(0, 10))}`)).toBe(true);
      await checkView(page, `csv-prices-${setting.tag}`);

      // One fund's prices over a period.
      const fund = all[0]!.mf_iNumber;
      await page.goto(`${server.url}/#funds/${fund}?period=2025-01-06..2025-03-31`);
      await page.waitForSelector('#fund-csv');
      const prices = await client.fundPriceByFundCode(fund, '2025-01-06', '2025-03-31');
      const one = await download('#fund-csv');
      expect(one.head[0]).toBe(`${th ? 'วันที่' : 'Date'} ${format}`);
      expect(one.rows).toHaveLength(prices.length);
      const p = prices[0]!;
      expect(one.rows[0]).toBe(
        `${asDay(p.mfr_dDataDate.slice(0, 10))},${p.mfr_fNav},${p.mfr_fSel},${p.mfr_fBuy}`,
      );
      await checkView(page, `csv-fund-${setting.tag}`);

      // The deposit and loan rates in force on a day.
      await page.goto(`${server.url}/#deposits/2020-01-15`);
      await page.waitForSelector('#rates-csv');
      const [deposits, loans] = await Promise.all([
        client.getDepositRateOn('2020-01-15'),
        client.getLoanRateOn('2020-01-15'),
      ]);
      const rates = await download('#rates-csv');
      expect(rates.name).toBe(`rates-2020-01-15${th ? '-th' : ''}.csv`);
      expect(rates.head.at(-1)).toBe(`${th ? 'มีผล' : 'Effective'} ${format}`);
      expect(rates.rows).toHaveLength(deposits.length + loans.length);
      const mlr = loans.find((l) => l.LoanNameEn.includes('(MLR)'))!;
      expect(rates.rows).toContain(
        [
          th ? 'เงินกู้' : 'Loan',
          th ? mlr.LoanNameTh : mlr.LoanNameEn,
          mlr.LoanRates,
          asDay(fromDayFirst(mlr.EffectiveDate)),
        ].join(','),
      );
      await checkView(page, `csv-rates-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('19. compare funds: up to five on one chart rebased to 100; a sortable table of a category’s returns, annualised over a year', async () => {
      const funds = await client.allFundsName();
      const [latestRow] = await client.latestDate();
      const latest = latestRow!.mDate.slice(0, 10);
      const category = funds[0]!.mf_catenumber;
      const inCategory = funds.filter((f) => f.mf_catenumber === category);
      const codes = funds.slice(0, 3).map((f) => f.mf_iNumber);
      const { context, page, errors } = await open(setting, `#compare?funds=${codes.join(',')}&period=1Y`);
      await page.waitForSelector('#compare-chart[data-points]');
      expect(await page.$$eval('#compare-chart .u-legend .u-series', (s) => s.length)).toBe(4);
      // Every line starts at 100.
      const label = (await page.getAttribute('#compare-chart', 'aria-label'))!;
      expect(label.match(th ? /แรก 100\.00/g : /first 100\.00/g)).toHaveLength(3);

      // A fourth fund added, then the first taken out: the link follows.
      await page.fill('#compare-fund', funds[5]!.mf_iNumber);
      await page.click('#compare-add');
      await eventually(() => hashOf(page.url())).toContain(
        `funds=${[...codes, funds[5]!.mf_iNumber].join(',')}`,
      );
      const chips = () => page.$$eval('#compare-funds-chosen li', (li) => li.length);
      await eventually(chips).toBe(4);
      await page.waitForSelector('#compare-chart[data-points]');
      await page.click(`[data-focus=remove-${codes[0]}]`);
      await eventually(() => hashOf(page.url())).toContain(
        `funds=${[...codes.slice(1), funds[5]!.mf_iNumber].join(',')}`,
      );
      await page.waitForSelector('#compare-chart[data-points]');
      await checkView(page, `compare-chart-${setting.tag}`);

      // The category's returns: 1Y from the day's prices a year apart, 3Y as a yearly rate.
      expect(await page.inputValue('#returns-category')).toBe(String(funds[1]!.mf_catenumber));
      await page.selectOption('#returns-category', String(category));
      await eventually(() => page.$$eval('table.returns-table tbody tr', (r) => r.length)).toBe(
        inCategory.length,
      );
      const yearAgo = new Date(`${latest}T00:00:00Z`);
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      const threeAgo = new Date(`${latest}T00:00:00Z`);
      threeAgo.setUTCFullYear(threeAgo.getUTCFullYear() - 3);
      // A window whose first day has no prices (a weekend, a holiday) starts on the price day
      // before it; a 1Y window is still the plain change when that makes it a day or two longer.
      const onPriceDay = async (day: Date) => {
        for (let back = 0; back < 7; back++) {
          const d = new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
          const prices = await client.allFundPrices(d as DateInput);
          if (prices.length > 0) return prices;
        }
        throw new Error(`no price day in the week up to ${day.toISOString().slice(0, 10)}`);
      };
      const [now, before, before3] = await Promise.all([
        client.allFundPrices(latest as DateInput),
        onPriceDay(yearAgo),
        onPriceDay(threeAgo),
      ]);
      const f = inCategory.find((x) => before3!.some((b) => b.mf_iNumber === x.mf_iNumber))!;
      const nav = (list: typeof now, code: string) => list!.find((x) => x.mf_iNumber === code)!;
      const span = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
      const pct = (r: number) => `${r >= 0 ? '+' : ''}${r.toFixed(2)}%`;
      const [n, b1, b3] = [nav(now, f.mf_iNumber), nav(before, f.mf_iNumber), nav(before3, f.mf_iNumber)];
      const oneYear = (n.mfr_fNav / b1.mfr_fNav - 1) * 100;
      const years = span(b3.mfr_dDataDate.slice(0, 10), n.mfr_dDataDate.slice(0, 10)) / 365.25;
      const threeYears = ((n.mfr_fNav / b3.mfr_fNav) ** (1 / years) - 1) * 100;
      const row = page.locator('table.returns-table tbody tr', { hasText: `${f.mf_iNumber} ` }).first();
      const cells = await row.locator('td').allTextContents();
      expect(cells[5]).toBe(pct(oneYear));
      expect(cells[6]).toBe(pct(threeYears));

      // Sorted by 1Y, highest first; again, lowest first.
      const column = async () =>
        (
          await page.$$eval('table.returns-table tbody tr td:nth-child(6)', (tds) =>
            tds.map((t) => t.textContent!),
          )
        )
          .filter((v) => v !== '–')
          .map((v) => Number(v.replace('%', '')));
      // Sorted by 1Y from the select (a phone's cards have no headings): highest first; then, by
      // its heading on a laptop, lowest first.
      await page.selectOption('#returns-sort', '1Y');
      await eventually(() => page.getAttribute('th:has([data-focus=sort-1Y])', 'aria-sort')).toBe(
        'descending',
      );
      const desc = await column();
      expect(desc.length).toBeGreaterThan(1);
      expect(desc).toEqual([...desc].sort((x, y) => y - x));
      if (setting.viewport.width > 640) {
        await page.click('[data-focus=sort-1Y]');
        await eventually(() => page.getAttribute('th:has([data-focus=sort-1Y])', 'aria-sort')).toBe(
          'ascending',
        );
        const asc = await column();
        expect(asc).toEqual([...asc].sort((x, y) => x - y));
      }
      await page.locator('#returns-title').scrollIntoViewIfNeeded();
      await checkView(page, `compare-returns-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('20. rate history: MLR by default, each step a change the service keeps; any deposit rate picked', async () => {
      const { context, page, errors } = await open(setting, '#deposits');
      await page.waitForSelector('#rate-history-chart[data-points]');
      const mlrName = (await client.getLoanRate()).find((l) => l.LoanNameEn.includes('(MLR)'))!.LoanNameEn;
      expect(await page.inputValue('#rate-history-product')).toBe(`loan:${mlrName}`);
      const steps = await page.$$eval('table.rate-steps tbody tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!)),
      );
      // Each step is the rate in effect from its day, and another rate was in effect the day before
      // (or none: the data's first day).
      const mlrOn = async (iso: string) =>
        (await client.getLoanRateOn(iso as DateInput)).find((l) => l.LoanNameEn === mlrName);
      const [today] = [(await client.getLoanRate()).find((l) => l.LoanNameEn === mlrName)!];
      expect(steps[0]![1]).toBe(today.LoanRates);
      expect(steps[0]![0]).toBe(shortDay(setting, fromDayFirst(today.EffectiveDate)));
      const effective = fromDayFirst(today.EffectiveDate);
      const before = await mlrOn(new Date(Date.parse(effective) - 86_400_000).toISOString().slice(0, 10));
      expect(before?.LoanRates).toBe(steps[1]![1]);
      expect(before?.LoanRates).not.toBe(steps[0]![1]);
      expect(steps.length).toBeGreaterThan(5);
      // MLR since the data starts (2014): the oldest step is in 2014, nothing before it.
      expect(steps.at(-1)![0]).toMatch(th ? /2557$/ : /2014$/);
      await page.locator('#rate-history-title').scrollIntoViewIfNeeded();
      await checkView(page, `rate-history-mlr-${setting.tag}`);

      // A deposit rate picked: in the link, its own steps.
      await page.selectOption('#rate-history-product', 'deposit:Fixed Deposit 12 Months');
      await eventually(() => hashOf(page.url())).toBe('#deposits?history=deposit:Fixed Deposit 12 Months');
      await page.waitForSelector('#rate-history-chart[data-points]');
      const fixed = (await client.getDepositRate()).find(
        (d) => d.DepositNameEn === 'Fixed Deposit 12 Months',
      )!;
      await eventually(() => page.textContent('table.rate-steps tbody tr:first-child td:nth-child(2)')).toBe(
        fixed.DepositRates,
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('rate-history-product');
      await page.locator('#rate-history-title').scrollIntoViewIfNeeded();
      await checkView(page, `rate-history-deposit-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('21. a watch-list saved in the browser, shown first, with the change since yesterday for FX', async () => {
      const { context, page, errors } = await open(setting, '#fx?currency=EUR');
      await page.waitForSelector('#fx-chart[data-points]');
      expect(await page.getAttribute('#watch-currencies', 'aria-pressed')).toBe('false');
      await page.click('#watch-currencies');
      expect(await page.getAttribute('#watch-currencies', 'aria-pressed')).toBe('true');
      const fund = (await client.allFundsName())[0]!;
      await page.goto(`${server.url}/#funds/${fund.mf_iNumber}`);
      await page.waitForSelector('#fund-chart[data-points]');
      await page.click('#watch-funds');

      // The first view, reloaded: the watch-list before anything else.
      await page.goto(`${server.url}/#funds`);
      await page.reload();
      await page.waitForSelector('#watch');
      expect(await page.$eval('#view', (v) => v.firstElementChild?.id)).toBe('watch');
      const [eur] = (await client.getLatestFxRates()).filter((r) => r.Family === 'EUR');
      const last = fromDayFirst(eur!.Ddate);
      const from = new Date(Date.parse(last) - 14 * 86_400_000).toISOString().slice(0, 10);
      const days = await client.getDownloadFxRates('EUR', from as DateInput, last as DateInput);
      const [m, d, y] = days.at(-2)!.Ddate.split('/');
      expect(`${y}-${pad(m!)}-${pad(d!)}` < last).toBe(true);
      const diff = Number(eur!.TT) - Number(days.at(-2)!.TT);
      const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
      const shown = await page.textContent('[data-watch=EUR] dd');
      expect(shown).toBe(
        `${eur!.TT} ${sign}${Math.abs(diff).toFixed(4)} (${sign}${Math.abs((diff / Number(days.at(-2)!.TT)) * 100).toFixed(2)}%)`,
      );
      expect(await page.textContent(`[data-watch="${fund.mf_iNumber}"] dt`)).toBe(
        `${fund.mf_iNumber} ${th ? fund.mf_sTha : fund.mf_sEng}`,
      );
      await checkView(page, `watch-list-${setting.tag}`);
      // Taken off: gone from the first view.
      await page.goto(`${server.url}/#fx?currency=EUR`);
      await page.waitForSelector('#fx-chart[data-points]');
      await page.click('#watch-currencies');
      await page.goto(`${server.url}/#funds`);
      await page.waitForSelector('#watch');
      expect(await page.$('[data-watch=EUR]')).toBeNull();
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  });
});
