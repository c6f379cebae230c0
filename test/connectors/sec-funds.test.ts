import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { runConnector, type ConnectorOptions } from '../../src/connectors/run.js';
import { secFunds } from '../../src/connectors/sec/connector.js';
import { readConnectorState } from '../../src/connectors/state.js';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { startFakeSec, type FakeSec } from './fake-sec.js';
import {
  BACKDATE_DAYS,
  DAILYINFO_KEY,
  DATA,
  DAYS,
  FACTSHEET_KEY,
  FUNDS,
  fill,
  type Expected,
} from './sec-fixture.js';

// Issue 46: `rates connect sec-funds` against a local fake of SEC's open API (fake-sec.ts), on the
// real store, checked through the API's own operations (nav AllFundPrices, Fund_Nav_ByFundCode).

let fake: FakeSec;
let t: TestApp | undefined;
let expected: Expected[];
let refusedDays: { fund: string; date: string }[];
const dir = mkdtempSync(join(tmpdir(), 'sec-funds-'));

beforeAll(async () => {
  fake = await startFakeSec({ factsheetKey: FACTSHEET_KEY, dailyinfoKey: DAILYINFO_KEY });
  ({ expected, refused: refusedDays } = fill(fake));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  fake.asked.length = 0;
  fake.statuses.clear();
});

/** The evening of the last day of the data, Bangkok time: the runs' today. */
const now = () => new Date(`${DATA.to}T14:00:00Z`);
const settings = (extra: Partial<Config> = {}) =>
  testConfig({
    secApiUrl: fake.url,
    secFactsheetKey: FACTSHEET_KEY,
    secDailyinfoKey: DAILYINFO_KEY,
    connectRetries: 2,
    connectTimeoutMs: 2000,
    ...extra,
  });
const run = (extra: Partial<Config> = {}, options: Partial<ConnectorOptions> = {}) =>
  runConnector(t!.store, secFunds, {
    settings: settings(extra),
    since: DATA.from,
    now,
    backoffMs: 5,
    ...options,
  });
const api = async <T = Record<string, unknown>>(path: string) => {
  const res = await t!.app.inject({ url: `/api/${path}`, headers: { 'ocp-apim-subscription-key': t!.key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T[];
};
const batchCount = async () =>
  Number(
    (
      await t!.store.db
        .selectFrom('batches')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The fund numbers the connector gave, by code (from the store's mapping and funds). */
async function numbers(): Promise<Map<string, number>> {
  const rows = await t!.store.db
    .selectFrom('sec_fund_numbers')
    .leftJoin('funds', 'funds.id', 'sec_fund_numbers.fund_id')
    .select([
      'sec_fund_numbers.fund_id',
      'funds.code',
      'sec_fund_numbers.proj_id',
      'sec_fund_numbers.class_name',
    ])
    .execute();
  return new Map(rows.map((r) => [r.code ?? `${r.proj_id}|${r.class_name}`, r.fund_id]));
}

/** nav/AllFundPrices of a day as it must be: each fund's price of the day, or of the 7 days before. */
function expectedDay(day: string, ids: Map<string, number>, rows = expected) {
  const shown = new Map<string, Expected>();
  for (const e of rows)
    if (e.date <= day && e.date >= addDays(day, -BACKDATE_DAYS) && (shown.get(e.code)?.date ?? '') < e.date)
      shown.set(e.code, e);
  return [...shown.values()]
    .map((e) => ({
      mf_iNumber: String(ids.get(e.code)),
      mf_sEng: e.name,
      mf_catenumber: e.category,
      mfr_fNav: e.nav,
      mfr_fSel: e.offer,
      mfr_fBuy: e.redemption,
      mfr_dDataDate: e.date,
      mf_sAUM: e.aum,
      mf_backdate: e.date === day ? '' : e.date,
    }))
    .sort((a, b) => Number(a.mf_iNumber) - Number(b.mf_iNumber));
}

type DayRow = Record<string, unknown> & { mf_iNumber: string };
async function publishedDay(day: string) {
  const rows = await api<DayRow>(`nav/AllFundPrices/${dmy(day)}`);
  return rows
    .map((r) => ({
      mf_iNumber: r.mf_iNumber,
      mf_sEng: r.mf_sEng,
      mf_catenumber: r.mf_catenumber,
      mfr_fNav: r.mfr_fNav,
      mfr_fSel: r.mfr_fSel,
      mfr_fBuy: r.mfr_fBuy,
      mfr_dDataDate: r.mfr_dDataDate,
      mf_sAUM: r.mf_sAUM,
      mf_backdate: r.mf_backdate,
    }))
    .sort((a, b) => Number(a.mf_iNumber) - Number(b.mf_iNumber));
}

async function expectPublished(rows = expected) {
  const ids = await numbers();
  for (const day of DAYS) expect(await publishedDay(day), day).toEqual(expectedDay(day, ids, rows));
  // Fund_Nav_ByFundCode by the fund's code: the range's first, last, lowest and highest NAV.
  for (const code of new Set(rows.map((e) => e.code))) {
    const navs = rows.filter((e) => e.code === code);
    const [stats] = await api<Record<string, number | string>>(
      `FundPriceService/Fund_Nav_ByFundCode/${encodeURIComponent(code)}/${dmy(DATA.from)}/${dmy(DATA.to)}`,
    );
    expect(stats, code).toMatchObject({
      Begin_mfr_fNav: navs[0]!.nav,
      End_mfr_fNav: navs.at(-1)!.nav,
      MinSelected_mfr_fNav: Math.min(...navs.map((e) => e.nav)),
      MaxSelected_mfr_fNav: Math.max(...navs.map((e) => e.nav)),
    });
  }
}

const navPaths = () => fake.asked.filter((p) => p.startsWith('/FundDailyInfo/'));

describe('rates connect sec-funds', () => {
  it('backfills a handful of funds in both body shapes, with classes and 204s, exactly; refused rows named; a second run makes no batch; a correction is one batch', async () => {
    const first = await run();
    expect(first).toMatchObject({ result: 'ok', error: null });
    await expectPublished();
    // Every price SEC had, and only those: the never-registered fund and the cancelled one after its
    // cancellation were never asked; weekends and Thai holidays neither.
    expect(navPaths().some((p) => p.includes(FUNDS[4]!.proj_id))).toBe(false);
    expect(
      navPaths()
        .filter((p) => p.includes(FUNDS[3]!.proj_id))
        .every((p) => p.slice(-10) <= '2026-06-10'),
    ).toBe(true);
    expect(new Set(navPaths().map((p) => p.slice(-10)))).toEqual(new Set(DAYS));
    expect(fake.statuses.get(204)).toBeGreaterThan(0);
    // Refused, each by fund and day: the Thai short name (no fund code, so none of its prices) and the
    // offer below the NAV. Nothing else.
    const ids = await numbers();
    const thai = FUNDS[6]!;
    const thaiId = ids.get(`${thai.proj_id}|`)!;
    expect(first.refused.filter((r) => r.type === 'funds').map((r) => r.key)).toEqual(
      DAYS.map(() => thai.proj_abbr_name),
    );
    expect(
      first.refused.filter((r) => r.type === 'fund-prices').map((r) => [r.key, r.date, r.column]),
    ).toEqual(
      refusedDays.map((r) => [
        String(r.fund === 'BOFFER' ? ids.get('BOFFER') : thaiId),
        r.date,
        r.fund === 'BOFFER' ? 'offer' : 'fund',
      ]),
    );
    expect(refusedDays.length).toBe(DAYS.length + 1);

    const batches = await batchCount();
    expect(batches).toBe(first.batches);
    fake.asked.length = 0;
    const second = await run();
    expect(second).toMatchObject({ result: 'ok', batches: 0, published: 0 });
    expect(await batchCount()).toBe(batches);
    // The same numbers: given once.
    expect(await numbers()).toEqual(ids);

    // SEC corrects a NAV inside the correction window: one batch, one row.
    const day = DAYS.at(-2)!;
    const kfix = FUNDS[0]!;
    const body = structuredClone(fake.navs.get(`${kfix.proj_id}|${day}`)) as {
      last_val: number;
      amc_info: { sell_price: number }[];
    };
    const corrected = Math.round((body.last_val + 0.0101) * 10_000) / 10_000;
    fake.navs.set(`${kfix.proj_id}|${day}`, { ...body, last_val: corrected });
    const third = await run().finally(() => fake.navs.set(`${kfix.proj_id}|${day}`, body));
    expect(third).toMatchObject({ result: 'ok', batches: 1, published: 1 });
    expect(await batchCount()).toBe(batches + 1);
    await expectPublished(
      expected.map((e) => (e.code === 'KFIX' && e.date === day ? { ...e, nav: corrected } : e)),
    );
  }, 120_000);

  it('waits out 429 and 421 (Retry-After), a 5xx and a slow answer, and paces itself to stay within the limit', async () => {
    const [kfix, keq] = FUNDS as [(typeof FUNDS)[0], (typeof FUNDS)[0]];
    // SEC's 421 is waited out as a 429 is (the transport asks with undici's request, which does not
    // send a 421's request again by itself as fetch does).
    fake.overLimitNext.push(429, 421);
    fake.failOnce.set(`/FundDailyInfo/${kfix.proj_id}/dailynav/${DAYS[0]}`, 503);
    fake.slow.set(`/FundDailyInfo/${keq.proj_id}/dailynav/${DAYS[0]}`, 300);
    const waits: string[] = [];
    const ok = await run({}, { onWait: (_ms, why) => waits.push(why) }).finally(() => fake.slow.clear());
    expect(ok).toMatchObject({ result: 'ok', error: null });
    expect(waits).toEqual([
      'the source answered 429 and asked to wait',
      'the source answered 421 and asked to wait',
      'the source answered 503',
    ]);
    expect(ok.retries).toBe(3);
    await expectPublished();
  }, 120_000);

  it('stays within SEC_RATE_LIMIT: never more calls started in any window than the limit', async () => {
    const limited = await startFakeSec({
      factsheetKey: FACTSHEET_KEY,
      dailyinfoKey: DAILYINFO_KEY,
      callsPerWindow: 12,
      windowMs: 1000,
    });
    // When each call left, on the clock the pacing keeps (the fake counts them as they arrive, later
    // by however busy the machine is: its own count would measure the machine).
    const starts: number[] = [];
    const timed = () => void starts.push(performance.now());
    try {
      fill(limited);
      const ok = await run(
        { secApiUrl: limited.url, secRateLimit: { calls: 12, seconds: 1 } },
        { onRequest: timed },
      );
      expect(ok).toMatchObject({ result: 'ok', error: null });
      expect(starts.length).toBeGreaterThan(36);
      for (let i = 12; i < starts.length; i++)
        expect(starts[i]! - starts[i - 12]!).toBeGreaterThanOrEqual(1000);
      expect(ok.pacedMs).toBeGreaterThan(0);
      await expectPublished();
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('says which setting to set: a missing key, a wrong one per product; no key in any message or state', async () => {
    const missing = await run({ secDailyinfoKey: '' });
    expect(missing.error).toBe(
      'SEC_DAILYINFO_KEY is not set: get one at https://api-portal.sec.or.th (sign up, subscribe to the FundDailyInfo product, copy its primary key) and set SEC_DAILYINFO_KEY.',
    );
    expect(fake.asked).toEqual([]);
    const wrongDaily = await run({ secDailyinfoKey: `${DAILYINFO_KEY}x` });
    expect(wrongDaily.error).toMatch(
      new RegExp(
        `^NAV of KFIX \\(M0100_2553\\) on ${DAYS[0]}: .*\\(401\\): check SEC_DAILYINFO_KEY \\(get one at https://api-portal\\.sec\\.or\\.th`,
      ),
    );
    // The FundDailyInfo key is not the FundFactsheet one: each product's own key goes with its calls.
    const swapped = await run({ secFactsheetKey: DAILYINFO_KEY });
    expect(swapped.error).toMatch(/^fund houses: .*\(401\): check SEC_FACTSHEET_KEY/);
    expect(await batchCount()).toBe(0);
    const state = JSON.stringify(await readConnectorState(t!.store.db, 'sec-funds'));
    for (const key of [FACTSHEET_KEY, DAILYINFO_KEY]) {
      expect(state).not.toContain(key);
      expect(`${missing.error} ${wrongDaily.error} ${swapped.error}`).not.toContain(key);
    }
  }, 60_000);

  it('stopped after a day, resumes at the next day: nothing fetched twice, nothing half-published', async () => {
    const stop = new AbortController();
    const stopped = await run(
      {},
      { signal: stop.signal, onBatch: (b) => b.batchId !== null && stop.abort() },
    );
    expect(stopped.result).toBe('failed');
    expect(stopped.batches).toBe(1);
    const firstDay = navPaths().map((p) => p.slice(-10));
    expect(new Set(firstDay)).toEqual(new Set([DAYS[0]]));
    const resumed = await run();
    expect(resumed.result).toBe('ok');
    const asked = navPaths();
    expect(new Set(asked).size).toBe(asked.length);
    await expectPublished();
  }, 120_000);

  it('a body that is not JSON, or of neither shape, publishes nothing of its day; the next run goes on from there', async () => {
    const keq = FUNDS[1]!;
    const broken = `/FundDailyInfo/${keq.proj_id}/dailynav/${DAYS[2]}`;
    fake.broken.add(broken);
    const failed = await run().finally(() => fake.broken.clear());
    expect(failed.result).toBe('failed');
    expect(failed.error).toMatch(
      new RegExp(`^NAV of KEQ \\(M0101_2553\\) on ${DAYS[2]}: the answer is not JSON`),
    );
    expect(failed.batches).toBe(2);
    const ids = await numbers();
    expect(await publishedDay(DAYS[2]!)).toEqual([]);
    expect(await publishedDay(DAYS[1]!)).toEqual(expectedDay(DAYS[1]!, ids));
    const body = fake.navs.get(`${keq.proj_id}|${DAYS[3]}`);
    fake.navs.set(`${keq.proj_id}|${DAYS[3]}`, { nav_date: DAYS[3], last_val: 'ten', amc_info: 'none' });
    const odd = await run().finally(() => fake.navs.set(`${keq.proj_id}|${DAYS[3]}`, body));
    expect(odd.error).toMatch(
      new RegExp(`^NAV of KEQ \\(M0101_2553\\) on ${DAYS[3]}: SEC's answer is of neither documented shape`),
    );
    expect(await publishedDay(DAYS[3]!)).toEqual([]);
    expect((await run()).result).toBe('ok');
    await expectPublished();
  }, 120_000);

  it('--amc: only the fund houses named; one SEC does not list is refused by name', async () => {
    const bbl = 'C0000000239';
    const one = await run({ secAmcs: [bbl] });
    expect(one).toMatchObject({ result: 'ok' });
    expect(fake.asked.filter((p) => p.startsWith('/FundFactsheet/fund/amc/'))).toEqual(
      DAYS.length > 0 ? [`/FundFactsheet/fund/amc/${bbl}`] : [],
    );
    await expectPublished(expected.filter((e) => FUNDS.find((f) => f.proj_id === e.proj)!.unique_id === bbl));
    const unknown = await run({ secAmcs: ['C9999999999'] });
    expect(unknown.error).toMatch(/--amc C9999999999: SEC lists no such fund house/);
  }, 120_000);

  it('--dry-run --out writes import files a day at a time, and changes nothing in the store', async () => {
    const out = join(dir, 'dry');
    const dry = await run({}, { dryRunOut: out });
    expect(dry).toMatchObject({ result: 'ok' });
    expect(await batchCount()).toBe(0);
    expect(await t!.store.db.selectFrom('sec_fund_numbers').selectAll().execute()).toEqual([]);
    // A folder a day; the days without a NAV (weekends, holidays) have no file.
    const folders = readdirSync(out)
      .sort()
      .filter((f) => readdirSync(join(out, f)).length > 0);
    expect(folders.map((f) => f.slice(-10))).toEqual(DAYS);
    const first = join(out, folders[0]!);
    // The first day also carries each fund's facts (its house as SEC's list names it; this fake
    // publishes no other part of them: 204).
    expect(readdirSync(first).sort()).toEqual([
      'fund-categories.csv',
      'fund-facts.csv',
      'fund-prices.csv',
      'funds.csv',
    ]);
    const prices = readFileSync(join(first, 'fund-prices.csv'), 'utf8').trim().split('\n');
    expect(prices[0]).toBe('fund,date,nav,offer,redemption,total_net_assets');
    expect(prices.length - 1).toBe(expected.filter((e) => e.date === DAYS[0]).length);
  }, 120_000);
});
