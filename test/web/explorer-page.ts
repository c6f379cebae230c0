// What the explorer's browser tests share: the four ways a reader meets it (English and Thai, at a
// laptop's 1280 px and a phone's 390 px), and what they read off the page.
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WEB_ROOT } from '../../src/routes/explorer.js';
import { formatDay } from '../../web/src/i18n.js';
import { accessibilityProblems, collectErrors, launchChromium, screenshot } from '../helpers/browser.js';
import { startServer } from '../helpers/cli.js';
import { demoProcessEnv } from '../helpers/demo.js';

export interface Setting {
  lang: 'en' | 'th';
  viewport: { width: number; height: number };
  /** Appended to screenshot names: en-1280, th-390. */
  tag: string;
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const SETTINGS: Setting[] = (['en', 'th'] as const).flatMap((lang) =>
  [DESKTOP, PHONE].map((viewport) => ({ lang, viewport, tag: `${lang}-${viewport.width}` })),
);
/**
 * Each language once and each width once (English at 1280 px, Thai at 390 px): for behaviours and
 * journeys. The four-setting matrix is for layout checks only (explorer-views, fund-facts, the phone
 * views), where a language's longer words meet a width.
 */
export const PAIRS: Setting[] = SETTINGS.filter((s) => s.tag === 'en-1280' || s.tag === 'th-390');
export const THAI = /[\u0E00-\u0E7F]/;

/** The server as `npm start` runs it, on its demo data in `dir`, with the demo key, and Chromium. */
export interface ExplorerRun {
  env: Record<string, string>;
  server: Awaited<ReturnType<typeof startServer>>;
  key: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startExplorer(dir: string): Promise<ExplorerRun> {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error('The explorer is not built: run npm run build:web (npm test does it first)');
  }
  const env = await demoProcessEnv(dir);
  const server = await startServer(env);
  const stopServer = async () => {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  };
  const key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
  const browser = await launchChromium().catch(async (error: unknown) => {
    await stopServer();
    throw error;
  });
  return {
    env,
    server,
    key,
    browser,
    async close() {
      await browser.close();
      await stopServer();
    },
  };
}

/**
 * A fresh browser profile in the setting's language and size, with the key already saved as the
 * explorer keeps it (local storage), on `hash`.
 */
export async function openExplorer(
  browser: Browser,
  url: string,
  setting: Setting,
  key: string,
  hash: string,
  /** Done on the page before it loads, e.g. installing a fake clock. */
  before?: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // An empty key: a first visit, no key saved yet.
  const phone = setting.viewport === PHONE;
  const context = await browser.newContext({
    viewport: setting.viewport,
    isMobile: phone,
    hasTouch: phone,
    acceptDownloads: true,
  });
  await context.addInitScript(
    ([lang, k]) => {
      localStorage.setItem('rates-explorer.lang', lang!);
      if (k) localStorage.setItem('rates-explorer.key', k);
    },
    [setting.lang, key],
  );
  const page = await context.newPage();
  const errors = collectErrors(page);
  await before?.(page);
  await page.goto(`${url}/${hash}`);
  return { context, page, errors };
}

/** Scroll boxes whose table is wider than the box: columns a reader would have to find by scrolling. */
export const clippedTables = (page: Page) =>
  page.$$eval('.scroll', (boxes) =>
    boxes
      .filter((b) => b.scrollWidth > b.clientWidth + 1)
      .map((b) => `${b.querySelector('table')?.className}: ${b.scrollWidth} > ${b.clientWidth}`),
  );

/** Whether the page is wider than the window (a phone reader would scroll sideways). */
export const overflowsWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * What every view must pass where a reader sees it: nothing clipped or wider than the window, no
 * serious or critical axe-core violation; and a screenshot of it kept under test-artifacts/.
 */
export async function checkView(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const problems = [
    ...(await clippedTables(page)).map((c) => `clipped ${c}`),
    ...((await overflowsWindow(page)) ? ['the page is wider than the window'] : []),
    ...(await accessibilityProblems(page)),
  ];
  if (problems.length > 0) throw new Error(`${name}:\n${problems.join('\n')}`);
}

/**
 * The view as printed: `control` (what only works on screen) hidden, `table` (the data) still shown; a
 * screenshot of it kept under test-artifacts/, then back to the screen.
 */
export async function checkPrinted(
  page: Page,
  name: string,
  { control, table }: { control: string; table: string },
): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  expect(await page.isVisible(control)).toBe(false);
  expect(await page.isVisible(table)).toBe(true);
  await screenshot(page, name);
  await page.emulateMedia({ media: 'screen' });
}

/** The values of a select's options, and their texts. */
export const options = (page: Page, select: string) =>
  page.$$eval(`${select} option`, (os) =>
    os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? ''] as [string, string]),
  );

/** A day as the reader types it into a date field, as the page writes days: 15 Jan 2020, d/m/B.E. in Thai. */
export function dateText(setting: Setting, iso: string): string {
  if (setting.lang === 'en') return formatDay(iso, 'en');
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d}/${m}/${y + 543}`;
}

/** The labels of a chart's day axis as drawn, with their x positions. */
export const xTicks = async (page: Page, chart: string) =>
  JSON.parse((await page.getAttribute(chart, 'data-x-ticks')) ?? '[]') as [string, number][];

/** Labels drawn too close to be read apart, or drawn twice. */
export function crowded(ticks: [string, number][], minGap: number): string[] {
  const problems: string[] = [];
  const labels = ticks.map(([label]) => label);
  if (new Set(labels).size !== labels.length) problems.push(`repeated: ${labels.join(' | ')}`);
  for (let i = 1; i < ticks.length; i++) {
    const gap = ticks[i]![1] - ticks[i - 1]![1];
    if (gap < minGap) problems.push(`${ticks[i - 1]![0]} and ${ticks[i]![0]} ${gap}px apart`);
  }
  return problems;
}

/** The number of days a chart draws. */
export const chartPoints = async (page: Page, chart: string) =>
  Number(await page.getAttribute(chart, 'data-points'));

/** How a page tells what it got: the 401s of calls made before a key is entered are expected. */
export const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.includes('the server responded with a status of 401'));

/** The value the chart's legend shows for its first line (uPlot's legend is a table). */
export const legendValue = (page: Page, chart: string) =>
  page.$eval(`${chart} .u-legend .u-series:nth-child(2) .u-value`, (el) => el.textContent ?? '');

/** Shows a chart's value under the middle of it: a tap on a phone, the mouse on a laptop. */
export async function pointAtChart(page: Page, chart: string, phone: boolean): Promise<void> {
  const over = (await page.$(`${chart} .u-over`))!;
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  if (phone) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  else await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/** The focused element, as tag#id or its data-focus key. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}#${el.id}${el.dataset.focus ? `[${el.dataset.focus}]` : ''}` : '';
  });

/**
 * Opens a part of a view a phone shows folded under its heading (the converter, the FX download), as
 * a reader would, by a tap on the heading; a part already open (a wide screen) is left as it is.
 */
export async function unfold(page: Page, part: 'converter' | 'fx-csv'): Promise<void> {
  const details = `#${part}-part`;
  await page.waitForSelector(details, { state: 'attached' });
  if (!(await page.$eval(details, (d) => (d as HTMLDetailsElement).open)))
    await page.click(`${details} > summary`);
  await page.waitForSelector(`${details}[open]`);
}
