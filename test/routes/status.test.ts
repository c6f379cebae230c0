import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_TYPES } from '../../src/data-types/index.js';
import { expectedLatest, releaseDaysBetween } from '../../src/domain/release-schedule.js';
import type { TypeStatus } from '../../src/routes/status.js';
import { statusTime } from '../../src/routes/status-page.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// /status: each published data type's latest day and last publication against its schedule, and
// the service's uptime, as HTML or JSON; no key, no secrets.

let t: TestApp;
let clock = new Date();
const started = clock.getTime();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const json = async () => {
  const res = await t.app.inject({ url: '/status', headers: { accept: 'application/json' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<{ checkedAt: string; startedAt: string; uptimeSeconds: number; types: TypeStatus[] }>();
};
/** The text of the page's first <time> element of instant `iso`. */
const timeIn = (html: string, iso: string) =>
  new RegExp(`<time datetime="${iso.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">(.*?)</time>`)
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '');
const fundPrices = (types: TypeStatus[]) => types.find((x) => x.name === 'fund-prices')!;
const committedAt = async (id: number) =>
  (
    await t.store.db
      .selectFrom('batches')
      .select('committed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).committed_at;
const latestPriceDay = async () =>
  (
    await t.store.db
      .selectFrom('fund_prices')
      .select((e) => e.fn.max('price_date').as('d'))
      .executeTakeFirstOrThrow()
  ).d as string;

describe('/status', () => {
  it('answers JSON on Accept: application/json: every published type, its latest day and last publication against its schedule', async () => {
    const status = await json();
    expect(status.types.map((x) => x.name)).toEqual(
      DATA_TYPES.filter((x) => x.kind === 'published').map((x) => x.name),
    );
    expect(status.startedAt).toBe(new Date(started).toISOString());
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const prices = fundPrices(status.types);
    const schedule = { time: '21:00', businessDaysOnly: true };
    expect(prices.schedule).toEqual(schedule);
    expect(prices.latestDay).toBe(await latestPriceDay());
    expect(prices.expectedDay).toBe(expectedLatest(schedule, clock));
    expect(prices.daysBehind).toBe(releaseDaysBetween(schedule, prices.latestDay!, prices.expectedDay!));
    expect(prices.state).toBe(prices.daysBehind === 0 ? 'on-time' : 'late');
    expect(prices.lastPublishedAt).toBe(await committedAt(t.fixture.batchId));
    // A type published on change has no expected day; one the fixture has no row of says so.
    for (const type of status.types.filter((x) => x.schedule === 'on-change')) {
      expect(type.expectedDay).toBeNull();
      expect(['on-change', 'no-data']).toContain(type.state);
    }
    // 'no-data' exactly for a type no batch has written.
    for (const type of status.types) expect(type.state === 'no-data').toBe(type.lastPublishedAt === null);
    // Nothing secret: no key, no admin token, no database address.
    const text = JSON.stringify(status);
    for (const secret of [t.key, t.adminToken, t.dir]) expect(text).not.toContain(secret);
  });

  it('is a page without a key for a browser, linking the explorer, the API docs and the portal', async () => {
    const res = await t.app.inject({
      url: '/status',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers.vary).toContain('accept');
    for (const href of ['/', '/docs', '/portal']) expect(res.body).toContain(`href="${href}"`);
    expect(res.body).toContain('<tr data-type="fund-prices">');
    expect(res.body).toContain(`<td data-label="Latest day"><time datetime="${await latestPriceDay()}">`);
    // No Accept at all: the page too.
    expect((await t.app.inject({ url: '/status' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('gives every time in Bangkok time with UTC beside it, in English or Thai', () => {
    // 00:30 in Bangkok is the evening before in UTC: both days are said.
    expect(statusTime('2026-12-06T17:30:00.000Z', 'en')).toBe(
      '7 Dec 2026, 00:30 Bangkok time (2026-12-06 17:30 UTC)',
    );
    expect(statusTime('2026-12-06T17:30:00.000Z', 'th')).toBe(
      '7 ธ.ค. 2569 00:30 เวลากรุงเทพฯ (2026-12-06 17:30 UTC)',
    );
  });

  it("is in Thai when asked (?lang=th, or the browser's Accept-Language), its times in Thai", async () => {
    const page = async (url: string, language?: string) => {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html', ...(language && { 'accept-language': language }) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('accept-language');
      return res.body;
    };
    const thai = await page('/status?lang=th');
    expect(thai).toContain('<html lang="th">');
    expect(thai).toContain('<h1>สถานะข้อมูล</h1>');
    expect(thai).toContain('<td data-label="ข้อมูล">ราคากองทุน</td>');
    // The service's start, in Thai and Bangkok time, with UTC given plainly.
    const startedAt = new Date(started).toISOString();
    expect(timeIn(thai, startedAt)).toBe(statusTime(startedAt, 'th'));
    expect(statusTime(startedAt, 'th')).toContain(String(new Date(started).getUTCFullYear() + 543));
    expect(thai).not.toMatch(/Bangkok time|Latest day|On time/);
    // Each type's last publication too.
    const published = (await committedAt(t.fixture.batchId))!;
    expect(timeIn(thai, published)).toBe(statusTime(published, 'th'));
    // The browser's language when the link names none; the link's when it does.
    expect(await page('/status', 'th-TH,th;q=0.9,en;q=0.8')).toContain('<html lang="th">');
    expect(await page('/status', 'en-GB,en;q=0.9,th;q=0.5')).toContain('<html lang="en">');
    const english = await page('/status?lang=en', 'th');
    expect(english).toContain('<html lang="en">');
    expect(timeIn(english, startedAt)).toBe(statusTime(startedAt, 'en'));
    // Each page links the other language.
    expect(english).toContain('href="/status?lang=th"');
    expect(thai).toContain('href="/status?lang=en"');
  });

  it('is linked from /docs (the OpenAPI description) and the explorer', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{ info: { description: string } }>();
    expect(doc.info.description).toContain('](/status)');
    const explorer = await t.app.inject({ url: '/' });
    expect(explorer.body).toContain('href="/status"');
  });

  it('says a type is late when days its schedule says are out are missing, and follows a new publication', async () => {
    // Ten days on (past the page's 30 s of caching): the schedule expects days the store lacks.
    clock = new Date(clock.getTime() + 10 * 86_400_000);
    const late = fundPrices((await json()).types);
    expect(late.state).toBe('late');
    expect(late.daysBehind).toBeGreaterThan(0);
    expect(late.expectedDay).toBe(expectedLatest({ time: '21:00', businessDaysOnly: true }, clock));

    // A price of the expected day is published: on time again, with the new batch's time.
    const { batchId } = await publishBatch(t.store, { kind: 'fund-prices', source: 'test' }, async (w) => {
      await w.write('fund-prices', [
        {
          fund_id: 101,
          price_date: late.expectedDay!,
          nav: 10,
          offer: 10,
          redemption: 10,
          total_net_assets: null,
        },
      ]);
    });
    clock = new Date(clock.getTime() + 31_000);
    const caught = fundPrices((await json()).types);
    expect(caught).toMatchObject({ latestDay: late.expectedDay, daysBehind: 0, state: 'on-time' });
    expect(caught.lastPublishedAt).toBe(await committedAt(batchId!));
  });
});
