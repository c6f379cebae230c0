import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import {
  checkView,
  openExplorer,
  SETTINGS,
  PAIRS,
  startExplorer,
  unexpected,
  type ExplorerRun,
} from './explorer-page.js';

// Where the data comes from (issue 46 item 8): under each view whose data a connector published, the
// explorer names the source in the reader's language. What /sources.json says after a connector's run
// is tested in test/connectors; here the explorer is given that answer, as the service would give it
// once both BOT connectors and the SEC one have run.

vi.setConfig({ testTimeout: 120_000 });

const CREDITS = [
  {
    connector: 'bot-fx',
    source: 'Bank of Thailand, average of commercial banks',
    groups: ['ExchangeRateService'],
  },
  { connector: 'bot-rates', source: 'Bank of Thailand', groups: ['InterestRatesService'] },
  { connector: 'sec-funds', source: 'SEC Thailand', groups: ['FundPriceService', 'nav'] },
];
const LABEL = { en: 'Source: ', th: 'ที่มา: ' };
const VIEWS = [
  ['#fx', '#fx-chart[data-points]', CREDITS[0]!.source],
  ['#deposits', 'table.deposits', CREDITS[1]!.source],
  ['#funds/101', '#fund-chart[data-points]', CREDITS[2]!.source],
  ['#prices', '#prices-groups', CREDITS[2]!.source],
] as const;

let run: ExplorerRun | undefined;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-sources-'));

describe.skipIf(!chromiumAvailable)('the explorer names the source of connector-published data', () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    browser = run.browser;
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const setting of PAIRS) {
    it(`${setting.tag}: FX, deposit and loan rates, a fund and the day's prices each say their source`, async () => {
      const { context, page, errors } = await openExplorer(
        browser,
        run!.server.url,
        setting,
        run!.key,
        '#fx',
        async (p) => {
          await p.route('**/sources.json', (route) => route.fulfill({ json: CREDITS }));
        },
      );
      for (const [hash, drawn, source] of VIEWS) {
        await page.evaluate((h) => (location.hash = h), hash);
        await page.waitForSelector(drawn);
        await expect
          .poll(() => page.locator('#view p.source').allTextContents())
          .toEqual([`${LABEL[setting.lang]}${source}`]);
        await checkView(page, `sources/${setting.tag}-${hash.slice(1).replace('/', '-')}`);
      }
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }

  it('en-1280: no line where no connector published (an empty /sources.json)', async () => {
    const setting = SETTINGS[0]!;
    const { context, page } = await openExplorer(browser, run!.server.url, setting, run!.key, '#fx');
    await page.waitForSelector('#fx-chart[data-points]');
    expect(await page.locator('#view p.source').count()).toBe(0);
    await context.close();
  });
});
