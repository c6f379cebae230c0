import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import {
  checkView,
  crowded,
  openExplorer,
  SETTINGS,
  startExplorer,
  xTicks,
  type ExplorerRun,
  type Setting,
} from './explorer-page.js';

// Issue 56's explorer defects (step 6), each as a reader met it: every test here failed on the explorer
// before its fix. The overflow ones at 390 px in Thai, where the texts are longest.

vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-defects56-'));
const TH_PHONE = SETTINGS.find((s) => s.tag === 'th-390')!;

async function open(setting: Setting, hash: string, key = run!.key) {
  const opened = await openExplorer(browser, run!.server.url, setting, key, hash);
  opened.context.setDefaultTimeout(15_000);
  return opened;
}

/**
 * The page's width against the device's (a phone's browser widens innerWidth with the page, so
 * innerWidth cannot tell), and what sticks out, for the message.
 */
async function widthOnPhone(page: Page) {
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#view *')]
      .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.scroll'))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}#${el.id}.${el.className} ${Math.round(el.getBoundingClientRect().width)}px`,
      ),
  );
  return { width: await page.evaluate(() => document.documentElement.scrollWidth), wider: wider.join('; ') };
}

describe.skipIf(!chromiumAvailable)("issue 56's defects in the explorer", () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    browser = run.browser;
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('th-390: the deposits page fits the phone (the rate history picker was 623 px wide)', async () => {
    const { context, page, errors } = await open(TH_PHONE, '#deposits');
    await page.waitForSelector('#rate-history-chart[data-points]');
    const { width, wider } = await widthOnPhone(page);
    expect(width, wider).toBe(390);
    await checkView(page, 'defect56-deposits-th-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('th-390: Compare fits the phone (it was 395 px wide)', async () => {
    const funds = (await (
      await fetch(`${run!.server.url}/api/FundPriceService/AllFundsName`, {
        headers: { 'Ocp-Apim-Subscription-Key': run!.key },
      })
    ).json()) as { mf_iNumber: string }[];
    const codes = funds.slice(0, 3).map((f) => f.mf_iNumber);
    const { context, page, errors } = await open(TH_PHONE, `#compare?funds=${codes.join(',')}&period=1Y`);
    await page.waitForSelector('#compare-chart[data-points]');
    const { width, wider } = await widthOnPhone(page);
    expect(width, wider).toBe(390);
    await checkView(page, 'defect56-compare-th-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const setting of SETTINGS)
    it(`${setting.tag}: the rate history's years are labelled (a 12-year chart showed two labels)`, async () => {
      const { context, page, errors } = await open(setting, '#deposits');
      await page.waitForSelector('#rate-history-chart[data-points]');
      const ticks = await xTicks(page, '#rate-history-chart');
      const width = await page.$eval('#rate-history-chart .u-over', (el) => el.getBoundingClientRect().width);
      // Twelve years: a label a year where there is room, else one at least every 60 px of plot (on a
      // phone the chart said 2019 and 2024 alone).
      expect(ticks.length, JSON.stringify(ticks)).toBeGreaterThanOrEqual(
        Math.min(12, Math.floor(width / 60)),
      );
      expect(crowded(ticks, 34)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

  for (const setting of SETTINGS.filter((s) => s.viewport.width === 1280))
    it(`${setting.tag}: the first view without a key links the portal and says what it is`, async () => {
      const { context, page } = await open(setting, '#fx', '');
      const link = await page.waitForSelector('#notice a[href="/portal"]');
      const notice = (await page.textContent('#notice'))!;
      // Said as a place to get a key: where one signs up, subscribes and gets a key.
      expect(notice).toMatch(setting.lang === 'th' ? /สมัคร/ : /sign up/i);
      expect(notice).not.toMatch(/at \/portal|ที่ \/portal/);
      expect((await link.textContent())!.trim().length).toBeGreaterThan(3);
      await context.close();
    });
});
