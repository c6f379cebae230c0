import { TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, docsScreenshot, launchChromium } from '../helpers/browser.js';
import { SETTINGS, THAI, unexpected } from './explorer-page.js';
import {
  callWith,
  cardPart,
  JOURNEY_MS,
  openPortal,
  outbox,
  PASSWORD,
  shooter,
  signIn,
  signUpAndIn,
  startRun,
  textsOf,
  type Run,
} from './portal-page.js';

// The second round's pages on a 390 px phone in Thai (the longest words): the first call under a new
// key, the regenerate's grace period and a key's end (chosen, then shown), the request log, sessions
// (another device's too), two-step set-up (its QR code) and its recovery codes, and /status. Each
// passes the views' check (axe, no clipped table) and is no wider than the phone (a phone's browser
// widens innerWidth with the page: measured against the device's width, as portal-usage-phone).
// TEST_SCREENSHOTS=1 keeps the pictures docs/portal.md shows (`npm run screenshots`).

let browser: Browser;
let run: Run;
const setting = SETTINGS.find((s) => s.tag === 'th-390')!;
const t = textsOf(setting);
const PHONE_WIDTH = 390;
const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** A Bangkok day a year on as a Thai reader types it: day first, Buddhist-era year. */
function thaiDayAYearOn(): string {
  const [y, m, d] = new Date(Date.now() + 7 * 3_600_000 + 365 * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .map(Number) as [number, number, number];
  return `${d}/${m}/${y + 543}`;
}

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
    'th-390: first call, grace period, key end, request log, sessions, two-step set-up and recovery codes, status fit the phone',
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
      await docsScreenshot(page, 'portal-first-call-th-390', {
        from: '#new-keys',
        to: '#first-call-primary',
      });
      await page.click('#keys-done');

      // The secondary key regenerated with an hour's grace: the card says until when the old one works.
      await page.click(`#regenerate-${id}-secondary-open`);
      await page.selectOption(`#regenerate-${id}-secondary-grace`, '3600');
      await fits('regenerate');
      await docsScreenshot(page, 'portal-regenerate-grace-th-390', cardPart(id, 'form'));
      await page.click(`#regenerate-${id}-secondary-yes`);
      await page.waitForSelector('#new-keys');
      await page.click('#keys-done');
      await page.waitForSelector(`#old-key-${id}-secondary`);
      await fits('grace-period');
      await docsScreenshot(page, 'portal-grace-period-th-390', cardPart(id, 'actions'));

      // The primary key given an end a year on (typed as a Thai reader writes a day), then shown on the card.
      await page.click(`#expiry-${id}-open`);
      await page.fill(`#expiry-${id}-at-day`, thaiDayAYearOn());
      await page.fill(`#expiry-${id}-at-time`, '18:00');
      await fits('key-expiry');
      await docsScreenshot(page, 'portal-key-end-choose-th-390', cardPart(id, 'form'));
      await page.click(`#expiry-${id}-submit`);
      await expect.poll(() => page.textContent(`#key-${id}-primary`)).toMatch(/สิ้นสุด .*18:00/);
      await fits('key-end');
      await docsScreenshot(page, 'portal-key-end-th-390', cardPart(id, 'actions'));

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

      // Signed in on another device too: two sessions, each with its sign-out.
      const other = await openPortal(browser, setting, run.url);
      await signIn(other.page, 'phone@example.test', { url: run.url });
      await page.click('a[data-view="security"]');
      await page.waitForSelector('#two-step-setup');
      await expect.poll(() => page.locator('table.sessions tbody tr').count()).toBe(2);
      await fits('security');
      await docsScreenshot(page, 'portal-sessions-th-390', { from: '#sessions-title', to: 'table.sessions' });
      await other.context.close();
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
      // Its first code turns it on: the recovery codes, shown this once.
      const secret = (await page.textContent('#two-step-secret'))!;
      const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
      await page.fill('#enable-code', totp.generate());
      await page.click('#two-step-enable-submit');
      await page.waitForSelector('#recovery-codes');
      // Above them, the state says on (it said off until the codes were put away).
      expect(await page.textContent('#two-step-state')).toBe(t('twoStepOn', { left: '10' }));
      expect(await page.$$('#recovery-codes li')).toHaveLength(10);
      expect(await page.textContent('#recovery-codes')).toMatch(THAI);
      await fits('recovery-codes');
      await docsScreenshot(page, 'portal-recovery-codes-th-390', {
        from: '#two-step-title',
        to: '#recovery-codes',
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
