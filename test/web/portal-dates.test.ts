import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../web/src/i18n.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { openExplorer, SETTINGS, unexpected } from './explorer-page.js';
import {
  callWith,
  JOURNEY_MS,
  openPortal,
  outbox,
  shooter,
  signUpAndIn,
  startRun,
  textsOf,
  type Run,
} from './portal-page.js';

// Days as the pages show them (issue 54, defect 13): one zone, Bangkok's, for a subscription's dates
// as for its usage; and a date field in the page's own way of writing a day, not the browser's
// (headless Chromium's en-US: month first).

let browser: Browser;
let run: Run;
const EN = SETTINGS.find((s) => s.tag === 'en-1280')!;
const bangkokDay = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

describe.skipIf(!chromiumAvailable)('days in the portal and the explorer, in headless Chromium', () => {
  beforeAll(async () => {
    run = await startRun(outbox);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await run?.close();
  });

  it(
    'en-1280: a subscription made at 00:30 in Bangkok shows that Bangkok day, the day its usage is counted on',
    async () => {
      const t = textsOf(EN);
      const { context, page, errors } = await openPortal(browser, EN, run.url);
      await signUpAndIn(
        page,
        run,
        EN,
        { email: 'days@example.test', name: 'Days' },
        shooter(page, EN, 'days'),
      );
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
            name: 'days',
            acceptTerms: true,
          }),
        });
        return (await res.json()) as { subscription: { id: number }; primaryKey: string };
      });
      // Made (and started) at 00:30 today in Bangkok: still yesterday in UTC.
      const today = bangkokDay(Date.now());
      const madeAt = new Date(Date.parse(`${today}T00:30:00+07:00`)).toISOString();
      const db = new SQLite(join(run.env.DATA_DIR!, 'rates.db'));
      db.prepare('update subscriptions set created_at = ?, activated_at = ? where id = ?').run(
        madeAt,
        madeAt,
        created.subscription.id,
      );
      db.close();
      expect(await callWith(run.url, created.primaryKey)).toBe(200);

      await page.goto(`${run.url}/portal#usage/${created.subscription.id}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.waitForSelector('#usage-chart[data-points]');
            return page.$$eval('#view table.usage tbody tr td:first-child', (tds) =>
              tds.map((td) => td.textContent),
            );
          },
          { timeout: 30_000 },
        )
        .toEqual([formatDay(today, 'en')]);
      await page.goto(`${run.url}/portal#profile`);
      const card = `article.subscription[data-subscription="${created.subscription.id}"]`;
      await page.waitForSelector(card);
      const facts = await page.$$eval(`${card} dt`, (dts) =>
        Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
      );
      expect([facts[t('created')], facts[t('starts')]]).toEqual([
        formatDay(today, 'en'),
        formatDay(today, 'en'),
      ]);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it('en-1280: a date field writes and reads a day as the page does (15 Jan 2020), whatever the browser’s locale', async () => {
    const key = readFileSync(join(run.env.DATA_DIR!, 'demo-key.txt'), 'utf8').trim();
    const { context, page, errors } = await openExplorer(browser, run.url, EN, key, '#deposits/2020-01-15');
    await page.waitForSelector('#rates-on');
    expect(await page.inputValue('#rates-on')).toBe('15 Jan 2020');
    for (const [typed, iso] of [
      ['3 February 2020', '2020-02-03'],
      ['4/3/2020', '2020-03-04'],
      ['2020-04-05', '2020-04-05'],
    ]) {
      await page.fill('#rates-on', typed!);
      await page.click('#rates-on-apply');
      await expect.poll(() => new URL(page.url()).hash).toBe(`#deposits/${iso}`);
      await expect.poll(() => page.inputValue('#rates-on')).toBe(formatDay(iso!, 'en'));
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
