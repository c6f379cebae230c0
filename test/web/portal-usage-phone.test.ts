import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { SETTINGS, unexpected } from './explorer-page.js';
import {
  callWith,
  JOURNEY_MS,
  openPortal,
  outbox,
  shooter,
  signUpAndIn,
  startRun,
  type Run,
} from './portal-page.js';

// The usage page on a 390 px phone in Thai, with the service's longest operation names in its table
// and its picker, fits the window (issue 54, defect 11: it was 401 px wide).

let browser: Browser;
let run: Run;

/** Calls whose operations have the longest names (each counted, answered or refused). */
const LONG_NAMED = [
  '/api/FundPriceService/FundPrice_ByFundCode/B-EQUITY/01/01/2024/31/01/2024',
  '/api/FundPriceService/Fund_Nav_ByFundCode/B-EQUITY/01/01/2024/31/01/2024',
  '/api/FundPriceService/GetUpdateInMonth/2024/1/B-EQUITY',
  '/api/ExchangeRateService/GetUpdateInMonth/01/01/2024',
];

describe.skipIf(!chromiumAvailable)('the usage page on a phone, in headless Chromium', () => {
  beforeAll(async () => {
    run = await startRun(outbox);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await run?.close();
  });

  it(
    'th-390: fits the window with long operation names',
    async () => {
      const setting = SETTINGS.find((s) => s.tag === 'th-390')!;
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'usage-phone');
      await signUpAndIn(page, run, setting, { email: 'phone@example.test', name: 'สมชาย' }, shot);
      // Subscribed through the portal's API, from the page (its session and CSRF token).
      const created = await page.evaluate(async () => {
        const { csrfToken } = (await (await fetch('/portal/api/session')).json()) as { csrfToken: string };
        const products = (await (await fetch('/portal/api/products')).json()) as {
          id: number;
          name: string;
        }[];
        const res = await fetch('/portal/api/subscriptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body: JSON.stringify({
            productId: products.find((p) => p.name === 'open')!.id,
            name: 'โทรศัพท์',
            acceptTerms: true,
          }),
        });
        return (await res.json()) as { subscription: { id: number }; primaryKey: string };
      });
      for (const path of LONG_NAMED)
        await fetch(`${run.url}${path}`, {
          headers: { 'Ocp-Apim-Subscription-Key': created.primaryKey },
        }).then((r) => r.arrayBuffer());
      expect(await callWith(run.url, created.primaryKey)).toBe(200);

      await page.goto(`${run.url}/portal#usage/${created.subscription.id}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.waitForSelector('#usage-chart[data-points]');
            return page.textContent('#view');
          },
          { timeout: 30_000 },
        )
        .toContain('FundPriceWebApi_FundPrice_Fundcode');
      // A phone's browser widens its layout (innerWidth too) to what is wider than the screen: the
      // device's width is the measure. The message names what sticks out, if anything does.
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#view *')]
          .filter((el) => el.getBoundingClientRect().right > 390 && !el.closest('thead'))
          .map((el) => `${el.tagName} ${el.className}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), wider.join('; ')).toBe(
        setting.viewport.width,
      );
      await shot('usage');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
