import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable, docsScreenshot } from '../helpers/browser.js';
import { checkView, openExplorer, SETTINGS, startExplorer, THAI, type ExplorerRun } from './explorer-page.js';

// The fund page's facts (issue 56) as each reader meets them: English and Thai, at 1280 px
// and 390 px, on the demo data (B-FIXED-D: a bond fund's dividend class, which pays twice a year).

vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-facts-'));

describe.skipIf(!chromiumAvailable)("the fund page's facts", () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    browser = run.browser;
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const setting of SETTINGS)
    it(`${setting.tag}: fund house, risk 1-8, fees, benchmark, dividend policy and the dividends paid`, async () => {
      const { context, page, errors } = await openExplorer(
        browser,
        run!.server.url,
        setting,
        run!.key,
        '#funds/B-FIXED-D?period=3Y',
      );
      await page.waitForSelector('#fund-facts table.fees');
      // The scale shows 1 to 8, the fund's level (a bond fund: 4) marked.
      expect(await page.$$eval('#fund-risk .step', (s) => s.map((e) => e.textContent))).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
      ]);
      expect(await page.textContent('#fund-risk .current')).toBe('4');
      const fees = await page.$$eval('#fund-facts table.fees tbody tr', (rows) => rows.length);
      expect(fees).toBe(6);
      const dividends = await page.$$eval('#fund-facts table.dividends tbody tr', (rows) => rows.length);
      expect(dividends).toBeGreaterThanOrEqual(4); // twice a year over three years
      // Each dividend of the period marked on the NAV chart, named in its legend.
      await page.waitForSelector('#fund-chart[data-marks]');
      expect(Number(await page.getAttribute('#fund-chart', 'data-marks'))).toBe(dividends);
      expect(await page.textContent('#fund-chart .u-legend')).toContain(
        setting.lang === 'th' ? 'ปันผล (วันปิดสมุดทะเบียน)' : 'Dividend (book closing)',
      );
      const facts = (await page.textContent('#fund-facts'))!;
      if (setting.lang === 'th') expect(facts).toMatch(THAI);
      expect(facts).toContain(setting.lang === 'th' ? 'บริษัทหลักทรัพย์จัดการกองทุน บี จำกัด' : 'B Asset Management');
      // The facts' values line up in one column, however long a label (English "Investment policy" was
      // wider than the labels' column, and its value started further right than the others).
      const lefts = await page.$$eval('#fund-facts .facts-list dd', (dds) =>
        dds.map((dd) => Math.round(dd.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size, `the values start at ${lefts.join(', ')} px`).toBe(1);
      // Nothing wider than the phone (measured against the device, which a phone widens with the page).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        setting.viewport.width,
      );
      await checkView(page, `fund-facts-${setting.tag}`);
      // docs/explorer.md's picture: the fund's heading and summary, its facts, and the chart's marks.
      await docsScreenshot(page, `fund-facts-${setting.tag}`, { from: '#fund-name', to: '#fund-chart' });
      expect(errors).toEqual([]);
      await context.close();
    });
});
