import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../src/domain/dates.js';
import { createTestApp, DATE_TIME, dmy, type TestApp } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({ url: `/api/FundPriceService/${url}`, headers: { 'ocp-apim-subscription-key': t.key } });

const RECORD_FIELDS = [
  'mfr_iId',
  'mf_iNumber',
  'mfr_fNav',
  'mfr_fSel',
  'mfr_fBuy',
  'l_ID',
  'mfr_dDataDate',
  'mf_sEng',
  'mf_sTha',
  'mf_sThaLCD',
  'mf_linkEng',
  'mf_linkTha',
  'mf_pdf',
  'mf_order',
  'mf_catenumber',
];
const LIST_FIELDS = [
  'mf_iNumber',
  'mf_sEng',
  'mf_sTha',
  'mf_catenumber',
  'mf_cateEng',
  'mf_cateTha',
  'mf_linkEng',
  'mf_linkTha',
  'mfr_fNav',
  'mfr_fSel',
  'mfr_fBuy',
  'mfr_dDataDate',
  'mfr_sAUM',
  'mf_backdate',
];

describe('LatestDate', () => {
  it('gives the latest price date as a one-element array', async () => {
    const res = await get('LatestDate');
    expect(res.json()).toEqual([{ mDate: `${t.fixture.latest}T00:00:00` }]);
  });

  it('gives [] when there is no price at all', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const res = await empty.app.inject({
        url: '/api/FundPriceService/LatestDate',
        headers: { 'ocp-apim-subscription-key': empty.key },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('[]');
    } finally {
      await empty.close();
    }
  });
});

describe('FundPrice_ByFundCode', () => {
  it('lists every price of the range ascending, with the spec fields in order and their types', async () => {
    const from = addDays(t.fixture.latest, -30);
    const res = await get(`FundPrice_ByFundCode/${FUNDS.equity.id}/${dmy(from)}/${dmy(t.fixture.latest)}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    const weekdays = Array.from({ length: 31 }, (_, i) => addDays(from, i)).filter(
      (d) => dayOfWeek(d) % 6 !== 0,
    );
    expect(rows.map((r) => r.mfr_dDataDate)).toEqual(weekdays.map((d) => `${d}T00:00:00`));
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(RECORD_FIELDS);
      expect(r.mfr_dDataDate).toMatch(DATE_TIME);
      for (const f of ['mfr_iId', 'mf_iNumber', 'mf_order', 'mf_catenumber'])
        expect(Number.isInteger(r[f])).toBe(true);
      for (const f of ['mfr_fNav', 'mfr_fSel', 'mfr_fBuy', 'l_ID']) expect(typeof r[f]).toBe('number');
      expect(r.mfr_fSel as number).toBeGreaterThanOrEqual(r.mfr_fNav as number);
      expect(r.mfr_fNav as number).toBeGreaterThanOrEqual(r.mfr_fBuy as number);
      expect(r).toMatchObject({
        mf_iNumber: 202,
        l_ID: t.fixture.batchId,
        mf_sEng: 'B-EQUITY Fund',
        mf_sThaLCD: r.mf_sTha, // no short Thai name: the Thai name stands in
        mf_pdf: 'https://funds.example.com/factsheet/B-EQUITY.pdf',
        mf_order: 2,
        mf_catenumber: 2,
      });
    }
  });

  it('finds a fund by short code case-insensitively, the same as by number', async () => {
    const range = `${dmy(addDays(t.fixture.latest, -5))}/${dmy(t.fixture.latest)}`;
    const byNumber = await get(`FundPrice_ByFundCode/101/${range}`);
    const byCode = await get(`FundPrice_ByFundCode/b-TreaSury/${range}`);
    expect(byCode.json()).toEqual(byNumber.json());
    expect(byNumber.json()[0].mf_sThaLCD).toBe('บี ทรีชัวรี่');
  });

  it('gives [] for an unknown fund and for a range without prices', async () => {
    expect((await get(`FundPrice_ByFundCode/NOPE/01/01/2020/31/12/2020`)).json()).toEqual([]);
    expect((await get(`FundPrice_ByFundCode/101/01/01/1990/31/12/1990`)).json()).toEqual([]);
  });

  it('refuses a start after the end and an impossible date', async () => {
    const late = await get(`FundPrice_ByFundCode/101/02/01/2026/01/01/2026`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^Invalid period: expected a start date on or before the end date/);
    const feb = await get(`FundPrice_ByFundCode/101/29/2/2025/01/03/2025`);
    expect(feb.json()).toEqual({
      statusCode: 400,
      message: "Invalid fdd: expected a day that exists in 2025-02, got '29'",
    });
  });
});

describe('AllFundPrices', () => {
  it('lists the prices of that exact date by category, display order and number', async () => {
    // The fixture's latest day has prices of 101 (category 1), 201 (category 2, order 1), 202 (category 2,
    // order 2; on a weekend its Friday's price) and 301 (category 3, two days late).
    const res = await get(`AllFundPrices/${dmy(t.fixture.latest)}`);
    const rows = res.json() as Record<string, unknown>[];
    const expected = ['101', '201', '202', '301'];
    expect(rows.map((r) => r.mf_iNumber)).toEqual(expected);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(LIST_FIELDS);
      expect(typeof r.mf_iNumber).toBe('string');
      expect(Number.isInteger(r.mf_catenumber)).toBe(true);
    }
    expect(rows[0]).toMatchObject({ mf_cateEng: 'Money Market Fund', mf_cateTha: 'กองทุนรวมตลาดเงิน' });
  });

  it('accepts one-digit day and month', async () => {
    const res = await get(`AllFundPrices/1/2/2026`);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('refuses a Buddhist-era year, naming it', async () => {
    const res = await get(`AllFundPrices/01/02/2569`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Invalid yyyy: expected an A.D. year (this looks like a Buddhist-era year; subtract 543), got '2569'",
    );
  });

  it('refuses a month out of range with a message naming the parameter', async () => {
    const res = await get(`AllFundPrices/01/13/2026`);
    expect(res.json()).toEqual({ statusCode: 400, message: "Invalid m: expected a month 1-12, got '13'" });
  });
});

describe('GetUpdateInMonth', () => {
  const [year, month] = [() => t.fixture.latest.slice(0, 4), () => t.fixture.latest.slice(5, 7)];

  it("lists the fund's price days of the month ascending", async () => {
    const res = await get(`GetUpdateInMonth/${year()}/${month()}/${FUNDS.equity.id}`);
    const expected: number[] = [];
    for (
      let d = `${year()}-${month()}-01`;
      d <= t.fixture.latest && d.slice(5, 7) === month();
      d = addDays(d, 1)
    ) {
      if (dayOfWeek(d) % 6 !== 0) expected.push(Number(d.slice(8)));
    }
    expect(res.json()).toEqual(expected.map((Day) => ({ Day })));
  });

  it('lists the days of any fund for fund code 0', async () => {
    const res = await get(`GetUpdateInMonth/${year()}/${month()}/0`);
    const days = (res.json() as { Day: number }[]).map((d) => d.Day);
    expect(days).toEqual(Array.from({ length: Number(t.fixture.latest.slice(8)) }, (_, i) => i + 1));
  });

  it('gives [] for an unknown fund and a fund without prices', async () => {
    expect((await get(`GetUpdateInMonth/${year()}/${month()}/12345`)).json()).toEqual([]);
    expect((await get(`GetUpdateInMonth/${year()}/${month()}/B-EMPTY`)).json()).toEqual([]);
  });

  it('refuses a bad month or a Buddhist-era year', async () => {
    const res = await get(`GetUpdateInMonth/2026/13/0`);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Invalid month: expected a month 1-12, got '13'",
    });
    expect((await get(`GetUpdateInMonth/2569/1/0`)).json()).toEqual({
      statusCode: 400,
      message:
        "Invalid year: expected an A.D. year (this looks like a Buddhist-era year; subtract 543), got '2569'",
    });
  });
});
