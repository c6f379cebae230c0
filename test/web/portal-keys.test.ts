import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChanges } from '../../src/routes/changes.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { cli } from '../helpers/cli.js';
import { DESKTOP, SETTINGS, PAIRS, unexpected } from './explorer-page.js';
import {
  callWith,
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
  type Shot,
} from './portal-page.js';

// The developer's keys through the portal (issue 43's acceptance), in English and Thai at 1280 px and
// 390 px, on `serve` with its demo products ("open" and "partner"): subscribe, copy the key, call the
// API with it, see the call in usage, regenerate (the old key 401 at once, the new one 200), cancel
// (401); the approval path through the CLI and its email. TEST_SCREENSHOTS=1 keeps a picture of every
// page under test-artifacts/portal-screens/.

let browser: Browser;
let offline: Run;
let smtp: Run;

/** Subscribes to `product` through its card; the new keys' panel is then on show. */
async function subscribe(page: Page, product: string, name: string, shot: Shot) {
  await page.click('a[data-view="products"]');
  const card = `article.product[data-product="${product}"]`;
  await page.waitForSelector(card);
  await shot('products');
  await page.click(`${card} button[aria-expanded]`);
  await page.fill(`${card} input[type="text"]`, name);
  await page.check(`${card} input[type="checkbox"]`);
  await shot(`subscribe-${product}`);
  await page.click(`${card} button[type="submit"]`);
  await page.waitForSelector('#new-keys');
  // A screen reader starts at the keys' heading, with the warning.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('keys-title');
  return {
    primary: await page.inputValue('#key-primary'),
    secondary: await page.inputValue('#key-secondary'),
    id: await page.getAttribute('article.subscription:last-of-type', 'data-subscription'),
  };
}

describe.skipIf(!chromiumAvailable)('the developer portal in headless Chromium: keys', () => {
  beforeAll(async () => {
    [offline, smtp] = await Promise.all([startRun(outbox), startRun(() => smtpMailbox())]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([offline?.close(), smtp?.close()]);
  });

  for (const setting of PAIRS) {
    // One run's mail goes through a real SMTP server, the others' to the outbox folder.
    const mode = setting.lang === 'en' && setting.viewport === DESKTOP ? 'smtp' : 'outbox';
    it(
      `walks the journey in ${setting.tag} (mail by ${mode}): sign up, confirm, subscribe, copy, call, usage, regenerate, cancel`,
      async () => {
        const run = mode === 'smtp' ? smtp : offline;
        const t = textsOf(setting);
        const { context, page, errors } = await openPortal(browser, setting, run.url);
        const shot = shooter(page, setting, 'journey');
        const email = `dev-${setting.tag}@example.test`;
        const name = `Dev ${setting.tag} <img src="x">`;
        await signUpAndIn(page, run, setting, { email, name }, shot);
        await shot('profile-empty');

        const keys = await subscribe(page, 'open', `App ${setting.tag} <b>`, shot);
        await shot('new-keys');
        await page.click('#copy-primary');
        await expect.poll(() => page.textContent('#key-status')).toBe(t('copied'));
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toBe(keys.primary);
        await page.click('#use-primary');
        expect(await page.evaluate(() => localStorage.getItem('rates-explorer.key'))).toBe(copied);
        expect(await callWith(run.url, copied)).toBe(200);

        await page.click('#keys-done');
        const card = `article.subscription[data-subscription="${keys.id}"]`;
        expect(await page.textContent(card)).toContain(t('endsWith', { last4: copied.slice(-4) }));
        expect(await page.textContent(card)).toContain(t('stateActive'));
        await shot('profile');

        // The call is counted and shown, in the chart and the table (usage is written every 200 ms).
        await page.click(`#usage-${keys.id}`);
        await expect
          .poll(
            async () => {
              await page.reload();
              await page.waitForSelector('#usage-chart[data-points]');
              return page.textContent('#view');
            },
            { timeout: 30_000 },
          )
          .toContain('LatestDate');
        expect(await page.getAttribute('#usage-chart', 'data-points')).toBe('30');
        await shot('usage');
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#usage-csv')]);
        expect(readFileSync((await download.path())!, 'utf8')).toContain('LatestDate');

        // Regenerate the primary key: asked first; the old one stops at once, the secondary keeps working.
        await page.click('a[href="#profile"]');
        await page.click(`#regenerate-${keys.id}-primary-open`);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(
          `regenerate-${keys.id}-primary-question`,
        );
        await shot('regenerate-confirm');
        await page.click(`#regenerate-${keys.id}-primary-yes`);
        await page.waitForSelector('#new-keys');
        const renewed = await page.inputValue('#key-primary');
        expect(renewed).not.toBe(keys.primary);
        expect(await page.$('#key-secondary')).toBeNull();
        await shot('regenerated');
        expect(await callWith(run.url, keys.primary)).toBe(401);
        expect(await callWith(run.url, renewed)).toBe(200);
        expect(await callWith(run.url, keys.secondary)).toBe(200);

        // Cancel: asked first, then both keys stop.
        await page.click('#keys-done');
        await page.click(`#cancel-${keys.id}-open`);
        await shot('cancel-confirm');
        await page.click(`#cancel-${keys.id}-yes`);
        await expect.poll(() => page.textContent(card)).toContain(t('stateCancelled'));
        expect(await callWith(run.url, renewed)).toBe(401);
        expect(await callWith(run.url, keys.secondary)).toBe(401);
        await shot('cancelled');

        // The account: a new name, shown at once.
        await page.click('a[data-view="account"]');
        await page.waitForSelector('#name-form');
        await page.fill('#account-name', `Renamed ${setting.tag}`);
        await page.click('#name-form-submit');
        await expect
          .poll(() => page.textContent('#signed-in-as'))
          .toBe(t('signedInAs', { name: `Renamed ${setting.tag}` }));
        await shot('account');

        await page.click('a[data-view="changes"]');
        await page.waitForSelector('.changes li');
        const entries = readChanges().entries;
        expect(await page.$$eval('.changes li h3', (hs) => hs.map((x) => x.textContent))).toEqual(
          entries.map((e) => e.title[setting.lang]),
        );
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
    'approval path (en-1280): submitted, approved by the CLI, told by email, key works; docs Try it out with the kept key; reset; close',
    async () => {
      const setting = SETTINGS[0]!;
      const run = offline;
      const t = textsOf(setting);
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'approval');
      const email = 'partner-dev@example.test';
      await signUpAndIn(page, run, setting, { email, name: 'Partner Dev' }, shot);

      const keys = await subscribe(page, 'partner', 'Partner app', shot);
      expect(await page.textContent('#new-keys')).toContain(t('keySubmitted'));
      await shot('submitted-keys');
      await page.click('#use-primary');
      await page.click('#keys-done');
      const card = `article.subscription[data-subscription="${keys.id}"]`;
      expect(await page.textContent(card)).toContain(t('stateSubmitted'));
      await shot('submitted');
      expect(await callWith(run.url, keys.primary)).toBe(401);

      const before = (await run.mailbox.all()).filter((m) => m.to.includes(email)).length;
      await cli(['subscriptions', 'approve', String(keys.id)], run.env);
      await expect
        .poll(async () => (await run.mailbox.all()).filter((m) => m.to.includes(email)).length, {
          timeout: 30_000,
        })
        .toBe(before + 1);
      // The CLI wrote to the store: the running server takes the change at its next poll.
      await expect.poll(() => callWith(run.url, keys.primary)).toBe(200);
      await page.reload();
      await expect.poll(() => page.textContent(card)).toContain(t('stateActive'));
      await shot('approved');

      // /docs "Try it out" sends the key kept in this browser, with nothing pasted.
      await page.goto(`${run.url}/docs`);
      await page.click('#operations-FundPriceService-LatestDate .opblock-summary');
      await page.click('#operations-FundPriceService-LatestDate .execute');
      const status = page.locator(
        '#operations-FundPriceService-LatestDate .live-responses-table tr.response .response-col_status',
      );
      await expect.poll(() => status.first().textContent()).toContain('200');

      // A forgotten password: a link by email, a new password, signed in with it.
      await page.goto(`${run.url}/portal#account`);
      await page.click('#signout');
      await page.click('a[href="#forgot"]');
      await page.fill('#forgot-email', email);
      await shot('forgot');
      await page.click('#forgot-form-submit');
      await expect.poll(() => page.textContent('#notice')).toBe(t('forgotSent', { email }));
      const { hash } = await linkIn(run.mailbox, email, 'reset');
      await page.goto(`${run.url}/portal${hash}`);
      await page.waitForSelector('#reset-form');
      await shot('reset');
      const newPassword = 'another long passphrase 43';
      await page.fill('#reset-password', newPassword);
      await page.click('#reset-form-submit');
      await expect.poll(() => page.textContent('#notice')).toBe(t('resetDone'));
      await page.fill('#signin-email', email);
      await page.fill('#signin-password', newPassword);
      await page.click('#signin-form-submit');
      await page.waitForSelector('#signed-in-as');

      // Closing the account: asked with the password; its keys stop.
      await page.click('a[data-view="account"]');
      await page.click('#close-account');
      await page.fill('#close-password', newPassword);
      await shot('close-confirm');
      await page.click('#close-yes');
      await expect.poll(() => page.textContent('#notice')).toBe(t('closed'));
      expect(await callWith(run.url, keys.primary)).toBe(401);
      expect(await callWith(run.url, keys.secondary)).toBe(401);
      await shot('closed');
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
