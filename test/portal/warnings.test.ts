import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { gatewaySettings, startGateway, type Gateway } from '../../src/gateway/index.js';
import type { TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { createPortalApp, outbox, signedUpDeveloper, type Browser } from './helpers.js';

// Quota and limit warnings by email (issue 54, item 16): at 80 % and 100 % of the daily quota, each once
// a Bangkok day, not after an opt-out; one when the rate limit refused a key more than RATE_LIMIT_WARNING
// times in an hour. A second node over the same database sends none of them again. Each is in the
// developer's language: Thai for one who chose Thai.

const LATEST = '/api/FundPriceService/LatestDate';
let t: TestApp;
let b: { app: FastifyInstance; gateway: Gateway };
let clock = new Date('2026-12-07T03:00:00Z');
let quotaProduct: number;
let rateProduct: number;

const admin = async (url: string, payload?: object) =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${t.adminToken}` },
      ...(payload && { payload }),
    })
  ).json();

beforeAll(async () => {
  const config = { rateLimitWarning: 3 };
  t = await createPortalApp({ now: () => clock, config });
  const gateway = await startGateway({ ...gatewaySettings(testConfig()), store: t.store, now: () => clock });
  b = {
    app: await buildApp({
      config: testConfig({ dataDir: t.dir, ...config }),
      store: t.store,
      gateway,
      now: () => clock,
    }),
    gateway,
  };
  quotaProduct = (
    await admin('/admin/products', {
      name: 'ten',
      perDeveloper: 5,
      rateLimit: null,
      quota: { calls: 10, period: 'day' },
    })
  ).id;
  rateProduct = (
    await admin('/admin/products', {
      name: 'slow',
      perDeveloper: 5,
      rateLimit: { calls: 2, seconds: 60 },
      quota: null,
    })
  ).id;
  for (const id of [quotaProduct, rateProduct]) await admin(`/admin/products/${id}/publish`);
});
afterAll(async () => {
  await b.app.close();
  await b.gateway.close();
  await t.close();
});

async function subscribed(browser: Browser, productId: number) {
  const res = await browser.post('/subscriptions', { productId, name: 'nightly job', acceptTerms: true });
  expect(res.statusCode).toBe(201);
  return { id: res.json().subscription.id as number, key: res.json().primaryKey as string };
}
const calls = async (key: string, n: number) => {
  const statuses = [];
  for (let i = 0; i < n; i++)
    statuses.push(
      (await t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } })).statusCode,
    );
  return statuses;
};
/** Both nodes write their counts and check at once, as two servers would (node b counted a call too). */
const flushBoth = async () => {
  await b.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': t.key } });
  await t.gateway.requestLog.flush();
  await Promise.all([t.gateway.usage.flush(), b.gateway.usage.flush()]);
};
const mailsTo = (email: string, subject: RegExp) =>
  outbox(t).filter((m) => m.includes(`To: ${email}`) && subject.test(m));
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
/** The messages to `email` as a mail program shows them: subject and text part decoded. */
async function readMails(email: string): Promise<{ subject: string; text: string }[]> {
  const dir = join(t.dir, 'outbox');
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
  return mails
    .filter((m) => [m.to ?? []].flat().some((to) => to.text === email))
    .map((m) => ({ subject: m.subject ?? '', text: m.text ?? '' }));
}

describe('quota warnings', () => {
  it('mails at 80 % and at 100 % of the daily quota, each once a day, from one node only', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser, quotaProduct);
    expect(await calls(key, 7)).toEqual(Array(7).fill(200));
    await flushBoth();
    await settle();
    expect(mailsTo(email, /80 %/)).toHaveLength(0);

    await calls(key, 1);
    await flushBoth();
    await expect.poll(() => mailsTo(email, /used 80 % of its daily quota/).length).toBe(1);
    const mail = mailsTo(email, /80 %/)[0]!;
    expect(mail).toContain('"nightly job" has made 8 of its 10 calls today');
    expect(mail).toContain(`/portal#usage/${id}`);
    await calls(key, 1);
    await flushBoth();
    await calls(key, 1);
    await flushBoth();
    await expect.poll(() => mailsTo(email, /reached its daily quota/).length).toBe(1);
    expect(await calls(key, 2)).toEqual([403, 403]);
    await flushBoth();
    await settle();
    expect(mailsTo(email, /80 %|daily quota/)).toHaveLength(2);

    // The next Bangkok day starts again.
    clock = new Date(clock.getTime() + 86_400_000);
    await calls(key, 8);
    await flushBoth();
    await expect.poll(() => mailsTo(email, /used 80 % of its daily quota/).length).toBe(2);
  });

  it('sends none after the developer opts out of them', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser, quotaProduct);
    const off = await browser.patch(`/subscriptions/${id}`, { quotaWarnings: false });
    expect(off.json().quotaWarnings).toBe(false);
    await calls(key, 11);
    await flushBoth();
    await settle();
    expect(mailsTo(email, /quota/)).toHaveLength(0);
    expect((await browser.get(`/subscriptions/${id}`)).json().quotaWarnings).toBe(false);
  });
});

describe('rate limit warning', () => {
  it('mails once when the rate limit refused a key more than RATE_LIMIT_WARNING times in an hour', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser, rateProduct);
    expect(await calls(key, 5)).toEqual([200, 200, 429, 429, 429]);
    await flushBoth();
    await settle();
    expect(mailsTo(email, /rate limit/)).toHaveLength(0);
    await calls(key, 2);
    await flushBoth();
    await expect.poll(() => mailsTo(email, /often refused by its rate limit/).length).toBe(1);
    expect(mailsTo(email, /rate limit/)[0]).toContain(`/portal#requests/${id}`);
    await calls(key, 5);
    await flushBoth();
    await settle();
    expect(mailsTo(email, /rate limit/)).toHaveLength(1);
  });

  it('mails it when the request log is written after the usage counts, as the timers of a server write them', async () => {
    const { browser, email } = await signedUpDeveloper(t);
    const { key } = await subscribed(browser, rateProduct);
    expect(await calls(key, 6)).toEqual([200, 200, 429, 429, 429, 429]);
    // A server writes both every USAGE_FLUSH_MS, the counts' timer first: the log's 429s land after
    // the counts' write, and no call comes after them.
    await t.gateway.usage.flush();
    await settle();
    await t.gateway.requestLog.flush();
    await expect.poll(() => mailsTo(email, /often refused by its rate limit/).length).toBe(1);
  });
});

describe('warnings in Thai', () => {
  it('mails the 80 %, 100 % and rate limit warnings in Thai to a developer whose language is Thai', async () => {
    const { browser, email } = await signedUpDeveloper(t, { lang: 'th' });
    const quota = await subscribed(browser, quotaProduct);
    await calls(quota.key, 8);
    await flushBoth();
    const mail = async (subject: string) => {
      let found: { subject: string; text: string } | undefined;
      await expect
        .poll(async () => (found = (await readMails(email)).find((m) => m.subject === subject)))
        .toBeDefined();
      return found!.text;
    };
    // The words written out here: the test fails if the Thai were missing, or English.
    const near = await mail('การสมัครใช้งานของคุณใช้โควตารายวันไปแล้ว 80 %');
    expect(near).toMatch(/^เรียน คุณDev \d+\n/);
    expect(near).toContain(
      'การสมัครใช้งาน "nightly job" เรียกใช้ไปแล้ว 8 จาก 10 ครั้งของวันนี้ (เวลาไทย) เมื่อครบ 10 ครั้ง คีย์จะถูกปฏิเสธด้วย 403 จนถึงเที่ยงคืน',
    );
    expect(near).toContain(`ดูการใช้งาน และวิธีหยุดรับอีเมลนี้:\n\nhttps://portal.example/portal#usage/${quota.id}`);
    await calls(quota.key, 2);
    await flushBoth();
    expect(await mail('การสมัครใช้งานของคุณใช้โควตารายวันครบแล้ว')).toContain(
      'การสมัครใช้งาน "nightly job" เรียกใช้ครบ 10 ครั้งของโควตารายวันแล้ว คีย์จะถูกปฏิเสธด้วย 403 จนถึงเที่ยงคืน (เวลาไทย)',
    );

    const rate = await subscribed(browser, rateProduct);
    expect(await calls(rate.key, 6)).toEqual([200, 200, 429, 429, 429, 429]);
    await flushBoth();
    const limited = await mail('คีย์ของคุณถูกปฏิเสธเพราะเกินอัตราการเรียกบ่อยครั้ง');
    expect(limited).toContain(
      'ในชั่วโมงที่ผ่านมา การเรียกของการสมัครใช้งาน "nightly job" ถูกปฏิเสธด้วย 429 ไป 4 ครั้ง เพราะเกินอัตราที่กำหนด (2 / 60 s)',
    );
    expect(limited).toContain(`บันทึกการเรียกใช้:\n\nhttps://portal.example/portal#requests/${rate.id}`);
    // Nothing of it in English.
    expect((await readMails(email)).map((m) => m.subject + m.text).join('')).not.toMatch(
      /Hello|quota|refused/,
    );
  });
});
