import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import { RatesClient, type DateInput, type MarketSummary } from '../../src/client/index.js';
import { cli } from '../helpers/cli.js';
import { outlookInThai } from '../../web/src/outlook-thai.js';
import {
  chartPoints,
  checkPrinted,
  checkView,
  crowded,
  dateText,
  DESKTOP,
  focused,
  legendValue,
  openExplorer,
  pointAtChart,
  THAI,
  unexpected,
  unfold,
  options,
  SETTINGS,
  PAIRS,
  xTicks,
  type Setting,
  startExplorer,
  type ExplorerRun,
} from './explorer-page.js';

// The explorer's views as each reader meets them. What a view does and says runs in English at 1280 px
// and in Thai at 390 px (PAIRS); how each view is laid out (fits the window, labels apart on its
// charts, sections side by side or stacked, printed) runs in all four settings (SETTINGS), where a
// language's longer words meet a width. Each view checked gets a screenshot under test-artifacts/ and
// an axe-core check (see checkView).

// A test walks a whole view through several answers: on two shared cores that can pass 30 s.
vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let server: ExplorerRun['server'];
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
/** A first visit: no key saved in the browser yet. */
const openWithoutKey = (setting: Setting, hash: string) =>
  openExplorer(browser, server.url, setting, '', hash);
/** 'd/MM/yyyy' (the banner's dates) to 'YYYY-MM-DD'. */
const fromDayFirst = (value: string) => {
  const [d, m, y] = value.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
};
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/**
 * expect.poll with room for a busy machine: a view drawn after a few calls can take seconds when the
 * cores are shared (expect.poll's own default waits 1 s).
 */
// A visitor without a key is told where to get one: the developer portal, or the service's operator.
const NO_KEY_EN =
  'Enter your subscription key above to see the data. No key yet? Get one from the developer portal, the site where you sign up, subscribe to a product and manage your keys; or ask the operator of this service.';
const NO_KEY_TH =
  'กรอกคีย์สมาชิกด้านบนเพื่อดูข้อมูล ยังไม่มีคีย์? ขอคีย์ได้จากพอร์ทัลนักพัฒนา เว็บไซต์ที่คุณสมัครสมาชิก สมัครใช้ผลิตภัณฑ์ และจัดการคีย์ของคุณ หรือสอบถามผู้ดูแลบริการนี้';
const eventually = <T>(fn: () => T | Promise<T>, options = { timeout: 15_000 }) => expect.poll(fn, options);
const pad = (n: number | string) => String(n).padStart(2, '0');
const SHORT_MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
};

/** A day as the rates tables write it, from its day, month and year: 5 Jan 2026, 5 ม.ค. 2569. */
const shortDay = (setting: Setting, [d, m, y]: number[]) =>
  `${d} ${SHORT_MONTHS[setting.lang][m! - 1]} ${setting.lang === 'th' ? y! + 543 : y}`;

/** The month before the latest FX rates, its first and last day, and USD 50-100's days of rates in it. */
async function fxMonthBefore() {
  const [latest] = await client.getLatestFxRates();
  const [y, m] = fromDayFirst(latest!.Ddate).split('-').map(Number) as [number, number];
  const [year, month] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const from = `${year}-${pad(month)}-01`;
  const to = `${year}-${pad(month)}-${new Date(Date.UTC(year, month, 0)).getUTCDate()}`;
  const days = await client.getDownloadFxRates('USD50', from as DateInput, to as DateInput);
  return { year, month, from, to, days: days.length };
}

/** The grouped rates tables list every product once, with the rate and effective day the service gives. */
async function expectRateTables(
  page: Page,
  setting: Setting,
  deposits: Awaited<ReturnType<RatesClient['getDepositRate']>>,
  loans: Awaited<ReturnType<RatesClient['getLoanRate']>>,
) {
  const th = setting.lang === 'th';
  // The rate tables, not the rate history's chart legend and steps below them.
  const rows = await page.$$eval('#view table.deposits tbody tr, #view table.loans tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
  const expected = [
    ...deposits.map((r) => [th ? r.DepositNameTh : r.DepositNameEn, r.DepositRates, r.EffectiveDate]),
    ...loans.map((r) => [th ? r.LoanNameTh : r.LoanNameEn, r.LoanRates, r.EffectiveDate]),
  ];
  expect(rows.map((r) => r[0]).sort()).toEqual(expected.map((r) => r[0]).sort());
  for (const row of rows) {
    const [, rate, effective] = expected.find((e) => e[0] === row[0])!;
    expect(row[1]).toBe(rate);
    expect(row[2]).toBe(shortDay(setting, effective!.split('/').map(Number)));
  }
}

describe.skipIf(!chromiumAvailable)('the explorer in English and Thai, at 1280 px and 390 px', () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    ({ env, server, key, browser } = run);
    client = new RatesClient({ key, baseUrl: server.url });
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // What each view does and says: each language once and each width once.
  describe.each(PAIRS)('$tag', (setting) => {
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
      await eventually(async () => (await options(page, '#prices-day')).map(([v]) => v)).toEqual(expected);
      for (const day of expected) expect(weekday(`${py}-${pad(pm)}-${pad(day)}`) % 6).not.toBe(0);
      // Showing its first day with prices: the table of that day, the focus on its title.
      await page.selectOption('#prices-day', expected[0]!);
      await page.click('#prices-show');
      const iso = `${py}-${pad(pm)}-${pad(expected[0]!)}`;
      await eventually(() => page.url()).toMatch(new RegExp(`#prices/${iso}$`));
      const shown = `${Number(expected[0])} ${SHORT_MONTHS[setting.lang][pm - 1]} ${th ? py + 543 : py}`;
      // (The earlier day's table stays until the new one is drawn.)
      await eventually(() => page.textContent('#prices-title')).toBe(
        th ? `ราคากองทุน ณ ${shown}` : `Fund prices on ${shown}`,
      );
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('prices-title');
      expect(await page.inputValue('#prices-day')).toBe(expected[0]);
      expect(await page.inputValue('#prices-month')).toBe(String(pm));
      await checkView(page, `prices-date-picker-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('FX history: a period button keeps the focus; a custom range shows its days; a start after the end is told', async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await page.click('[data-focus=toggle-1W]');
      await eventually(() => chartPoints(page, '#fx-chart')).toBeLessThan(8);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.focus)).toBe(
        'toggle-1W',
      );

      // The month before the latest rates, as the reader types it.
      const { year: py, month: pm, from, to, days } = await fxMonthBefore();
      await page.fill('#fx-from', dateText(setting, from));
      await page.fill('#fx-to', dateText(setting, to));
      await page.click('#fx-apply');
      await eventually(() => chartPoints(page, '#fx-chart')).toBe(days);
      const month = SHORT_MONTHS[setting.lang][pm - 1];
      const year = th ? py + 543 : py;
      expect(await page.textContent('#fx-period')).toBe(
        `1 ${month} ${year} – ${to.slice(8)} ${month} ${year}`,
      );
      expect(await page.getAttribute('[data-focus=toggle-custom]', 'aria-pressed')).toBe('true');

      // A start after the end: told, the chart kept. (Over 3 years is drawn: explorer-features.test.ts.)
      await page.fill('#fx-from', dateText(setting, to));
      await page.fill('#fx-to', dateText(setting, from));
      await page.click('#fx-apply');
      await eventually(() => page.textContent('#fx-range-error')).toContain(
        th ? 'อยู่หลังวันสิ้นสุด' : 'is after the end date',
      );
      expect(await chartPoints(page, '#fx-chart')).toBe(days);
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
      await eventually(async () => {
        await page.clock.fastForward(61_000);
        return page.textContent('#fx-today div:last-child dd');
      }).toBe(time);
      expect(await page.inputValue('#fx-round')).toBe(round);
      expect(await page.textContent('#fx-today div:nth-child(4) dd')).toBe(up(usd.TT));
      expect(await page.textContent('#notice')).toBe(
        th ? `ประกาศอัตราใหม่แล้ว: รอบที่ ${round} (${time})` : `New rates published: round ${round} (${time}).`,
      );
      await checkView(page, `fx-new-round-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('funds: a key asked and its saving told; every fund found by name, number or short code in a combobox; headline, returns, fact sheet; a chart with a text alternative; periods keep the focus; a wrong or empty period told once', async () => {
      const { context, page, errors } = await openWithoutKey(setting, '#funds');
      await eventually(() => page.textContent('#notice')).toBe(th ? NO_KEY_TH : NO_KEY_EN);
      // The list is every listed fund (AllFundsName): here one more that no day's prices hold.
      await page.route('**/api/FundPriceService/AllFundsName', async (route) => {
        const funds = (await (await route.fetch()).json()) as Record<string, unknown>[];
        const closed = {
          ...funds[0],
          mf_iNumber: '999',
          mf_sEng: 'Closed Example Fund',
          mf_sTha: 'กองทุนปิดตัวอย่าง',
        };
        await route.fulfill({ json: [...funds, closed] });
      });
      await page.fill('#key', key);
      await page.click('#key-form button[type=submit]');
      await eventually(() => page.textContent('#notice')).toBe(
        th ? 'บันทึกคีย์ในเบราว์เซอร์นี้แล้ว' : 'Key saved in this browser.',
      );
      await page.fill('#fund-search', th ? 'กองทุนปิด' : 'closed example');
      await eventually(() => page.textContent('#fund-results')).toBe(
        th ? '999 กองทุนปิดตัวอย่าง' : '999 Closed Example Fund',
      );
      // A combobox: arrow keys move through the matches, Enter opens the active one, the focus follows.
      await page.fill('#fund-search', '10');
      expect(await page.getAttribute('#fund-search', 'aria-expanded')).toBe('true');
      const second = await page.textContent('#fund-results [role=option]:nth-child(2) .code');
      await page.press('#fund-search', 'ArrowDown');
      await page.press('#fund-search', 'ArrowDown');
      expect(await page.getAttribute('#fund-search', 'aria-activedescendant')).toBe('fund-option-1');
      await page.press('#fund-search', 'Enter');
      await eventually(() => page.url()).toMatch(new RegExp(`#funds/${second}$`));
      await eventually(() => focused(page)).toBe('h2#fund-name');
      // A short code, as the fund's page link ends: found, and opened by Enter.
      await page.fill('#fund-search', 'b-treasury');
      const treasury = (await client.allFundsName()).find((f) => f.mf_iNumber === '101')!;
      const name = th ? treasury.mf_sTha : treasury.mf_sEng;
      expect(await page.textContent('#fund-results [role=option]:first-child')).toBe(`101 ${name}`);
      await page.press('#fund-search', 'Enter');
      await eventually(() => page.textContent('#fund-name')).toBe(name);
      await page.waitForSelector('#fund-chart[data-points]');

      // The headline, the returns, the fund's page at the bank.
      const number = '\\d[\\d,]*\\.\\d{4}';
      const dayText = th ? '\\d{1,2} \\S+ 25\\d\\d' : '\\d{1,2} [A-Z][a-z]{2} \\d{4}';
      expect(await page.textContent('#fund-headline')).toMatch(
        new RegExp(`^NAV ${number} [+-]${number} \\([+-]\\d+\\.\\d{2}%\\) ${dayText}$`),
      );
      const returns = await page.$$eval('#fund-returns div', (divs) =>
        divs.map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]),
      );
      expect(returns.map(([label]) => label)).toEqual(
        th
          ? ['1 เดือน', '3 เดือน', '6 เดือน', 'ตั้งแต่ต้นปี', '1 ปี', '3 ปี (ต่อปี)', '5 ปี (ต่อปี)', 'ตั้งแต่จัดตั้ง (ต่อปี)']
          : ['1M', '3M', '6M', 'YTD', '1Y', '3Y (a year)', '5Y (a year)', 'Since inception (a year)'],
      );
      for (const [, value] of returns) expect(value).toMatch(/^[+-]\d+\.\d{2}%$/);
      expect(await page.getAttribute('#fund-link', 'href')).toMatch(/\/fund\/B-TREASURY$/);
      // The chart: a text alternative in the reader's language; a value under the finger or mouse.
      expect(await page.getAttribute('#fund-chart', 'role')).toBe('img');
      expect(await page.getAttribute('#fund-chart', 'aria-label')).toMatch(
        th ? /^กราฟ \d+ วัน ตั้งแต่ .+ NAV: แรก / : /^Chart of \d+ days from .+\. NAV: first /,
      );
      expect(await legendValue(page, '#fund-chart')).toBe('–');
      await pointAtChart(page, '#fund-chart', setting.viewport.width < 640);
      await eventually(() => legendValue(page, '#fund-chart')).toMatch(/^\d+\.\d{4}$/);
      await checkView(page, `funds-fund-${setting.tag}`);

      // A period button keeps the focus.
      await page.focus('[data-focus=toggle-1W]');
      await page.keyboard.press('Enter');
      await eventually(() => chartPoints(page, '#fund-chart')).toBeLessThan(8);
      expect(await focused(page)).toBe('button#[toggle-1W]');

      // Dates typed as the reader writes them; a start after the end told; an empty period told once.
      expect(await page.inputValue('#fund-from')).toMatch(
        th ? /^\d{1,2}\/\d{1,2}\/25\d\d$/ : /^\d{1,2} [A-Z][a-z]{2} \d{4}$/,
      );
      await page.fill('#fund-from', dateText(setting, '2026-03-10'));
      await page.fill('#fund-to', dateText(setting, '2026-03-01'));
      await page.click('#fund-apply');
      await eventually(() => page.textContent('#fund-range-error')).toBe(
        th
          ? 'วันเริ่มต้น (10 มี.ค. 2569) อยู่หลังวันสิ้นสุด (1 มี.ค. 2569) โปรดเลือกวันเริ่มต้นที่ไม่เกินวันสิ้นสุด'
          : 'The start date (10 Mar 2026) is after the end date (1 Mar 2026): pick a start on or before the end.',
      );
      await checkView(page, `funds-range-error-${setting.tag}`);
      await page.fill('#fund-from', dateText(setting, '1990-01-01'));
      await page.fill('#fund-to', dateText(setting, '1990-01-31'));
      await page.click('#fund-apply');
      await eventually(() => page.textContent('#fund-period')).toBe(
        th ? '1 ม.ค. 2533 – 31 ม.ค. 2533' : '1 Jan 1990 – 31 Jan 1990',
      );
      expect(await page.$$eval('#view .message.empty', (els) => els.map((e) => e.textContent))).toEqual([
        th ? 'ไม่มีราคาของกองทุนนี้ในช่วงที่เลือก' : 'No prices for this fund in the selected period.',
      ]);
      await checkView(page, `funds-empty-period-${setting.tag}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it("FX: every currency in the reader's language, readable small rates (KRW, LAK) with a text alternative, rows reached by Tab, rounds, the converter, a CSV with headings in the reader's language", async () => {
      const { context, page, errors } = await open(setting, '#fx');
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.waitForSelector('#fx-chart[data-points]');
      // USD 50-100 by default, as on the bank's page; the day's rounds to pick from.
      expect(await page.inputValue('#fx-family')).toBe('USD50');
      expect(await page.$eval('#fx-family option:checked', (o) => o.textContent)).toBe(
        th ? 'USD50 – ดอลลาร์สหรัฐ (50-100)' : 'USD50 – US Dollar 50-100',
      );
      expect((await options(page, '#fx-round')).length).toBeGreaterThan(1);
      expect(await page.$$eval('table.rates tbody tr', (rows) => rows.length)).toBe(33);
      const krw = await page.textContent('table.rates tr:has-text("KRW") td:first-child');
      expect(krw).toBe(th ? 'KRW (วอน เกาหลีใต้)' : 'KRW (South Korea)');
      const legend = await page.$$eval('#fx-chart .u-legend .u-label', (els) =>
        els.map((e) => e.textContent),
      );
      expect(legend).toEqual(
        th ? ['วันที่', 'ซื้อ (โอนเงิน)', 'ขาย (โอนเงิน)'] : ['Date', 'Buying (transfer)', 'Selling (transfer)'],
      );

      // The converter (Convert). Not its first question (100 USD to THB), which it asks as it opens,
      // maybe before the requests above are listened to (CI saw that): one asked from here.
      await unfold(page, 'converter');
      await page.fill('#convert-amount', '250');
      await page.selectOption('#convert-from', 'USD');
      await page.selectOption('#convert-to', 'THB');
      await page.click('#convert');
      await eventually(() => page.textContent('#convert-result')).toMatch(
        /^250\.00 USD = [\d,]+\.\d{2} THB \(1 USD = /,
      );
      // The explorer converts with Convert: FxCal (a bare string, for the bank's newer site) is not needed.
      expect(asked.filter((path) => /\/fxcal\//i.test(path))).toEqual([]);
      expect(asked.some((path) => path.includes('/ExchangeRateService/Convert/'))).toBe(true);

      // The CSV's headings in the reader's language.
      await unfold(page, 'fx-csv');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-download')]);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
      expect(csv.split('\r\n')[0]).toBe(
        th
          ? 'สกุลเงิน,ซื้อ (ธนบัตร),ขาย (ธนบัตร),ซื้อ (ตั๋วเงิน),ขาย (ดราฟต์ โอนเงิน),ซื้อ (โอนเงิน),วันที่ (เดือน/วัน/ปี พ.ศ.),เวลา'
          : 'Family,BuyingRates,SellingRates,SightBill,Bill_DD_TT,TT,Ddate (MM/DD/YYYY),DTime',
      );

      // A row is reached by Tab and opened by Enter; the focus follows to the rates it opened.
      await page.focus('table.rates tr:has-text("KRW") .row-link');
      await page.keyboard.press('Enter');
      await eventually(() => page.inputValue('#fx-family')).toBe('KRW');
      await eventually(() => focused(page)).toBe('h2#fx-today-title');
      await page.waitForSelector('#fx-chart[data-points]');
      // Small rates: axis ticks that differ, and the quoted decimals under the finger or mouse.
      const yTicks = JSON.parse((await page.getAttribute('#fx-chart', 'data-y-ticks'))!) as string[];
      expect(yTicks.length).toBeGreaterThan(2);
      expect(new Set(yTicks).size).toBe(yTicks.length);
      for (const tick of yTicks) expect(tick).toMatch(/^0\.0\d{2,}$/);
      await pointAtChart(page, '#fx-chart', setting.viewport.width < 640);
      await eventually(() => legendValue(page, '#fx-chart')).toMatch(/^0\.0\d{5}$/);
      await checkView(page, `fx-krw-${setting.tag}`);
      // LAK, the smallest: still ticks that differ, none a bare 0.00.
      await page.selectOption('#fx-family', 'LAK');
      await eventually(() => page.$eval('table.rates tr.current td', (td) => td.textContent)).toMatch(
        /^LAK /,
      );
      const lak = JSON.parse((await page.getAttribute('#fx-chart', 'data-y-ticks'))!) as string[];
      expect(new Set(lak).size).toBe(lak.length);
      for (const tick of lak) expect(Number(tick)).toBeGreaterThan(0);
      // The chart's text alternative, in the reader's language.
      expect(await page.getAttribute('#fx-chart', 'aria-label')).toMatch(
        th
          ? /^กราฟ \d+ วัน ตั้งแต่ .+ ซื้อ \((โอนเงิน|ธนบัตร)\): แรก 0\.00/
          : /^Chart of \d+ days from .+\. Buying \((transfer|notes)\): first 0\.00/,
      );
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('deposit and loan rates: grouped as the bank shows them, each group with when its rates took effect', async () => {
      const { context, page, errors } = await open(setting, '#deposits');
      await page.waitForSelector('table.loans');
      const headings = await page.$$eval('#view h3', (hs) => hs.map((x) => x.textContent));
      expect(headings).toEqual(
        th
          ? [
              'เงินฝากออมทรัพย์',
              'เงินฝากกระแสรายวัน',
              'เงินฝากประจำ',
              'เงินฝากเงินตราต่างประเทศ',
              'อัตราดอกเบี้ยอ้างอิง',
              'สินเชื่อ',
            ]
          : [
              'Savings deposits',
              'Current accounts',
              'Fixed deposits',
              'Foreign currency deposits',
              'Reference rates',
              'Loan products',
            ],
      );
      // Every product once, in its group, with its rate and effective day as the service gives them.
      const [deposits, loans] = await Promise.all([client.getDepositRate(), client.getLoanRate()]);
      await expectRateTables(page, setting, deposits, loans);
      const fixed = await page.$$eval('h3[data-group=groupFixed] + p + .scroll td:first-child', (tds) =>
        tds.map((td) => td.textContent ?? ''),
      );
      for (const product of fixed) expect(product).toMatch(th ? /ประจำ/ : /Fixed/);
      const since = await page.$$eval('#view h3 + p.meta', (ps) => ps.map((p) => p.textContent ?? ''));
      expect(since).toHaveLength(6);
      for (const line of since) expect(line).toMatch(th ? /^มีผล/ : /^(In effect since|Took effect between) /);
      if (th) expect(since.join('')).toMatch(THAI);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('rate history: "rates in effect on" a past day redraws the grouped tables with that day\'s rates, and back to today', async () => {
      const { context, page, errors } = await open(setting, '#deposits');
      await page.waitForSelector('table.loans');
      // The day before the latest loan rate change: its rates differ from today's.
      const today = await client.getLoanRate();
      const latest = today
        .map((l) => fromDayFirst(l.EffectiveDate))
        .sort()
        .at(-1)!;
      const before = new Date(Date.parse(`${latest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const [deposits, loans] = await Promise.all([
        client.getDepositRateOn(before as DateInput),
        client.getLoanRateOn(before as DateInput),
      ]);
      expect(loans.map((l) => l.LoanRates + l.EffectiveDate)).not.toEqual(
        today.map((l) => l.LoanRates + l.EffectiveDate),
      );
      // A day that is not one: told how to write it, nothing redrawn.
      await page.fill('#rates-on', th ? '31/2/2569' : '');
      await page.click('#rates-on-apply');
      expect(await page.textContent('#rates-on-error')).toMatch(th ? /พ\.ศ\./ : /^Enter a date/);
      await page.fill('#rates-on', dateText(setting, before));
      await page.click('#rates-on-apply');
      const shownDay = shortDay(setting, before.split('-').reverse().map(Number));
      await eventually(() => page.textContent('#loans-title')).toContain(shownDay);
      expect(await page.textContent('#deposits-title')).toBe(
        th ? `อัตราดอกเบี้ยเงินฝากที่มีผล ณ ${shownDay}` : `Deposit rates in effect on ${shownDay}`,
      );
      await expectRateTables(page, setting, deposits, loans);
      await checkView(page, `deposits-history-${setting.tag}`);
      // Back to today's rates.
      await page.click('#rates-today');
      await eventually(() => page.textContent('#loans-title')).toBe(
        th ? 'อัตราดอกเบี้ยเงินกู้อ้างอิงที่มีผลวันนี้' : 'Loan reference rates in effect today',
      );
      expect(await page.isVisible('#rates-today')).toBe(false);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

    it('market summary: its day, the two outlooks, every section with its values by number', async () => {
      const { context, page, errors } = await open(setting, '#market');
      await page.waitForSelector('.market-section');
      const [[summaryDay], values] = await api<MarketSummary>('MarketService/GetMarketsum');
      expect(summaryDay).toBeDefined();
      expect(await page.textContent('#market-title')).toBe(
        `${th ? 'สรุปภาวะตลาด ณ' : 'Market summary of'} ${shortDay(setting, summaryDay!.mktdate.split('/').map(Number))}`,
      );
      // Each value in its section's row of its number, as the service wrote it.
      const sections = await page.$$eval('.market-section h3', (hs) => hs.map((x) => x.textContent ?? ''));
      expect(sections).toHaveLength(13);
      expect(sections.slice(0, 3)).toEqual(
        th
          ? ['อัตราอ้างอิง', 'อัตราดอกเบี้ยสหรัฐฯ', 'อัตราดอกเบี้ยตลาดเงิน ณ 9:00 น.']
          : ['Reference rate', 'U.S. interest rate', 'Money market rate at 9:00'],
      );
      const shown = await page.$$eval('.market-table td[data-mktno]', (tds) =>
        tds.map((td) => `${td.closest('table')!.dataset.code} ${td.dataset.mktno} ${td.textContent}`),
      );
      const figures = values.filter((v) => !['FXMO', 'TBMO'].includes(v.mktcode));
      expect(figures).toHaveLength(56);
      expect(shown.sort()).toEqual(figures.map((v) => `${v.mktcode} ${v.mktno} ${v.mktvalue}`).sort());
      // The outlooks: each text's allowed elements as the browser parses the text itself; in Thai, as
      // the explorer puts the demo's phrasing into Thai (test/web/explorer-56-features.test.ts).
      for (const code of ['FXMO', 'TBMO']) {
        const texts = values
          .filter((v) => v.mktcode === code)
          .map((v) => (th ? (outlookInThai(v.mktvalue) ?? v.mktvalue) : v.mktvalue));
        expect(texts).toHaveLength(2);
        const parsed = await page.evaluate(
          (list) =>
            list.map((html) => {
              const template = document.createElement('template');
              template.innerHTML = html.trim();
              return template.innerHTML;
            }),
          texts,
        );
        expect(
          await page.$$eval(`#outlook-${code} .outlook-text`, (ds) => ds.map((d) => d.innerHTML)),
        ).toEqual(parsed);
      }
      if (th) expect(sections.join('')).toMatch(THAI);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('fund prices table: funds by category with NAV, offer, redemption, change, net assets, back-dated marked; search', async () => {
      const { context, page, errors } = await open(setting, '#prices');
      await page.waitForSelector('table.fund-prices');
      const categories = await page.$$eval('#prices-groups h3', (hs) => hs.map((x) => x.textContent ?? ''));
      expect(categories.length).toBeGreaterThan(1);
      if (th) expect(categories.join('')).toMatch(THAI);
      const headings = await page.$eval('table.fund-prices', (t) =>
        // Less the phone's own column, its button for a row's details.
        [...t.querySelectorAll('th:not(.details)')].map((x) => x.textContent),
      );
      expect(headings).toEqual(
        th
          ? ['กองทุน', 'NAV', 'ราคาขาย', 'ราคารับซื้อคืน', 'เปลี่ยนแปลง', 'มูลค่าทรัพย์สินสุทธิ (บาท)', 'ราคา ณ']
          : ['Fund', 'NAV', 'Offer', 'Redemption', 'Change', 'Net assets (baht)', 'Price of'],
      );
      expect(await page.textContent('#view > p.meta')).toMatch(th ? /^\* ราคาย้อนหลัง/ : /^\* Back-dated/);
      await page.fill('#prices-filter', th ? 'ตราสารภาครัฐ' : 'treasury');
      const shown = await page.$$eval('table.fund-prices tbody tr:not([hidden])', (trs) => trs.length);
      const all = await page.$$eval('table.fund-prices tbody tr', (trs) => trs.length);
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(all);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  // How each view is laid out, in all four settings: a language's longer words meet each width.
  describe.each(SETTINGS)('$tag: layout', (setting) => {
    it("the fund prices (a search typed), the deposit and loan rates and the market summary fit; the market's sections side by side at 1280 px, one under another at 390 px; each printed without its controls", async () => {
      const { context, page, errors } = await open(setting, '#prices');
      await page.waitForSelector('table.fund-prices');
      await page.fill('#prices-filter', setting.lang === 'th' ? 'ตราสารภาครัฐ' : 'treasury');
      await checkView(page, `prices-search-${setting.tag}`);
      await checkPrinted(page, `prices-print-${setting.tag}`, {
        control: '#prices-filter',
        table: 'table.fund-prices',
      });

      await page.click('[data-view=deposits]');
      await page.waitForSelector('table.loans');
      await checkView(page, `deposits-${setting.tag}`);
      await checkPrinted(page, `deposits-print-${setting.tag}`, {
        control: '.tabs',
        table: 'table.deposits',
      });

      await page.click('[data-view=market]');
      await page.waitForSelector('.market-section');
      // Laid out as on the bank's page: columns on a laptop, one section under another on a phone.
      const boxes = await page.$$eval('.market-section', (els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: Math.round(r.x), y: Math.round(r.y), width: r.width };
        }),
      );
      expect(boxes).toHaveLength(13);
      const columns = new Set(boxes.map((b) => b.x));
      if (setting.viewport === DESKTOP) {
        expect(columns.size).toBe(3);
        // Side by side: the first of each column at one height.
        const tops = [...columns].map((x) => boxes.find((b) => b.x === x)!.y);
        expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2);
      } else {
        expect(columns.size).toBe(1);
        for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);
        for (const box of boxes) expect(box.width).toBeLessThanOrEqual(setting.viewport.width);
      }
      await checkView(page, `market-${setting.tag}`);
      await checkPrinted(page, `market-print-${setting.tag}`, {
        control: '.tabs',
        table: 'table.market-table',
      });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("FX: the rates and the converter fit; the chart's days labelled once each and apart at 1W, 3Y and a month; printed without the controls", async () => {
      const { context, page, errors } = await open(setting, '#fx');
      await page.waitForSelector('#fx-chart[data-points]');
      await checkView(page, `fx-${setting.tag}`);
      // Folded under its heading on a phone; it converts 100 USD as it opens.
      await unfold(page, 'converter');
      await eventually(() => page.textContent('#convert-result')).toMatch(/^100\.00 USD = /);
      await page.locator('#convert-result').scrollIntoViewIfNeeded();
      await checkView(page, `fx-converter-${setting.tag}`);

      await page.click('[data-focus=toggle-1W]');
      await eventually(() => chartPoints(page, '#fx-chart')).toBeLessThan(8);
      expect(crowded(await xTicks(page, '#fx-chart'), 40)).toEqual([]);
      await checkView(page, `fx-1w-${setting.tag}`);
      await page.click('[data-focus=toggle-3Y]');
      await eventually(() => chartPoints(page, '#fx-chart')).toBeGreaterThan(600);
      expect(crowded(await xTicks(page, '#fx-chart'), 60)).toEqual([]);
      await checkView(page, `fx-3y-${setting.tag}`);
      // A month, as a link gives it (typed in: the FX history test above).
      const { from, to, days } = await fxMonthBefore();
      await page.goto(`${server.url}/#fx?period=${from}..${to}`);
      await eventually(() => chartPoints(page, '#fx-chart')).toBe(days);
      expect(crowded(await xTicks(page, '#fx-chart'), 40)).toEqual([]);
      await checkView(page, `fx-custom-range-${setting.tag}`);

      // Printed: the rates tables without the controls, the chart or the converter.
      await checkPrinted(page, `fx-print-${setting.tag}`, { control: '#convert', table: 'table.rates' });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("funds: the search's list and a fund's page fit; the chart's days labelled once each and apart at 1W and 3Y", async () => {
      const { context, page, errors } = await open(setting, '#funds');
      await page.fill('#fund-search', '10');
      expect(await page.getAttribute('#fund-search', 'aria-expanded')).toBe('true');
      await checkView(page, `funds-search-${setting.tag}`);
      await page.goto(`${server.url}/#funds/101`);
      await page.waitForSelector('#fund-chart[data-points]');
      await page.click('[data-focus=toggle-1W]');
      await eventually(() => chartPoints(page, '#fund-chart')).toBeLessThan(8);
      expect(crowded(await xTicks(page, '#fund-chart'), 40)).toEqual([]);
      await page.click('[data-focus=toggle-3Y]');
      await eventually(() => chartPoints(page, '#fund-chart')).toBeGreaterThan(600);
      expect(crowded(await xTicks(page, '#fund-chart'), 60)).toEqual([]);
      await checkView(page, `funds-3y-${setting.tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  // Last: it opens the data to calls without a key, which the views above must not see.
  describe('opened to the public by the operator', () => {
    beforeAll(async () => {
      await cli(
        [
          'public-access',
          'open',
          '--groups',
          'FundPriceService,ExchangeRateService,MarketService',
          '--origins',
          server.url,
          // Every page here calls from one address: the default 60 calls a minute per address ran out
          // in CI by the fourth setting (each loads and reloads the page), and its chart never came.
          '--rate',
          '1000/60',
        ],
        env,
      );
    });
    afterAll(async () => {
      if (server) await cli(['public-access', 'close'], env);
    });

    // One setting of each language and of each width: what changes without a key is the same in all four.
    it.each(PAIRS)(
      '$tag: works without a key, says what a key adds, and asks for one where the data stays closed',
      async (setting) => {
        const th = setting.lang === 'th';
        const { context, page, errors } = await openWithoutKey(setting, '#funds/101');
        // The settings reach the running server within a second; the page asked before may have
        // been refused. Waited for here, apart from the page: a reload with a short wait for the chart,
        // repeated, ran out of time under the full suite's load (each reload then takes seconds).
        await eventually(
          async () => (await fetch(`${server.url}/api/FundPriceService/LatestDate`)).status,
        ).toBe(200);
        await page.reload();
        await page.waitForSelector('#fund-chart[data-points]', { timeout: 60_000 });
        expect(await page.inputValue('#key')).toBe('');
        await eventually(() => page.textContent('#notice')).toMatch(
          th ? /^แสดงโดยไม่ใช้คีย์: .*คีย์สมาชิก \(ด้านบน\)/ : /^Shown without a key: .*A subscription key \(above\)/,
        );
        await checkView(page, `funds-keyless-${setting.tag}`);
        await page.click('[data-view=deposits]');
        await eventually(() => page.textContent('#notice')).toBe(th ? NO_KEY_TH : NO_KEY_EN);
        expect(await page.$$('#notice.error')).toHaveLength(0);
        await checkView(page, `deposits-keyless-${setting.tag}`);
        // The market summary, opened too, as the bank's own market page shows it without a key.
        await page.click('[data-view=market]');
        await page.waitForSelector('.market-section');
        await eventually(() => page.textContent('#notice')).toMatch(
          th ? /^แสดงโดยไม่ใช้คีย์/ : /^Shown without a key/,
        );
        await checkView(page, `market-keyless-${setting.tag}`);
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      },
    );
  });
});
