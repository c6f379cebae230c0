import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, collectErrors, launchChromium, screenshot } from '../helpers/browser.js';
import { cli, startServer } from '../helpers/cli.js';
import { demoProcessEnv } from '../helpers/demo.js';

// The bank's website calls the service from the browser, from its own origin and without a key
// (contract notes: the website's operations, the newer website's operations; docs/public-access.md).
// This runs scripts doing what its blocks do with each answer (blocks.js for the website's operations,
// newer-blocks.js for the newer site's nav, MarketService and FxCal) in headless Chromium against the
// real server on its demo data, opened to the page's origin as an operator would open it. Any console
// error, page error, refused call or failed request fails it.

interface View {
  name: string;
  calls: string[];
  failures: string[];
  shown: number;
}

/** Serves the page and its script from an origin of its own, as the bank's site is. */
async function servePage(): Promise<{ origin: string; server: Server }> {
  const script = 'text/javascript; charset=utf-8';
  const files: Record<string, [string, string]> = {
    '/': ['page.html', 'text/html; charset=utf-8'],
    '/newer': ['newer.html', 'text/html; charset=utf-8'],
    '/site-kit.js': ['site-kit.js', script],
    '/blocks.js': ['blocks.js', script],
    '/newer-blocks.js': ['newer-blocks.js', script],
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    // The browser asks for an icon of its own accord: not a failure of the page.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(join(import.meta.dirname, file[0])));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let api: Awaited<ReturnType<typeof startServer>>;
let page: Awaited<ReturnType<typeof servePage>>;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rates-site-'));

describe.skipIf(!chromiumAvailable)("the bank website's views in headless Chromium", () => {
  beforeAll(async () => {
    page = await servePage();
    const env = await demoProcessEnv(dir);
    api = await startServer(env);
    await cli(
      [
        'public-access',
        'open',
        '--groups',
        'FundPriceService,ExchangeRateService,InterestRatesService,nav,MarketService',
        '--origins',
        page.origin,
        // Both sites' views in both languages from one address, well within it.
        '--rate',
        '600/60',
      ],
      env,
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    page?.server.close();
    if (api) {
      api.child.kill('SIGTERM');
      await once(api.child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  /** The page's views as the site runs them in `lang`; fails on any error the browser saw. */
  async function runViews(path: string, lang: 'en' | 'th', shot: string): Promise<View[]> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const errors = collectErrors(tab);
    const refused: string[] = [];
    tab.on('response', (r) => {
      if (!r.ok()) refused.push(`${r.status()} ${r.url()}`);
    });
    tab.on('requestfailed', (r) => refused.push(`${r.failure()?.errorText} ${r.url()}`));

    await tab.goto(`${page.origin}${path}?api=${encodeURIComponent(api.url)}&lang=${lang}`);
    await tab.waitForFunction(() => 'siteResult' in window, undefined, { timeout: 30_000 });
    const { views } = await tab.evaluate(
      () => (window as unknown as { siteResult: { views: View[] } }).siteResult,
    );
    await screenshot(tab, `${shot}-${lang}`);
    await context.close();

    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    for (const view of views) {
      expect({ view: view.name, failures: view.failures }).toEqual({ view: view.name, failures: [] });
      expect(view.shown, view.name).toBeGreaterThan(0);
    }
    return views;
  }

  for (const lang of ['en', 'th'] as const) {
    const language = lang === 'en' ? 'English' : 'Thai';

    it(`renders every view in ${language} with no failed call`, async () => {
      const views = await runViews('/', lang, 'website-views');
      expect(views).toHaveLength(9);
    });

    it(`renders the newer site's views in ${language}: nav, the market summary, FxCal`, async () => {
      const views = await runViews('/newer', lang, 'newer-website-views');
      expect(views.map((v) => v.name.split(' ')[0])).toEqual([
        'fund-prices-table',
        'fund-prices',
        'market-report',
        'currency-converter',
      ]);
      // Each view asked what the site asks, keyless.
      const calls = views.flatMap((v) =>
        v.calls.map((c) => c.split(' ')[1]!.split('/').slice(0, 2).join('/')),
      );
      for (const operation of [
        'nav/LatestDate',
        'nav/AllFundNames',
        'nav/GetUpdateInMonth',
        'nav/AllFundPrices',
        'nav/FundMaxMinNav',
        'nav/NavHistory',
        'MarketService/GetMarketsum',
        'exchangerateservice/FxCal',
      ]) {
        expect(calls).toContain(operation);
      }
    });
  }
});
