import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_KEY_TEXTS } from '../../src/routes/docs.js';
import { t as explorerText } from '../../web/src/i18n.js';
import { chromiumAvailable, collectErrors, docsScreenshot, launchChromium } from '../helpers/browser.js';
import { cli } from '../helpers/cli.js';
import { openExplorer, SETTINGS, unexpected } from './explorer-page.js';
import {
  callWith,
  JOURNEY_MS,
  openPortal,
  outbox,
  shooter,
  signIn,
  signUpAndIn,
  startRun,
  textsOf,
  type Run,
} from './portal-page.js';

// The key kept in this browser (for the explorer and /docs) follows what the portal does to it:
// regenerated, the new key is kept in its place; cancelled, it is let go, and the page says so either
// way (issue 54, defect 12: the explorer and /docs stayed on the dead key, unflagged). A kept key that
// stops elsewhere (regenerated on another device, ended, its subscription cancelled) is refused: the
// explorer and /docs then say so as they load, with the way to the portal, where the portal says which
// key it was.

let browser: Browser;
let run: Run;
const kept = (page: Page) => page.evaluate(() => localStorage.getItem('rates-explorer.key'));

/** Subscribes to the open product as `name`, keeps its primary key in this browser: its id and key. */
async function subscribeAndKeep(page: Page, name: string): Promise<{ id: string | null; key: string }> {
  await page.click('a[data-view="products"]');
  const card = 'article.product[data-product="open"]';
  await page.click(`${card} button[aria-expanded]`);
  await page.fill(`${card} input[type="text"]`, name);
  await page.check(`${card} input[type="checkbox"]`);
  await page.click(`${card} button[type="submit"]`);
  await page.waitForSelector('#new-keys');
  const id = await page.getAttribute('article.subscription:last-of-type', 'data-subscription');
  await page.click('#use-primary');
  const key = await page.inputValue('#key-primary');
  expect(await kept(page)).toBe(key);
  return { id, key };
}

describe.skipIf(!chromiumAvailable)('the key kept in this browser, in headless Chromium', () => {
  beforeAll(async () => {
    run = await startRun(outbox);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await run?.close();
  });

  it(
    'en-390: regenerating the kept key keeps the new one; cancelling lets it go',
    async () => {
      const setting = SETTINGS.find((s) => s.tag === 'en-390')!;
      const t = textsOf(setting);
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'kept-key');
      await signUpAndIn(page, run, setting, { email: 'kept@example.test', name: 'Kept' }, shot);
      const { id, key: first } = await subscribeAndKeep(page, 'kept');
      await page.click('#keys-done');

      // The other key regenerated: the kept one stays.
      await page.click(`#regenerate-${id}-secondary-open`);
      await page.click(`#regenerate-${id}-secondary-yes`);
      await page.waitForSelector('#new-keys');
      expect(await kept(page)).toBe(first);
      await page.click('#keys-done');

      await page.click(`#regenerate-${id}-primary-open`);
      await page.click(`#regenerate-${id}-primary-yes`);
      await page.waitForSelector('#new-keys');
      const renewed = await page.inputValue('#key-primary');
      expect(await callWith(run.url, first)).toBe(401);
      expect(await kept(page)).toBe(renewed);
      expect(await page.textContent('#key-status')).toBe(t('keptKeyRenewed', { slot: t('primary') }));
      await shot('renewed');
      await page.click('#keys-done');

      await page.click(`#cancel-${id}-open`);
      await page.click(`#cancel-${id}-yes`);
      await expect.poll(() => page.textContent('#notice')).toContain(t('keptKeyDropped'));
      expect(await kept(page)).toBeNull();
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  // In English on a laptop and in Thai on a phone (docs/portal.md shows both).
  for (const tag of ['en-1280', 'th-390'])
    it(
      `${tag}: the kept key regenerated on another device: the explorer, /docs and the portal say it stopped working`,
      async () => {
        const setting = SETTINGS.find((s) => s.tag === tag)!;
        const lang = setting.lang;
        const { context, page, errors } = await openPortal(browser, setting, run.url);
        const shot = shooter(page, setting, 'dead-key');
        const email = `dead-key-${tag}@example.test`;
        await signUpAndIn(page, run, setting, { email, name: 'Dead Key' }, shot);
        const { id, key } = await subscribeAndKeep(page, 'dead');
        expect(await callWith(run.url, key)).toBe(200);
        await page.click('#keys-done');
        await page.waitForSelector(`article.subscription[data-subscription="${id}"]`);
        expect(await page.$('#kept-key-stopped')).toBeNull();
        // /docs checks the kept key as it loads: working, it says nothing.
        const probe = page.waitForResponse((r) => r.url().endsWith('/portal/api/key-check'));
        await page.goto(`${run.url}/docs`);
        expect(await (await probe).json()).toEqual({ alive: true });
        await page.waitForSelector('html[data-kept-key="working"]');
        await page.waitForSelector('#operations-FundPriceService-LatestDate');
        expect(await page.$('#kept-key-notice')).toBeNull();

        // On another device (no key kept there), the developer regenerates it.
        const other = await openPortal(browser, setting, run.url);
        await signIn(other.page, email, { url: run.url });
        await other.page.click('a[data-view="profile"]');
        await other.page.click(`#regenerate-${id}-primary-open`);
        await other.page.click(`#regenerate-${id}-primary-yes`);
        await other.page.waitForSelector('#new-keys');
        await other.context.close();
        await expect.poll(() => callWith(run.url, key)).toBe(401);

        // The explorer, opened again in this browser: the kept key stopped working, and where to get another.
        await page.goto(`${run.url}/#fx`);
        const portalName = explorerText(lang, 'portalName');
        await expect
          .poll(() => page.textContent('#key-problem > span'))
          .toBe(explorerText(lang, 'keptKeyStopped', { portal: portalName }));
        expect(await page.getAttribute('#key-problem a', 'href')).toBe('/portal#profile');
        expect(await page.textContent('#key-problem a')).toBe(portalName);
        // Beside it the service's own words, which are English: marked so, on a Thai page too.
        expect(await page.textContent('#key-problem small')).toMatch(/^Access denied/);
        expect(await page.getAttribute('#key-problem small', 'lang')).toBe('en');
        await shot('explorer');
        await docsScreenshot(page, `dead-key-explorer-${tag}`);

        // /docs: told above the reference as the page loads, in this browser's language, before any
        // Try it out (the explorer, too, tells it on its first view).
        await page.goto(`${run.url}/docs`);
        const notice = page.locator('#kept-key-notice');
        const texts = KEPT_KEY_TEXTS[lang];
        const stopped = texts.stopped.replace('{portal}', texts.portal);
        await expect.poll(() => notice.textContent()).toBe(stopped);
        // Laid out for the screen it is on: a phone's 390 px, not a desktop's 980 px shown shrunk to
        // unreadable type (the page had no viewport setting).
        expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(setting.viewport.width);
        // Try it out sends the kept key: its 401 keeps the one notice.
        await page.click('#operations-FundPriceService-LatestDate .opblock-summary');
        await page.click('#operations-FundPriceService-LatestDate .execute');
        const status = page.locator(
          '#operations-FundPriceService-LatestDate .live-responses-table tr.response .response-col_status',
        );
        await expect.poll(() => status.first().textContent()).toContain('401');
        expect(await notice.count()).toBe(1);
        expect(await notice.textContent()).toBe(stopped);
        expect(await notice.getAttribute('role')).toBe('alert');
        expect(await page.getAttribute('#kept-key-notice a', 'href')).toBe('/portal#profile');
        // Nothing wider than the screen once the answer is shown (its table was 398 px on a phone).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          setting.viewport.width,
        );
        // In sight where the reader is, by the operation tried.
        expect(await notice.isVisible()).toBe(true);
        const box = (await notice.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
        // What the reader sees there (a full-page picture would place the sticky notice elsewhere).
        await docsScreenshot(page, `dead-key-docs-${tag}`);

        // Its link leads to the portal, which says which key stopped, and lets it go.
        await page.click('#kept-key-notice a');
        await page.waitForSelector(`article.subscription[data-subscription="${id}"]`);
        const t = textsOf(setting);
        expect(await page.textContent('#kept-key-stopped > span')).toBe(
          t('keptKeyStopped', { slot: t('primary'), last4: key.slice(-4), name: 'dead' }),
        );
        await shot('portal');
        await docsScreenshot(page, `dead-key-portal-${tag}`);
        await page.click('#kept-key-forget');
        await expect.poll(() => page.textContent('#notice')).toBe(t('keptKeyDropped'));
        expect(await kept(page)).toBeNull();
        expect(await page.$('#kept-key-stopped')).toBeNull();
        expect(unexpected(errors)).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );
  // A live key whose subscription does not open the fund prices gets the 401 of a dead key from their
  // operations (on purpose: clients of the original expect it). The explorer and /docs ask the portal's
  // key check instead, and do not say it stopped working; /docs calls no operation to find out.
  it(
    'en-1280: a kept key whose subscription lacks the fund prices is not said to have stopped',
    async () => {
      const setting = SETTINGS.find((s) => s.tag === 'en-1280')!;
      const args = ['keys', 'create', '--name', 'fx only', '--groups', 'ExchangeRateService'];
      const key = (await cli(args, run.env)).stdout.trim().split('\n').at(-1)!;
      expect(await callWith(run.url, key)).toBe(401);

      // The explorer's first view, the funds, which the key does not open: told so, not that it stopped.
      const { context, page, errors } = await openExplorer(browser, run.url, setting, key, '');
      const portal = explorerText(setting.lang, 'portalName');
      await expect
        .poll(() => page.textContent('#key-problem > span'))
        .toBe(explorerText(setting.lang, 'keptKeyNotHere', { portal }));
      expect(await page.getAttribute('#key-problem a', 'href')).toBe('/portal#profile');
      // The exchange rates, which it opens: drawn with it, nothing said of the key.
      await page.click('a[data-view="fx"]');
      await page.waitForSelector('#fx-today-title');
      await expect.poll(() => page.textContent('#key-problem')).toBe('');

      // /docs as it loads (a tab of its own, whose every call is its own): the key check finds the key
      // working, no notice, and no operation was called to find out.
      const docs = await context.newPage();
      const docsErrors = collectErrors(docs);
      const operations: string[] = [];
      docs.on(
        'request',
        (r) => void (new URL(r.url()).pathname.startsWith('/api/') && operations.push(r.url())),
      );
      await docs.goto(`${run.url}/docs`);
      await docs.waitForSelector('html[data-kept-key="working"]');
      await docs.waitForSelector('#operations-FundPriceService-LatestDate');
      expect(await docs.$('#kept-key-notice')).toBeNull();
      expect(operations).toEqual([]);
      // Try it out on a fund operation: its 401 is the group's, which the key check tells apart.
      const checked = docs.waitForResponse((r) => r.url().endsWith('/portal/api/key-check'));
      await docs.click('#operations-FundPriceService-LatestDate .opblock-summary');
      await docs.click('#operations-FundPriceService-LatestDate .execute');
      const status = docs.locator(
        '#operations-FundPriceService-LatestDate .live-responses-table tr.response .response-col_status',
      );
      await expect.poll(() => status.first().textContent()).toContain('401');
      expect(await (await checked).json()).toEqual({ alive: true });
      expect(await docs.$('#kept-key-notice')).toBeNull();
      expect(unexpected(errors)).toEqual([]);
      expect(unexpected(docsErrors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
