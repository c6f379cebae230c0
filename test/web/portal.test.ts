import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChanges } from '../../src/routes/changes.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { DESKTOP, SETTINGS, PAIRS, unexpected } from './explorer-page.js';
import {
  JOURNEY_MS,
  linkIn,
  openPortal,
  outbox,
  shooter,
  signUpAndIn,
  smtpMailbox,
  startRun,
  textsOf,
  type Run,
} from './portal-page.js';

// A developer's account in the portal (issue 43), in English and Thai at 1280 px and 390 px, on
// `serve` with its mail read from the outbox folder and, in one setting, from a real SMTP server:
// sign up, the link of the message, sign in, products, the account, What changed, sign out; a
// forgotten password; /docs "Try it out" with the key kept in this browser. TEST_SCREENSHOTS=1 keeps
// a picture of every page under test-artifacts/portal-screens/.

let browser: Browser;
let offline: Run;
let smtp: Run;

describe.skipIf(!chromiumAvailable)('the developer portal in headless Chromium: the account', () => {
  beforeAll(async () => {
    [offline, smtp] = await Promise.all([startRun(outbox), startRun(() => smtpMailbox())]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([offline?.close(), smtp?.close()]);
  });

  for (const setting of PAIRS) {
    // One setting's mail goes through a real SMTP server, the others' to the outbox folder.
    const mode = setting.lang === 'en' && setting.viewport === DESKTOP ? 'smtp' : 'outbox';
    it(
      `${setting.tag} (mail by ${mode}): sign up, open the emailed link, sign in, products, account, What changed, sign out`,
      async () => {
        const run = mode === 'smtp' ? smtp : offline;
        const t = textsOf(setting);
        const { context, page, errors } = await openPortal(browser, setting, run.url);
        const shot = shooter(page, setting, 'account');
        const name = `Dev ${setting.tag} <img src="x">`;
        await signUpAndIn(page, run, setting, { email: `dev-${setting.tag}@example.test`, name }, shot);
        await shot('profile');

        // The page shown stays (faded as busy) until the products' answer comes: wait for their title.
        await page.click('a[data-view="products"]');
        await expect.poll(() => page.textContent('#view-title')).toBe(t('productsTitle'));
        await shot('products');

        // A new name, shown at once, as text.
        await page.click('a[data-view="account"]');
        await page.waitForSelector('#name-form');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('view-title');
        const renamed = `Renamed ${setting.tag} <b>`;
        await page.fill('#account-name', renamed);
        await page.click('#name-form-submit');
        await expect.poll(() => page.textContent('#notice')).toBe(t('nameSaved'));
        expect(await page.textContent('#signed-in-as')).toBe(t('signedInAs', { name: renamed }));
        await page.click('#close-account');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('close-question');
        await shot('account');
        await page.click('#close-no');

        // What changed: the file's entries in the reader's language, newest first.
        await page.click('a[data-view="changes"]');
        await page.waitForSelector('.changes li');
        expect(await page.$$eval('.changes li h3', (hs) => hs.map((x) => x.textContent))).toEqual(
          readChanges().entries.map((e) => e.title[setting.lang]),
        );
        expect(await page.$('#view a[href="/changes.atom"]')).not.toBeNull();
        await shot('changes');

        await page.click('#signout');
        await page.waitForSelector('#signin-form');
        await expect.poll(() => page.textContent('#notice')).toBe(t('signedOut'));
        await shot('signed-out');
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );
  }

  it(
    'en-390: a wrong password is told, a forgotten one is reset by the emailed link, every session ended',
    async () => {
      const setting = SETTINGS.find((s) => s.tag === 'en-390')!;
      const t = textsOf(setting);
      const { context, page, errors } = await openPortal(browser, setting, offline.url);
      const shot = shooter(page, setting, 'reset');
      const email = 'forgetful@example.test';
      await signUpAndIn(page, offline, setting, { email, name: 'Forgetful' }, shot);
      await page.click('#signout');
      await page.waitForSelector('#signin-form');
      await page.fill('#signin-email', email);
      await page.fill('#signin-password', 'not the password at all');
      await page.click('#signin-form-submit');
      await expect.poll(() => page.textContent('#alert')).toBe(t('err_signin_failed'));
      await shot('signin-failed');

      await page.click('a[href="#forgot"]');
      await page.fill('#forgot-email', email);
      await page.click('#forgot-form-submit');
      await expect.poll(() => page.textContent('#notice')).toBe(t('forgotSent', { email }));
      await shot('forgot');
      const { hash } = await linkIn(offline.mailbox, email, 'reset');
      await page.goto(`${offline.url}/portal${hash}`);
      await page.waitForSelector('#reset-form');
      await shot('reset');
      const password = 'another long passphrase 43';
      await page.fill('#reset-password', password);
      await page.click('#reset-form-submit');
      await expect.poll(() => page.textContent('#notice')).toBe(t('resetDone'));
      // The link worked once.
      await page.goto(`${offline.url}/portal${hash}`);
      await page.fill('#reset-password', 'yet another passphrase 44');
      await page.click('#reset-form-submit');
      await expect.poll(() => page.textContent('#alert')).toBe(t('err_token_invalid'));
      await page.goto(`${offline.url}/portal#signin`);
      await page.fill('#signin-email', email);
      await page.fill('#signin-password', password);
      await page.click('#signin-form-submit');
      await page.waitForSelector('#signed-in-as');
      // The used link's refusal (400 token_invalid) is the one error the browser logs, as it should.
      expect(unexpected(errors).filter((e) => !e.includes('status of 400'))).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    '/docs "Try it out" sends the key kept in this browser, with nothing pasted',
    async () => {
      const setting = SETTINGS[0]!;
      const { context, page, errors } = await openPortal(browser, setting, offline.url);
      // What "Use this key in this browser" writes (the portal's keys test clicks it).
      const key = readFileSync(join(offline.env.DATA_DIR!, 'demo-key.txt'), 'utf8').trim();
      await page.evaluate((k) => localStorage.setItem('rates-explorer.key', k), key);
      await page.goto(`${offline.url}/docs`);
      // Linked from the reference: the change log and its feed.
      await page.waitForSelector('a[href="/portal#changes"]');
      await page.click('#operations-FundPriceService-LatestDate .opblock-summary');
      await page.click('#operations-FundPriceService-LatestDate .execute');
      const status = page.locator(
        '#operations-FundPriceService-LatestDate .live-responses-table tr.response .response-col_status',
      );
      await expect.poll(() => status.first().textContent(), { timeout: 60_000 }).toContain('200');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'en-1280: a page asked for while the first is still loading is drawn, and not left faded as busy',
    async () => {
      const setting = SETTINGS[0]!;
      const { context, page, errors } = await openPortal(browser, setting, offline.url);
      await page.waitForSelector('#view-title');
      // A reload whose first session answer comes late, after the one asked for by Sign up, opened
      // meanwhile (as a busy server may answer two calls in either order).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      await page.route('**/portal/api/session', async (route) => {
        if (++asked === 1) await held;
        await route.continue();
      });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => asked).toBe(1);
      await page.evaluate(() => (location.hash = '#signup'));
      await page.waitForSelector('#signup-form');
      await expect.poll(() => page.getAttribute('#view', 'aria-busy')).toBeNull();
      release();
      // The first, stale drawing neither comes back over the page asked for nor leaves it faded.
      await expect.poll(() => asked).toBe(2);
      await page.waitForTimeout(1000);
      expect(await page.getAttribute('#view', 'aria-busy')).toBeNull();
      expect(await page.$('#signup-form')).not.toBeNull();
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
