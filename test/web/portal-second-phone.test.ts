import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, docsScreenshot, launchChromium } from '../helpers/browser.js';
import { SETTINGS, THAI, unexpected } from './explorer-page.js';
import {
  callWith,
  JOURNEY_MS,
  openPortal,
  outbox,
  PASSWORD,
  shooter,
  signUpAndIn,
  startRun,
  type Run,
} from './portal-page.js';

// The second round's pages on a 390 px phone in Thai (the longest words): the first call under a new
// key, the regenerate's and the key end's forms, the request log, sessions and two-step set-up (its QR
// code), and /status. Each passes the views' check (axe, no clipped table) and is no wider than the phone (a phone's
// browser widens innerWidth with the page: measured against the device's width, as portal-usage-phone).

let browser: Browser;
let run: Run;
const setting = SETTINGS.find((s) => s.tag === 'th-390')!;
const PHONE_WIDTH = 390;
const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.skipIf(!chromiumAvailable)("the portal's second-round pages on a phone in Thai", () => {
  beforeAll(async () => {
    run = await startRun(outbox);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await run?.close();
  });

  it(
    'th-390: first call, regenerate and key end forms, request log, security, two-step set-up, status fit the phone',
    async () => {
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'second-phone');
      const fits = async (name: string) => {
        await shot(name);
        expect(await width(page), name).toBeLessThanOrEqual(PHONE_WIDTH);
      };
      await signUpAndIn(page, run, setting, { email: 'phone@example.test', name: 'โทรศัพท์' }, shot);

      await page.click('a[data-view="products"]');
      const card = 'article.product[data-product="open"]';
      await page.waitForSelector(card);
      await page.click(`${card} button[aria-expanded]`);
      await page.fill(`${card} input[type="text"]`, 'แอปทดสอบ');
      await page.check(`${card} input[type="checkbox"]`);
      await page.click(`${card} button[type="submit"]`);
      await page.waitForSelector('#new-keys');
      const key = await page.inputValue('#key-primary');
      const id = (await page.getAttribute('article.subscription:last-of-type', 'data-subscription'))!;
      await page.click('#first-call-primary summary');
      expect(await page.textContent('#first-call-primary')).toMatch(THAI);
      await fits('first-call');
      await page.click('#keys-done');

      await page.click(`#regenerate-${id}-primary-open`);
      await page.waitForSelector(`#regenerate-${id}-primary-grace`);
      await fits('regenerate');
      await page.click(`#regenerate-${id}-primary-no`);
      await page.click(`#expiry-${id}-open`);
      await page.waitForSelector(`#expiry-${id}-at-day`);
      await fits('key-expiry');

      expect(await callWith(run.url, key)).toBe(200);
      await page.click(`#requests-${id}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.waitForSelector('#requests-list');
            return page.$('#requests-list tbody tr');
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      await fits('request-log');
      await docsScreenshot(page, 'portal-request-log-th-390', { from: 'header.top', to: '#view' });

      await page.click('a[data-view="security"]');
      await page.waitForSelector('#two-step-setup');
      await fits('security');
      // Two-step set-up: the app's key as a QR code, whole on the phone, and as text.
      await page.fill('#setup-password', PASSWORD);
      await page.click('#two-step-setup-submit');
      const qr = page.locator('#two-step-qr');
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const box = (await qr.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH);
      expect(await page.textContent('#two-step-steps')).toMatch(THAI);
      await fits('two-step-setup');
      await docsScreenshot(page, 'portal-two-step-setup-th-390', {
        from: '#two-step-title',
        to: '#two-step',
      });

      // The status page in the portal's language: Thai, its times in Bangkok time with UTC beside them.
      await page.click('#status-link');
      await page.waitForSelector('tr[data-type="fund-prices"]');
      expect(await page.getAttribute('html', 'lang')).toBe('th');
      expect(await page.textContent('h1')).toBe('สถานะข้อมูล');
      expect(await page.textContent('tr[data-type="fund-prices"] td:nth-child(5)')).toMatch(
        /^\d+ .+ 25\d\d \d\d:\d\d เวลากรุงเทพฯ \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/,
      );
      await fits('status');
      await docsScreenshot(page, 'status-th-390', { from: 'body > nav', to: 'main' });
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
