import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, dayOfWeek } from '../../src/domain/dates.js';
import { NavMaxMin } from '../../src/nav/schemas.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { fixtureNav, FUNDS } from '../helpers/fixture.js';

// The nav group (contract notes: the newer website): the fund data the bank's newer website reads, in its shapes. Where an
// answer holds what a FundPriceService operation answers, that operation (tested on its own) is the
// reference: the same rows, in the nav shape (dates YYYY-MM-DD, mf_sAUM, objects).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inject = (url: string) => t.app.inject({ url, headers: { 'ocp-apim-subscription-key': t.key } });
const nav = (url: string) => inject(`/api/nav/${url}`);
const funds = async (url: string) => (await inject(`/api/FundPriceService/${url}`)).json() as Row[];
type Row = Record<string, unknown>;
const day = (dateTime: unknown) => (typeof dateTime === 'string' ? dateTime.slice(0, 10) : dateTime);

/** A FundPriceService AllFundPrices item in the nav shape. */
function asNavPrice({ mfr_sAUM, mf_backdate, mfr_dDataDate, ...rest }: Row): Row {
  return { ...rest, mfr_dDataDate: day(mfr_dDataDate), mf_sAUM: mfr_sAUM, mf_backdate: day(mf_backdate) };
}

const expectBadRequest = async (url: string, message: string | RegExp) => {
  const res = await nav(url);
  expect(res.statusCode, url).toBe(400);
  const body = res.json() as { statusCode: number; message: string };
  expect(body.statusCode).toBe(400);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
};

describe('nav/LatestDate', () => {
  it('is an object with the latest price date, YYYY-MM-DD', async () => {
    const res = await nav('LatestDate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ mdate: t.fixture.latest });
  });

  it('answers whatever the case of its path', async () => {
    expect((await inject('/api/NAV/latestdate')).json()).toEqual({ mdate: t.fixture.latest });
  });
});

describe('nav/AllFundNames', () => {
  it('lists every fund in AllFundPrices order with its latest price, AUM, back date and order', async () => {
    const { latest } = t.fixture;
    const res = await nav('AllFundNames');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Row[];
    const names = await funds('AllFundsName');
    // The picker's funds, in its order, each followed by the price fields and mf_order.
    expect(rows.map((r) => r.mf_iNumber)).toEqual(names.map((r) => r.mf_iNumber));
    rows.forEach((r, i) => expect(r).toMatchObject(names[i]!));
    for (const r of rows) {
      expect(Object.keys(r)).toEqual([
        ...Object.keys(names[0]!),
        'mfr_fNav',
        'mfr_fSel',
        'mfr_fBuy',
        'mfr_dDataDate',
        'mf_sAUM',
        'mf_backdate',
        'mf_order',
      ]);
    }
    const byId = (id: number) => rows.find((r) => r.mf_iNumber === String(id))!;
    const n101 = fixtureNav(101, 0);
    expect(byId(101)).toMatchObject({
      mfr_fNav: n101,
      mfr_fSel: n101,
      mfr_fBuy: n101,
      mfr_dDataDate: latest,
      mf_sAUM: '1000000000.00',
      mf_backdate: '',
      mf_order: 1,
    });
    // B-EQUITY publishes on weekdays only: on a weekend its Friday's price is its latest.
    const equityDay = [0, 1, 2].find((i) => dayOfWeek(addDays(latest, -i)) % 6 !== 0)!;
    const equityDate = addDays(latest, -equityDay);
    expect(byId(202)).toMatchObject({
      mfr_fNav: fixtureNav(202, equityDay),
      mfr_dDataDate: equityDate,
      mf_sAUM: '',
      mf_backdate: equityDay === 0 ? '' : equityDate,
      mf_order: 2,
    });
    // B-ABROAD's latest price is two days old: shown with its date as mf_backdate.
    expect(byId(301)).toMatchObject({
      mfr_fNav: fixtureNav(301, 2),
      mfr_dDataDate: addDays(latest, -2),
      mf_sAUM: '250000001.00',
      mf_backdate: addDays(latest, -2),
      mf_order: 1,
    });
    // B-EMPTY has never had a price.
    expect(byId(FUNDS.empty.id)).toMatchObject({
      mfr_fNav: null,
      mfr_fSel: null,
      mfr_fBuy: null,
      mfr_dDataDate: null,
      mf_sAUM: '',
      mf_backdate: null,
      mf_order: 3,
    });
  });
});

describe('nav/GetUpdateInMonth', () => {
  it('answers the days of FundPriceService GetUpdateInMonth as `day`, for a fund or any (0)', async () => {
    const [y, m] = [t.fixture.latest.slice(0, 4), Number(t.fixture.latest.slice(5, 7))];
    for (const fund of ['0', '101', 'b-equity', '202', '301']) {
      const reference = await funds(`GetUpdateInMonth/${y}/${m}/${fund}`);
      const res = await nav(`GetUpdateInMonth/${y}/${m}/${fund}`);
      expect(res.statusCode).toBe(200);
      const days = res.json() as { day: number }[];
      expect(days).toEqual(reference.map((r) => ({ day: r.Day })));
      expect(days.length, fund).toBeGreaterThan(0);
      expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort((a, b) => a - b));
      // The month unpadded, as the site sends it, or padded.
      expect((await nav(`GetUpdateInMonth/${y}/${String(m).padStart(2, '0')}/${fund}`)).body).toBe(res.body);
    }
  });

  it('is [] for an unknown fund or a month without prices', async () => {
    expect((await nav('GetUpdateInMonth/2026/1/NO-SUCH')).body).toBe('[]');
    expect((await nav('GetUpdateInMonth/1990/1/0')).body).toBe('[]');
  });

  it('refuses a malformed month, year or fund with a 400 naming it', async () => {
    await expectBadRequest('GetUpdateInMonth/2026/13/0', "Invalid m: expected a month 1-12, got '13'");
    await expectBadRequest(
      'GetUpdateInMonth/26/1/0',
      "Invalid yyyy: expected a four-digit A.D. year, got '26'",
    );
    await expectBadRequest(
      'GetUpdateInMonth/2569/1/0',
      /^Invalid yyyy: expected an A\.D\. year \(this looks like a Buddhist-era year/,
    );
    await expectBadRequest(
      'GetUpdateInMonth/2026/1/12345678901',
      /^Invalid fund: expected a fund number or short code/,
    );
  });
});

describe('nav/AllFundPrices', () => {
  it("answers FundPriceService AllFundPrices' rows in the nav shape, categories contiguous", async () => {
    const { latest } = t.fixture;
    // The latest day, and a day on which B-ABROAD shows its price of a week before.
    for (const date of [latest, addDays(latest, -14), addDays(latest, -3)]) {
      const res = await nav(`AllFundPrices/${dmy(date)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const rows = res.json() as Row[];
      expect(rows).toEqual((await funds(`AllFundPrices/${dmy(date)}`)).map(asNavPrice));
      expect(rows.length).toBeGreaterThan(2);
      const categories = rows.map((r) => r.mf_catenumber);
      expect(categories).toEqual([...categories].sort());
    }
    const week = (await nav(`AllFundPrices/${dmy(addDays(latest, -14))}`)).json() as Row[];
    expect(week.find((r) => r.mf_iNumber === '301')).toMatchObject({
      mfr_dDataDate: addDays(latest, -21),
      mf_sAUM: '250000010.50',
      mf_backdate: addDays(latest, -21),
    });
  });

  it('takes one- or two-digit days and months', async () => {
    const { latest } = t.fixture;
    const [y, m, d] = latest.split('-').map(Number);
    expect((await nav(`AllFundPrices/${d}/${m}/${y}`)).body).toBe(
      (await nav(`AllFundPrices/${dmy(latest)}`)).body,
    );
  });

  it('is [] for a day on which no fund has a price', async () => {
    expect((await nav(`AllFundPrices/${dmy(t.fixture.today)}`)).body).toBe('[]');
    expect((await nav('AllFundPrices/01/01/1990')).body).toBe('[]');
  });

  it('refuses an impossible date with a 400 naming the parameter', async () => {
    await expectBadRequest(
      'AllFundPrices/31/02/2026',
      "Invalid dd: expected a day that exists in 2026-02, got '31'",
    );
    await expectBadRequest('AllFundPrices/01/13/2026', "Invalid mm: expected a month 1-12, got '13'");
    await expectBadRequest('AllFundPrices/01/01/2569', /^Invalid yyyy: expected an A\.D\. year/);
  });
});

describe('nav/FundMaxMinNav', () => {
  const range = (from: string, to: string) => `${dmy(from)}/${dmy(to)}`;

  it("holds Fund_Nav_ByFundCode's NAVs, each with the offer and redemption of that day's price", async () => {
    const { latest } = t.fixture;
    for (const [fund, from] of [
      ['202', addDays(latest, -40)],
      ['B-ABROAD', addDays(latest, -200)],
      ['101', addYears(latest, -3)],
    ] as const) {
      const url = `${fund}/${range(from, latest)}`;
      const res = await nav(`FundMaxMinNav/${url}`);
      expect(res.statusCode).toBe(200);
      const stats = res.json() as Record<string, number | null>;
      expect(Object.keys(stats)).toEqual(Object.keys(NavMaxMin.properties));
      const [reference] = (await funds(`Fund_Nav_ByFundCode/${url}`)) as Record<string, string | number>[];
      const history = await funds(`FundPrice_ByFundCode/${fund}/${range('2000-01-01', latest)}`);
      for (const kind of ['Max', 'Min']) {
        for (const window of ['Selected', 'Year', 'Since']) {
          const name = `${kind}${window}`;
          const date = reference![`${name}_mfr_dDataDate`];
          const price = history.find((p) => p.mfr_dDataDate === date)!;
          expect(stats[`${name}_fNav`], `${fund} ${name}`).toBe(reference![`${name}_mfr_fNav`]);
          expect(stats[`${name}_fNav`]).toBe(price.mfr_fNav);
          expect(stats[`${name}_fBuy`], `${fund} ${name}`).toBe(price.mfr_fBuy);
          expect(stats[`${name}_fSel`], `${fund} ${name}`).toBe(price.mfr_fSel);
        }
      }
      expect(stats.Begin_fNav).toBe(reference!.Begin_mfr_fNav);
      expect(stats.End_fNav).toBe(reference!.End_mfr_fNav);
      // B-EQUITY's offer and redemption differ from its NAV, so a wrong row would show.
      if (fund === '202') expect(stats.MaxSelected_fSel).not.toBe(stats.MaxSelected_fBuy);
    }
  });

  it('takes a range of exactly 3 years and an end after the latest price', async () => {
    const { latest, today } = t.fixture;
    const end = addDays(today, 30);
    const res = await nav(`FundMaxMinNav/101/${range(addYears(end, -3), end)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ End_fNav: fixtureNav(101, 0), MaxSince_fNav: expect.any(Number) });
    expect(latest < end).toBe(true);
  });

  it('has every field null for an unknown fund or a range before any price', async () => {
    const nulls = Object.fromEntries(Object.keys(NavMaxMin.properties).map((k) => [k, null]));
    expect((await nav(`FundMaxMinNav/NO-SUCH/${range('2026-01-01', '2026-01-31')}`)).json()).toEqual(nulls);
    expect((await nav(`FundMaxMinNav/101/${range('1990-01-01', '1990-12-31')}`)).json()).toEqual(nulls);
    // A fund that has never had a price.
    const empty = (
      await nav(`FundMaxMinNav/${FUNDS.empty.code}/${range('2020-01-01', t.fixture.latest)}`)
    ).json();
    expect(empty).toEqual(nulls);
  });

  it('refuses bad dates and a reversed range with a 400', async () => {
    await expectBadRequest(
      'FundMaxMinNav/101/31/02/2026/01/03/2026',
      "Invalid fdd: expected a day that exists in 2026-02, got '31'",
    );
    await expectBadRequest(
      'FundMaxMinNav/101/01/03/2026/01/02/2026',
      /^Invalid period: expected a start date on or before the end date/,
    );
    await expectBadRequest('FundMaxMinNav/101/01/01/2026/01/01/2569', /^Invalid tyyyy:/);
    await expectBadRequest(
      'FundMaxMinNav/101/01/01/2026/1/1/26',
      /^Invalid tyyyy: expected a four-digit A\.D\. year/,
    );
  });
});

describe('nav/NavHistory', () => {
  it("answers FundPrice_ByFundCode's rows with dates YYYY-MM-DD, ascending", async () => {
    const { latest } = t.fixture;
    for (const fund of ['101', 'b-abroad', '202']) {
      const url = `${fund}/${dmy(addDays(latest, -60))}/${dmy(latest)}`;
      const res = await nav(`NavHistory/${url}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const rows = res.json() as Row[];
      const reference = await funds(`FundPrice_ByFundCode/${url}`);
      expect(rows).toEqual(reference.map((r) => ({ ...r, mfr_dDataDate: day(r.mfr_dDataDate) })));
      expect(rows.length).toBeGreaterThan(10);
      const dates = rows.map((r) => r.mfr_dDataDate as string);
      expect(dates).toEqual([...dates].sort());
      expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    }
  });

  it('takes 3 years ending after the latest price', async () => {
    const end = addDays(t.fixture.today, 10);
    const rows = (await nav(`NavHistory/101/${dmy(addYears(end, -3))}/${dmy(end)}`)).json() as Row[];
    expect(rows.at(-1)).toMatchObject({ mfr_dDataDate: t.fixture.latest });
    // B-TREASURY's fixture has a price every day for 800 days.
    expect(rows).toHaveLength(800);
  });

  it('is [] for an unknown fund or a range without prices', async () => {
    expect((await nav('NavHistory/NO-SUCH/01/01/2026/31/01/2026')).body).toBe('[]');
    expect((await nav('NavHistory/101/01/01/1990/31/01/1990')).body).toBe('[]');
    expect((await nav(`NavHistory/${FUNDS.empty.id}/01/01/2020/31/01/2026`)).body).toBe('[]');
  });

  it('refuses bad dates with a 400 naming the parameter', async () => {
    await expectBadRequest(
      'NavHistory/101/01/01/2026/30/02/2026',
      "Invalid tdd: expected a day that exists in 2026-02, got '30'",
    );
    await expectBadRequest(
      'NavHistory/101/01/00/2026/01/02/2026',
      "Invalid fmm: expected a month 1-12, got '00'",
    );
    await expectBadRequest(
      'NavHistory/b%20x/01/01/2026/01/02/2026',
      /^Invalid fund: expected a fund number or short code, got 'b x'/,
    );
  });
});
