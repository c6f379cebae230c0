import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, docsScreenshot, launchChromium } from '../helpers/browser.js';
import { cli } from '../helpers/cli.js';
import { qrImage } from '../../web/src/portal/qr.js';
import { SETTINGS, unexpected } from './explorer-page.js';
import {
  callWith,
  cardPart,
  JOURNEY_MS,
  mailTo,
  openPortal,
  outbox,
  PASSWORD,
  shooter,
  signIn,
  signUpAndIn,
  startRun,
  textsOf,
  type Run,
  type Shot,
} from './portal-page.js';

// The portal's second round (issue 54's acceptance, items 14-18) in English at 1280 px, on `serve`
// with its mail in the outbox folder: the first call shown with a new key (run as shown), a call
// in the request log with its X-Request-Id, the quota warnings at 80 % and 100 %, the warning of a key
// often refused by its rate limit (its link opening the request log), a key that stops at the end
// chosen for it, a regenerate whose old key works through its grace period and not after its end,
// the sessions list with sign-out of another, and two-step sign-in with an authenticator app (its key
// shown as a QR code too) and with a recovery code. TEST_SCREENSHOTS=1 keeps a picture of every page
// (portal-screens/), and those docs/portal.md shows (docs-screenshots/, `npm run screenshots`).

let browser: Browser;
let run: Run;
const setting = SETTINGS.find((s) => s.tag === 'en-1280')!;
const t = textsOf(setting);

/** Subscribes to `product` through its card; returns the keys shown once and the subscription's id. */
async function subscribe(page: Page, product: string, name: string, shot: Shot) {
  await page.click('a[data-view="products"]');
  const card = `article.product[data-product="${product}"]`;
  await page.waitForSelector(card);
  await page.click(`${card} button[aria-expanded]`);
  await page.fill(`${card} input[type="text"]`, name);
  await page.check(`${card} input[type="checkbox"]`);
  await page.click(`${card} button[type="submit"]`);
  await page.waitForSelector('#new-keys');
  await shot(`new-keys-${product}`);
  return {
    primary: await page.inputValue('#key-primary'),
    secondary: await page.inputValue('#key-secondary'),
    id: (await page.getAttribute('article.subscription:last-of-type', 'data-subscription'))!,
  };
}

/** An instant as Bangkok's YYYY-MM-DDTHH:MM:SS (the portal reads its day and time fields so). */
const bangkokInput = (at: number) => new Date(at + 7 * 3_600_000).toISOString().slice(0, 19);

/**
 * Gives the `slot` key of subscription `id` an end `seconds` from now through the card's form;
 * `picture`: the docs picture of the form filled in, before it is saved.
 */
async function endKeyIn(
  page: Page,
  id: string,
  slot: 'primary' | 'secondary',
  seconds: number,
  picture?: string,
) {
  const end = Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000;
  await page.click(`#expiry-${id}-open`);
  await page.selectOption(`#expiry-${id}-slot`, slot);
  const [day, time] = bangkokInput(end).split('T');
  await page.fill(`#expiry-${id}-at-day`, day!);
  await page.fill(`#expiry-${id}-at-time`, time!);
  if (picture) await docsScreenshot(page, picture, cardPart(id, 'form'));
  await page.click(`#expiry-${id}-submit`);
  await expect.poll(() => page.textContent('#notice')).toContain(t('keyEndsAt', { time: '' }).trim());
  return end;
}

/** Polls `key` until it is refused; the time it first was. */
async function stoppedAt(url: string, key: string): Promise<number> {
  let at = 0;
  await expect
    .poll(
      async () => {
        const status = await callWith(url, key);
        at = Date.now();
        return status;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe(401);
  return at;
}

const totpOf = (secret: string) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });

describe.skipIf(!chromiumAvailable)('the developer portal in headless Chromium: the second round', () => {
  beforeAll(async () => {
    // More than 3 refusals by the rate limit in an hour mail a warning.
    run = await startRun(outbox, { RATE_LIMIT_WARNING: '3' });
    browser = await launchChromium();
    // A product with a small daily quota (4 calls are 80 % of it), one with a small rate limit.
    for (const limit of [
      ['--name', 'tiny', '--quota', '5/day'],
      ['--name', 'burst', '--rate', '2/60'],
    ]) {
      const created = await cli(['products', 'create', ...limit, '--groups', 'all', '--json'], run.env);
      await cli(['products', 'publish', String(JSON.parse(created.stdout).id)], run.env);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await run?.close();
  });

  it(
    'en-1280: first call, request log with X-Request-Id, quota warnings at 80 % and 100 %, rate limit warning, keys with an end, grace period',
    async () => {
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'second');
      const email = 'second-round@example.test';
      await signUpAndIn(page, run, setting, { email, name: 'Second Round' }, shot);

      // The first call, shown with each new key, filled in: run as shown, it is answered.
      const tiny = await subscribe(page, 'tiny', 'Tiny app', shot);
      await page.click('#first-call-primary summary');
      const curl = (await page.textContent('#call-primary-curl'))!;
      expect(curl).toBe(
        `curl -H 'Ocp-Apim-Subscription-Key: ${tiny.primary}' ${run.url}/api/FundPriceService/LatestDate`,
      );
      await shot('first-call');
      await docsScreenshot(page, 'portal-first-call-en-1280', {
        from: '#new-keys',
        to: '#first-call-primary',
      });
      expect(JSON.parse(execFileSync('sh', ['-c', `${curl} -sS -f`], { encoding: 'utf8' }))).toBeInstanceOf(
        Array,
      );
      const python = (await page.textContent('#call-primary-python'))!;
      expect(execFileSync('python3', ['-c', python], { encoding: 'utf8' })).toMatch(/^\[/);
      expect(await page.textContent('#call-primary-js')).toContain(`key: "${tiny.primary}"`);
      expect(await page.textContent('#call-primary-csharp')).toContain(`"${tiny.primary}"`);
      // The docs link keeps the key, so /docs "Try it out" sends it.
      await page.click('#open-docs-primary');
      await page.waitForURL(`${run.url}/docs`);
      expect(await page.evaluate(() => localStorage.getItem('rates-explorer.key'))).toBe(tiny.primary);
      await page.goto(`${run.url}/portal#profile`);
      await page.waitForSelector(`article.subscription[data-subscription="${tiny.id}"]`);

      // A call with the new key, in the request log under the id its answer gave.
      const answer = await fetch(`${run.url}/api/FundPriceService/LatestDate`, {
        headers: { 'Ocp-Apim-Subscription-Key': tiny.primary },
      });
      await answer.arrayBuffer();
      const requestId = answer.headers.get('x-request-id')!;
      expect(requestId).toBeTruthy();
      await page.click(`#requests-${tiny.id}`);
      await page.waitForSelector('#requests-filter');
      const row = `#requests-list tr[data-request-id="${requestId}"]`;
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.waitForSelector('#requests-list');
            return page.$(row);
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      expect(await page.textContent(row)).toContain('/api/FundPriceService/LatestDate');
      expect(await page.$$('#requests-list tbody tr')).toHaveLength(3);
      // Filtered: 4xx has none of them; 2xx and the operation all three.
      await page.selectOption('#requests-status', '4xx');
      await page.click('#requests-filter-submit');
      await page.waitForSelector('#requests-empty');
      await page.selectOption('#requests-status', '2xx');
      await page.selectOption('#requests-operation', { index: 1 });
      await page.click('#requests-filter-submit');
      await page.waitForSelector(row);
      await shot('request-log');
      await docsScreenshot(page, 'portal-request-log-en-1280', { from: 'header.top', to: '#view' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#requests-csv')]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toBe('time,operation,path,status,ms,requestId');
      expect(csv).toContain(requestId);
      expect(csv).not.toContain(tiny.primary);

      // The quota warning: on by default, opted out and back in; the 4th call of 5 mails it.
      await page.click('a[href="#profile"]');
      await page.waitForSelector(`#warnings-${tiny.id}`);
      expect(await page.isChecked(`#warnings-${tiny.id}`)).toBe(true);
      await page.click(`#warnings-${tiny.id}`);
      await expect.poll(() => page.textContent('#notice')).toBe(t('quotaWarningsOff', { name: 'Tiny app' }));
      await page.reload();
      await page.waitForSelector(`#warnings-${tiny.id}`);
      expect(await page.isChecked(`#warnings-${tiny.id}`)).toBe(false);
      await page.click(`#warnings-${tiny.id}`);
      await expect.poll(() => page.textContent('#notice')).toBe(t('quotaWarningsOn', { name: 'Tiny app' }));
      expect(await callWith(run.url, tiny.primary)).toBe(200);
      const warning = await mailTo(run.mailbox, email, /Tiny app/);
      expect(warning.subject).toContain('80 %');
      expect(warning.text).toContain('4 of its 5');
      // The 5th call reaches the quota: its own message, and the next call is refused.
      expect(await callWith(run.url, tiny.primary)).toBe(200);
      const full = await mailTo(run.mailbox, email, /"Tiny app" has made all 5 calls of its daily quota/);
      expect(full.subject).toBe('Your subscription reached its daily quota');
      expect(full.text).toContain(`${run.url}/portal#usage/${tiny.id}`);
      expect(await callWith(run.url, tiny.primary)).toBe(403);

      // A key refused by its rate limit more than 3 times: the message comes, and its link opens the
      // subscription's request log with the refusals.
      const burst = await subscribe(page, 'burst', 'Burst app', shot);
      await page.click('#keys-done');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push(await callWith(run.url, burst.primary));
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
      const limited = await mailTo(run.mailbox, email, /"Burst app" were refused with 429/);
      expect(limited.subject).toBe('Your key is often refused by its rate limit');
      expect(limited.text).toContain('4 calls');
      const log = `${run.url}/portal#requests/${burst.id}`;
      expect(limited.text.split(/\s+/)).toContain(log);
      await page.goto(log);
      await page.waitForSelector('#requests-list');
      expect(await page.$$('#requests-list tbody tr')).toHaveLength(6);
      expect(await page.textContent('#requests-list')).toContain('429');
      await page.goto(`${run.url}/portal#profile`);
      await page.waitForSelector(`article.subscription[data-subscription="${burst.id}"]`);

      // A key with an end: it works until then, and stops at that time.
      const open = await subscribe(page, 'open', 'Open app', shot);
      await page.click('#keys-done');
      const end = await endKeyIn(page, open.id, 'primary', 20, 'portal-key-end-choose-en-1280');
      await shot('key-expiry');
      expect(await page.textContent(`#key-${open.id}-primary`)).toContain(
        t('keyEndsAt', { time: '' }).trim(),
      );
      await docsScreenshot(page, 'portal-key-end-en-1280', cardPart(open.id, 'actions'));
      if (Date.now() < end - 2000) expect(await callWith(run.url, open.primary)).toBe(200);
      const stopped = await stoppedAt(run.url, open.primary);
      expect(stopped).toBeGreaterThanOrEqual(end);
      expect(stopped - end).toBeLessThan(15_000);

      // Regenerate with a grace period of 1 hour: both keys work, the card says until when.
      await page.reload();
      await page.click(`#regenerate-${open.id}-secondary-open`);
      await page.selectOption(`#regenerate-${open.id}-secondary-grace`, '3600');
      await shot('regenerate-grace');
      await docsScreenshot(page, 'portal-regenerate-grace-en-1280', cardPart(open.id, 'form'));
      const before = Date.now();
      await page.click(`#regenerate-${open.id}-secondary-yes`);
      await page.waitForSelector('#new-keys');
      const second = await page.inputValue('#key-secondary');
      expect(await page.textContent('#key-status')).toContain(
        t('oldKeyKept', { slot: t('secondary'), time: '|' }).split('|')[0]!,
      );
      await page.click('#keys-done');
      const old = `#old-key-${open.id}-secondary`;
      await page.waitForSelector(old);
      expect(await page.textContent(old)).toContain(`…${open.secondary.slice(-4)}`);
      await shot('grace-period');
      await docsScreenshot(page, 'portal-grace-period-en-1280', cardPart(open.id, 'actions'));
      expect(await callWith(run.url, open.secondary)).toBe(200);
      expect(await callWith(run.url, second)).toBe(200);
      // Its end is an hour on (the card shows it to the minute, in Bangkok).
      const hourOn = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Bangkok',
        timeStyle: 'short',
      });
      expect([before, Date.now()].map((at) => hourOn.format(at + 3_600_000))).toContain(
        /(\d\d:\d\d)(?!.*\d\d:\d\d)/.exec((await page.textContent(old))!)![1],
      );

      // A grace period ends no later than the old key's own end: given one 20 s on, the old key
      // works until then and not after, and the new one goes on.
      const end2 = await endKeyIn(page, open.id, 'secondary', 25);
      await page.click(`#regenerate-${open.id}-secondary-open`);
      await page.selectOption(`#regenerate-${open.id}-secondary-grace`, '86400');
      await page.click(`#regenerate-${open.id}-secondary-yes`);
      await page.waitForSelector('#new-keys');
      const third = await page.inputValue('#key-secondary');
      await page.click('#keys-done');
      if (Date.now() < end2 - 2000) expect(await callWith(run.url, second)).toBe(200);
      const stopped2 = await stoppedAt(run.url, second);
      expect(stopped2).toBeGreaterThanOrEqual(end2);
      expect(stopped2 - end2).toBeLessThan(15_000);
      expect(await callWith(run.url, third)).toBe(200);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'en-1280: sessions signed out one by one, two-step sign-in with the app and with a recovery code',
    async () => {
      const { context, page, errors } = await openPortal(browser, setting, run.url);
      const shot = shooter(page, setting, 'security');
      const email = 'two-step@example.test';
      await signUpAndIn(page, run, setting, { email, name: 'Two Step' }, shot);

      // Another session (another browser): listed, then signed out from here.
      const other = await openPortal(browser, setting, run.url);
      await signIn(other.page, email, { url: run.url });
      await page.click('a[data-view="security"]');
      await page.waitForSelector('#sessions-title');
      const rows = page.locator('table.sessions tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.textContent('table.sessions')).toContain(t('thisSession'));
      await shot('sessions');
      await docsScreenshot(page, 'portal-sessions-en-1280', {
        from: '#sessions-title',
        to: 'table.sessions',
      });
      const otherRow = page.locator('table.sessions tbody tr', { hasNotText: t('thisSession') });
      await otherRow.locator('button').click();
      await expect.poll(() => page.textContent('#notice')).toBe(t('sessionEnded'));
      await expect.poll(() => rows.count()).toBe(1);
      const me = await other.page.evaluate(() => fetch('/portal/api/me').then((r) => r.status));
      expect(me).toBe(401);
      await other.context.close();

      // Two-step on: the password, the app's key, its first code; the recovery codes shown once.
      await page.fill('#setup-password', PASSWORD);
      await page.click('#two-step-setup-submit');
      await page.waitForSelector('#two-step-secret');
      const secret = (await page.textContent('#two-step-secret'))!;
      const uri = (await page.getAttribute('#two-step-uri', 'href'))!;
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(new URL(uri).searchParams.get('secret')).toBe(secret);
      // The app's key as a QR code to scan, beside the key as text: the code of that very URI.
      const qr = page.locator('#two-step-qr');
      await expect.poll(() => qr.getAttribute('src')).toBe(await qrImage(uri));
      expect(await qr.getAttribute('alt')).toBe(t('twoStepQr'));
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const [box, key] = [(await qr.boundingBox())!, (await page.locator('#two-step-secret').boundingBox())!];
      expect(box.width).toBeGreaterThanOrEqual(160);
      expect(box.x + box.width).toBeLessThanOrEqual(key.x); // beside it, on its left
      expect(key.y).toBeLessThan(box.y + box.height);
      await shot('two-step-setup');
      await docsScreenshot(page, 'portal-two-step-setup-en-1280', {
        from: '#two-step-title',
        to: '#two-step',
      });
      await page.fill('#enable-code', totpOf(secret).generate());
      await page.click('#two-step-enable-submit');
      await page.waitForSelector('#recovery-codes');
      const codes = await page.$$eval('#recovery-codes li', (items) => items.map((li) => li.textContent!));
      expect(codes).toHaveLength(10);
      await shot('recovery-codes');
      await docsScreenshot(page, 'portal-recovery-codes-en-1280', {
        from: '#two-step-title',
        to: '#recovery-codes',
      });
      await page.click('#recovery-done');
      await expect.poll(() => page.textContent('#two-step-state')).toBe(t('twoStepOn', { left: '10' }));
      await shot('two-step-on');

      // Sign in: the password, then the app's code (the next step's: the first was used to turn it on).
      await page.click('#signout');
      await page.waitForSelector('#signin-form');
      await page.fill('#signin-email', email);
      await page.fill('#signin-password', PASSWORD);
      await page.click('#signin-form-submit');
      await page.waitForSelector('#signin-code-form');
      expect(await page.$('#signed-in-as')).toBeNull();
      await shot('signin-code');
      await page.fill('#signin-code', '000000');
      await page.click('#signin-code-form-submit');
      await expect.poll(() => page.textContent('#alert')).toBe(t('err_code_invalid'));
      await page.fill('#signin-code', totpOf(secret).generate({ timestamp: Date.now() + 30_000 }));
      await page.click('#signin-code-form-submit');
      await page.waitForSelector('#signed-in-as');

      // And with a recovery code instead of the app, once.
      await page.click('#signout');
      await page.waitForSelector('#signin-form');
      await page.fill('#signin-email', email);
      await page.fill('#signin-password', PASSWORD);
      await page.click('#signin-form-submit');
      await page.fill('#signin-code', codes[0]!);
      await page.click('#signin-code-form-submit');
      await page.waitForSelector('#signed-in-as');
      await page.click('a[data-view="security"]');
      await expect.poll(() => page.textContent('#two-step-state')).toBe(t('twoStepOn', { left: '9' }));
      // The data's status, linked from the portal.
      await page.click('#status-link');
      await page.waitForSelector('tr[data-type="fund-prices"]');
      expect(await page.textContent('h1')).toBe('Data status');
      await shot('status');
      await docsScreenshot(page, 'status-en-1280', { from: 'body > nav', to: 'main' });

      // The wrong code's refusal (400 code_invalid) is the one error the browser logs, as it should.
      expect(unexpected(errors).filter((e) => !e.includes('status of 400'))).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
