import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDay } from '../../web/src/i18n.js';
import { chromiumAvailable } from '../helpers/browser.js';
import {
  checkView,
  dateText,
  openExplorer,
  SETTINGS,
  startExplorer,
  unexpected,
  type ExplorerRun,
  type Setting,
} from './explorer-page.js';

// The explorer as of a past instant (docs/time-travel.md): one choice of date and time, Bangkok time,
// that every view follows (every /api/ call asks for it), said plainly on every view, kept in the
// page's address across views and reloads, with a way back to the latest data. On the demo, whose
// fund 101 is renamed on the evening before its last day.

vi.setConfig({ testTimeout: 120_000 });

let run: ExplorerRun | undefined;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rates-web-as-of-'));
const EN_DESKTOP = SETTINGS.find((s) => s.tag === 'en-1280')!;
const TH_PHONE = SETTINGS.find((s) => s.tag === 'th-390')!;

/** An instant as its Bangkok day and time: ['2026-12-06', '16:30']. */
const bangkok = (at: Date): [string, string] => {
  const shifted = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return [shifted.slice(0, 10), shifted.slice(11, 16)];
};

/** Fund 101's names as the service answered them at `at` (none: the latest). */
async function namesOf101(at?: Date): Promise<{ en: string; th: string }> {
  const res = await fetch(`${run!.server.url}/api/FundPriceService/AllFundsName`, {
    headers: {
      'Ocp-Apim-Subscription-Key': run!.key,
      ...(at && { 'Accept-Datetime': at.toUTCString() }),
    },
  });
  const funds = (await res.json()) as { mf_iNumber: string; mf_sEng: string; mf_sTha: string }[];
  const fund = funds.find((f) => f.mf_iNumber === '101')!;
  return { en: fund.mf_sEng, th: fund.mf_sTha };
}

/**
 * From the demo's timemap: the rename of fund 101, the publication before it, and a whole minute
 * between the two (Bangkok time) at which the service still gave the former name.
 */
async function beforeRename() {
  const timemap = (await (
    await fetch(`${run!.server.url}/timemap/api/FundPriceService/AllFundsName`, {
      headers: { accept: 'application/json' },
    })
  ).json()) as { mementos: { datetime: string }[] };
  const instants = timemap.mementos.map((m) => new Date(m.datetime));
  const latest = await namesOf101();
  const names = await Promise.all(instants.map((at) => namesOf101(at)));
  const renamed = names.findIndex((n) => n.en === latest.en);
  expect(renamed, `fund 101 was named ${names.map((n) => n.en).join(' | ')}`).toBeGreaterThan(0);
  const pick = new Date(instants[renamed]!.getTime() - 30 * 60_000);
  pick.setUTCSeconds(0, 0);
  expect(pick > instants[renamed - 1]!).toBe(true);
  return { pick, former: names[renamed - 1]!, latest };
}

/** The /api/ calls the page makes from now on, each with how it asks for an instant. */
function apiCalls(page: Page): { url: string; asOf: string | undefined }[] {
  const calls: { url: string; asOf: string | undefined }[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const param = new URL(request.url()).searchParams.get('asOf') ?? undefined;
    calls.push({ url: request.url(), asOf: request.headers()['accept-datetime'] ?? param });
  });
  return calls;
}

async function pickInstant(page: Page, setting: Setting, at: Date) {
  const [day, time] = bangkok(at);
  if (!(await page.$eval('#as-of-pick', (d) => (d as HTMLDetailsElement).open)))
    await page.click('#as-of-pick > summary');
  await page.fill('#as-of-date', dateText(setting, day));
  await page.fill('#as-of-time', time);
  await page.click('#as-of-show');
}

/** The page's width and what sticks out past the phone's 390 px, for the message. */
async function widthOnPhone(page: Page) {
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > 391 && !el.closest('.scroll, .tabs'))
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`),
  );
  return { width: await page.evaluate(() => document.documentElement.scrollWidth), wider: wider.join('; ') };
}

describe.skipIf(!chromiumAvailable)('the explorer as of a past instant', () => {
  beforeAll(async () => {
    run = await startExplorer(dir);
    browser = run.browser;
  });
  afterAll(async () => {
    await run?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('en-1280: picks an instant before a rename, sees the former name on every view, keeps it in links, returns to the latest', async () => {
    const names = await beforeRename();
    const { pick } = names;
    const [former, latest] = [names.former.en, names.latest.en];
    expect(former).not.toBe(latest);
    const { context, page, errors } = await openExplorer(
      browser,
      run!.server.url,
      EN_DESKTOP,
      run!.key,
      '#funds/101',
    );
    context.setDefaultTimeout(15_000);
    await expect.poll(() => page.textContent('#fund-name')).toBe(latest);
    expect(await page.textContent('#as-of')).not.toContain('Data as published');

    const calls = apiCalls(page);
    await pickInstant(page, EN_DESKTOP, pick);
    await expect.poll(() => page.textContent('#fund-name')).toBe(former);
    const [day, time] = bangkok(pick);
    const said = await page.textContent('#as-of-shown');
    expect(said).toContain(`${time} on ${dateText(EN_DESKTOP, day)}`);
    expect(said).toContain('Bangkok time');
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(`${day}T${time}+07:00`);
    expect(new URL(page.url()).hash).toMatch(/^#funds\/101\b/);
    await checkView(page, 'as-of-fund-en-1280');

    // Another view by its tab: the instant stays in the address and on the page.
    await page.click('.tabs a[data-view=prices]');
    await page.waitForSelector('#prices-title');
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(`${day}T${time}+07:00`);
    expect(await page.textContent('#as-of-shown')).toContain(time);
    expect(await page.textContent('#view')).toContain(`101 ${former}`);
    expect(await page.textContent('#view')).not.toContain(`101 ${latest}`);
    await page.click('.tabs a[data-view=deposits]');
    await page.waitForSelector('#view table');
    expect(await page.isVisible('#as-of-shown')).toBe(true);

    // Every call since the pick asked for that instant.
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.filter((c) => c.asOf === undefined)).toEqual([]);

    // A reload, as a shared link opens: the same instant.
    await page.goto(`${run!.server.url}/?asOf=${encodeURIComponent(`${day}T${time}+07:00`)}#funds/101`);
    await expect.poll(() => page.textContent('#fund-name')).toBe(former);
    expect(await page.textContent('#as-of-shown')).toContain(time);

    await page.click('#as-of-latest');
    await expect.poll(() => page.textContent('#fund-name')).toBe(latest);
    expect(new URL(page.url()).searchParams.has('asOf')).toBe(false);
    expect(await page.isVisible('#as-of-shown')).toBe(false);
    expect(new URL(page.url()).hash).toMatch(/^#funds\/101\b/);

    // Back: as of the instant again.
    await page.goBack();
    await expect.poll(() => page.textContent('#fund-name')).toBe(former);
    expect(unexpected(errors)).toEqual([]);

    // Before the first publication: said so, not as a failed request.
    await page.goto(`${run!.server.url}/?asOf=2000-01-01T00:00%2B07:00#funds/101`);
    await expect.poll(() => page.textContent('body')).toContain('Nothing was published yet at that time');
    await context.close();
  });

  // The answers' "today" is the instant's Bangkok day (the service reads it so): no heading, caption,
  // button or field may say "today" or "latest" for the day the reader is in, nor show a later day.
  it('en-1280: headings, captions and fields name the as-of day where they said today or latest', async () => {
    const { pick } = await beforeRename();
    const [asOfDay, time] = bangkok(pick);
    const said = formatDay(asOfDay, 'en');
    const address = `?asOf=${encodeURIComponent(`${asOfDay}T${time}+07:00`)}`;
    const { context, page, errors } = await openExplorer(
      browser,
      run!.server.url,
      EN_DESKTOP,
      run!.key,
      `${address}#deposits`,
    );
    context.setDefaultTimeout(15_000);

    // Deposits and loans: in effect on the as-of day, its day in the picker.
    await page.waitForSelector('#deposits-title');
    expect(await page.textContent('#deposits-title')).toBe(`Deposit rates in effect on ${said}`);
    expect(await page.textContent('#loans-title')).toBe(`Loan reference rates in effect on ${said}`);
    expect(await page.inputValue('#rates-on')).toBe(dateText(EN_DESKTOP, asOfDay));
    await page.fill('#rates-on', dateText(EN_DESKTOP, '2020-01-15'));
    await page.click('#rates-on-apply');
    await page.waitForSelector('#rates-today');
    expect(await page.textContent('#rates-today')).toBe(`Rates of ${said}`);
    await page.click('#rates-today');
    await expect.poll(() => page.textContent('#deposits-title')).toBe(`Deposit rates in effect on ${said}`);
    expect(await page.textContent('#view')).not.toMatch(/today/i);

    // FX: the rates of the as-of day, a period ending on it, the way back to it named by it.
    await page.click('.tabs a[data-view=fx]');
    await page.waitForSelector('#fx-today-title');
    const title = (await page.textContent('#fx-today-title'))!;
    expect(title).not.toMatch(/latest/i);
    expect(title).toContain(said);
    expect(await page.textContent('#fx-period')).toMatch(new RegExp(` – ${said}$`));
    const hint = (await page.textContent('#converter-part p.meta'))!;
    expect(hint).toContain(`those of ${said}`);
    expect(hint).not.toMatch(/latest/i);
    await page.fill('#fx-day', dateText(EN_DESKTOP, '2020-01-15'));
    await page.click('#fx-day-apply');
    await page.waitForSelector('#fx-latest');
    expect(await page.textContent('#fx-latest')).toBe(`Rates of ${said}`);

    // The watch-list: the figures as published by that day, not "the latest".
    await page.evaluate(() =>
      localStorage.setItem('rates-explorer.watch', JSON.stringify({ currencies: ['USD50'], funds: ['101'] })),
    );
    await page.goto(`${run!.server.url}/${address}#funds`);
    await page.waitForSelector('#watch');
    const watch = (await page.textContent('#watch .meta'))!;
    expect(watch).toContain(said);
    expect(watch).not.toMatch(/latest/i);

    // A fund's highest and lowest: the 12 months to the as-of day.
    await page.goto(`${run!.server.url}/${address}#funds/101`);
    await page.waitForSelector('table.stats');
    const stats = (await page.textContent('table.stats'))!;
    expect(stats).toContain(`12 months to ${said}`);
    expect(stats).not.toContain('Last 12 months');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('th-390: the choice and the notice fit the phone in Thai, picker open or instant shown', async () => {
    const { pick, former, latest } = await beforeRename();
    expect(former.th).not.toBe(latest.th);
    const { context, page, errors } = await openExplorer(
      browser,
      run!.server.url,
      TH_PHONE,
      run!.key,
      '#funds/101',
    );
    context.setDefaultTimeout(15_000);
    await page.waitForSelector('#fund-name:not(:empty)');
    await page.click('#as-of-pick > summary');
    let { width, wider } = await widthOnPhone(page);
    expect(width, wider).toBe(390);
    await checkView(page, 'as-of-picker-th-390');

    await pickInstant(page, TH_PHONE, pick);
    await expect.poll(() => page.textContent('#fund-name')).toBe(former.th);
    const said = (await page.textContent('#as-of-shown'))!;
    const [day, time] = bangkok(pick);
    expect(said).toContain(formatDay(day, 'th'));
    expect(said).toContain(`${time} น.`);
    expect(said).toContain('เวลากรุงเทพฯ');
    expect(await page.textContent('#as-of-latest')).toMatch(/ล่าสุด/);
    // The highest and lowest of the 12 months to that day, not the "latest 12 months".
    const stats = (await page.textContent('table.stats'))!;
    expect(stats).toContain(`12 เดือนถึง ${formatDay(day, 'th')}`);
    expect(stats).not.toContain('12 เดือนล่าสุด');
    ({ width, wider } = await widthOnPhone(page));
    expect(width, wider).toBe(390);
    await checkView(page, 'as-of-fund-th-390');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
