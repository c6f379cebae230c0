import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears } from '../../src/domain/dates.js';
import { createTestApp, DATE_TIME, dmy, type TestApp } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const KEY = 'ocp-apim-subscription-key';
const post = (path: string, payload?: string, contentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/FundPriceService/GetNavByFundCode/${path}`,
    headers: { [KEY]: t.key, ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  });
const get = (url: string) => t.app.inject({ url: `/api/FundPriceService/${url}`, headers: { [KEY]: t.key } });

describe('GetNavByFundCode (POST)', () => {
  it('answers the envelope with the NAV list of the range', async () => {
    const from = addDays(t.fixture.latest, -9);
    const res = await post(`${from}/${t.fixture.latest}?fundCode=101`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['NAVList', 'Success', 'Message', 'FundCode', 'DateFrom', 'DateTo']);
    expect(body).toMatchObject({
      Success: true,
      Message: '',
      FundCode: '101',
      DateFrom: from,
      DateTo: t.fixture.latest,
    });
    expect(body.NAVList).toHaveLength(10);
    for (const e of body.NAVList) {
      expect(Object.keys(e)).toEqual(['NAVRate', 'NAVDate', 'PurchaseRate', 'RedeemRate', 'NAV']);
      expect(e.NAVDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof e.NAVRate).toBe('number');
      expect(typeof e.NAV).toBe('number');
    }
    expect(body.NAVList.map((e: { NAVDate: string }) => e.NAVDate)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays(from, i)),
    );
  });

  it('serves NAV null when total net assets were not published', async () => {
    const res = await post(`${addDays(t.fixture.latest, -9)}/${t.fixture.latest}?fundCode=B-EQUITY`);
    expect(res.json().NAVList[0].NAV).toBeNull();
    expect(res.json().NAVList[0].PurchaseRate).toBeGreaterThan(res.json().NAVList[0].RedeemRate);
  });

  it('accepts DD-MM-YYYY and YYYYMMDD and echoes them normalized', async () => {
    const res = await post('05-01-2026/20260131?fundCode=101');
    expect(res.json()).toMatchObject({ Success: true, DateFrom: '2026-01-05', DateTo: '2026-01-31' });
  });

  it('ignores any small body of any type', async () => {
    const path = `2026-01-01/2026-01-10?fundCode=101`;
    const expected = (await post(path)).json();
    expect((await post(path, '{}', 'application/json')).json()).toEqual(expected);
    expect((await post(path, 'not json at all {', 'application/json')).json()).toEqual(expected);
    expect((await post(path, 'hello', 'text/plain')).json()).toEqual(expected);
  });

  it('answers an unknown fund with Success false and an empty list', async () => {
    const res = await post('2026-01-01/2026-01-10?fundCode=NOSUCHFUND');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      NAVList: [],
      Success: false,
      Message: "Fund 'NOSUCHFUND' was not found",
      FundCode: 'NOSUCHFUND',
      DateFrom: '2026-01-01',
      DateTo: '2026-01-10',
    });
  });

  it('answers malformed input with 400 in the same envelope, naming the parameter', async () => {
    const bad = await post('2026-13-01/2026-01-10?fundCode=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      NAVList: [],
      Success: false,
      Message: "Invalid fromDate: expected a date that exists, got '2026-13-01'",
      FundCode: '101',
      DateFrom: '2026-13-01',
      DateTo: '2026-01-10',
    });
    const missing = await post('2026-01-01/2026-01-10');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toBe("Invalid fundCode: expected a fund number or short code, got ''");
    const pattern = await post('01.01.2026/2026-01-10?fundCode=101');
    expect(pattern.json().Message).toMatch(/^Invalid fromDate: expected a date YYYY-MM-DD/);
    const reversed = await post('2026-02-01/2026-01-10?fundCode=101');
    expect(reversed.json()).toMatchObject({
      Success: false,
      Message: expect.stringMatching(/^Invalid period/),
    });
  });
});

const STAT_FIELDS = [
  'MinSelected',
  'MaxSelected',
  'MinYear',
  'MaxYear',
  'MinSince',
  'MaxSince',
  'Begin',
  'End',
].flatMap((p) => [`${p}_mfr_fNav`, `${p}_mfr_dDataDate`]);

interface Price {
  date: string;
  nav: number;
}

/** The statistics as 4.2 defines them, computed the slow, obvious way. */
function bruteForce(prices: Price[], from: string, to: string) {
  const pick = (rows: Price[], better: (a: number, b: number) => boolean) =>
    rows.reduce<Price | null>(
      (best, p) =>
        best === null || better(p.nav, best.nav) || (p.nav === best.nav && p.date > best.date) ? p : best,
      null,
    );
  const selected = prices.filter((p) => p.date >= from && p.date <= to);
  const year = prices.filter((p) => p.date > addYears(to, -1) && p.date <= to);
  const since = prices.filter((p) => p.date <= to);
  const out: Record<string, unknown> = {};
  const put = (prefix: string, p: Price | null | undefined) => {
    out[`${prefix}_mfr_fNav`] = p ? p.nav : null;
    out[`${prefix}_mfr_dDataDate`] = p ? `${p.date}T00:00:00` : null;
  };
  for (const [name, rows] of [
    ['Selected', selected],
    ['Year', year],
    ['Since', since],
  ] as const) {
    put(
      `Min${name}`,
      pick(rows, (a, b) => a < b),
    );
    put(
      `Max${name}`,
      pick(rows, (a, b) => a > b),
    );
  }
  put('Begin', selected[0]);
  put('End', selected.at(-1));
  return STAT_FIELDS.reduce<Record<string, unknown>>((o, f) => ({ ...o, [f]: out[f] }), {});
}

async function allPrices(fund: number): Promise<Price[]> {
  const res = await get(`FundPrice_ByFundCode/${fund}/01/01/2000/${dmy(t.fixture.today)}`);
  return (res.json() as { mfr_dDataDate: string; mfr_fNav: number }[]).map((r) => ({
    date: r.mfr_dDataDate.slice(0, 10),
    nav: r.mfr_fNav,
  }));
}

describe('Fund_Nav_ByFundCode', () => {
  it('answers a one-element array with the 16 fields in order', async () => {
    const res = await get(`Fund_Nav_ByFundCode/101/01/01/2026/${dmy(t.fixture.latest)}`);
    const body = res.json() as Record<string, unknown>[];
    expect(body).toHaveLength(1);
    expect(Object.keys(body[0]!)).toEqual(STAT_FIELDS);
    for (const f of STAT_FIELDS) {
      if (f.endsWith('fNav')) expect(typeof body[0]![f]).toBe('number');
      else expect(body[0]![f]).toMatch(DATE_TIME);
    }
  });

  it('equals a brute-force computation over the raw prices, for random funds and ranges', async () => {
    const history = new Map<number, Price[]>();
    for (const f of [FUNDS.treasury.id, FUNDS.global.id, FUNDS.equity.id]) history.set(f, await allPrices(f));
    const start = addDays(t.fixture.latest, -900);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(FUNDS.treasury.id, FUNDS.global.id, FUNDS.equity.id),
        fc.integer({ min: 0, max: 950 }),
        fc.integer({ min: 0, max: 950 }),
        async (fund, a, b) => {
          const [from, to] = [addDays(start, Math.min(a, b)), addDays(start, Math.max(a, b))];
          const res = await get(`Fund_Nav_ByFundCode/${fund}/${dmy(from)}/${dmy(to)}`);
          expect(res.json()).toEqual([bruteForce(history.get(fund)!, from, to)]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('takes the latest date on a tie', async () => {
    // The fixture's NAVs repeat every 101 days, so over 300 days every extreme is a tie.
    const prices = await allPrices(FUNDS.treasury.id);
    const from = addDays(t.fixture.latest, -300);
    const res = (await get(`Fund_Nav_ByFundCode/101/${dmy(from)}/${dmy(t.fixture.latest)}`)).json()[0];
    const minNav = Math.min(...prices.filter((p) => p.date >= from).map((p) => p.nav));
    const minDates = prices.filter((p) => p.date >= from && p.nav === minNav).map((p) => p.date);
    expect(minDates.length).toBeGreaterThan(1);
    expect(res.MinSelected_mfr_dDataDate).toBe(`${minDates.at(-1)}T00:00:00`);
  });

  it('gives null for the windows without a NAV', async () => {
    // B-GLOBAL starts 99 days before the latest day: a range 2 years back has no NAV at all.
    const to = addDays(t.fixture.latest, -400);
    const res = (await get(`Fund_Nav_ByFundCode/B-GLOBAL/${dmy(addDays(to, -30))}/${dmy(to)}`)).json();
    expect(res).toEqual([Object.fromEntries(STAT_FIELDS.map((f) => [f, null]))]);
    const empty = (await get(`Fund_Nav_ByFundCode/B-EMPTY/01/01/2026/${dmy(t.fixture.latest)}`)).json();
    expect(empty).toEqual([Object.fromEntries(STAT_FIELDS.map((f) => [f, null]))]);
  });

  it('gives Since and Year values when the selected range itself is empty', async () => {
    const from = addDays(t.fixture.latest, 1);
    const res = (await get(`Fund_Nav_ByFundCode/101/${dmy(from)}/${dmy(t.fixture.today)}`)).json()[0];
    expect(res.MinSelected_mfr_fNav).toBeNull();
    expect(res.Begin_mfr_fNav).toBeNull();
    expect(res.MinSince_mfr_fNav).toEqual(expect.any(Number));
    expect(res.MaxYear_mfr_fNav).toEqual(expect.any(Number));
  });

  it('gives [] for an unknown fund and 400 for a bad parameter', async () => {
    expect((await get(`Fund_Nav_ByFundCode/UNKNOWN/01/01/2026/02/01/2026`)).json()).toEqual([]);
    const bad = await get(`Fund_Nav_ByFundCode/101/01/01/26/02/01/2026`);
    expect(bad.json()).toEqual({
      statusCode: 400,
      message: "Invalid fyyyy: expected a four-digit A.D. year, got '26'",
    });
  });
});
