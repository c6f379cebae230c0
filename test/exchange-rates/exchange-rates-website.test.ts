import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';

// The website's ExchangeRateService operations (contract notes: the website) on the fixture: USD1 (bank notes only),
// USD50, JPY (per 100) and GBP (no rates) in display order 1, 3, 6, 4; rounds 1-3 at 09:00, 11:00 and
// 15:30 on each of the last ten days and one day about three years back. In round r the dollar's mid
// is 32.5 + r/100, so round 3's USD50 TT is 32.43 and its Bill_DD_TT 32.78; JPY is flat.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({
    url: `/api/ExchangeRateService/${url}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
const json = async (url: string): Promise<unknown> => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json();
};
const refused = async (url: string, message: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, message });
};

/** d/MM/yyyy with the year as given. */
const bannerDate = (iso: string, year = Number(iso.slice(0, 4))) =>
  `${Number(iso.slice(8, 10))}/${iso.slice(5, 7)}/${year}`;
/** d/m/yyyy path segments without zero padding, as some callers send them. */
const unpadded = (iso: string) => `${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`;

/** The fixture's banner rows of round r (ID aside), in display order. */
function bannerRows(r: number, ddate: string) {
  const usd = 32.5 + r / 100;
  const f = (n: number) => n.toFixed(4);
  const time = ['09:00', '11:00', '15:30'][r - 1];
  const common = { Ddate: ddate, Update: String(r), DTime: time };
  return [
    {
      ID: expect.stringMatching(/^[0-9]+$/),
      Description: 'USD: 1-2',
      Family: 'USD1',
      FamilyLong: 'US Dollar 1-2',
      BuyingRates: f(usd - 0.4),
      SellingRates: f(usd + 0.3),
      SightBill: '',
      Bill_DD_TT: '',
      TT: '',
      ...common,
    },
    {
      ID: expect.stringMatching(/^[0-9]+$/),
      Description: 'USD: 50-100',
      Family: 'USD50',
      FamilyLong: 'US Dollar 50-100',
      BuyingRates: f(usd - 0.2),
      SellingRates: f(usd + 0.3),
      SightBill: f(usd - 0.15),
      Bill_DD_TT: f(usd + 0.25),
      TT: f(usd - 0.1),
      ...common,
    },
    {
      ID: expect.stringMatching(/^[0-9]+$/),
      Description: 'Japan (:100)',
      Family: 'JPY',
      FamilyLong: 'Japanese Yen',
      BuyingRates: '21.1000',
      SellingRates: '21.9000',
      SightBill: '21.2000',
      Bill_DD_TT: '21.8000',
      TT: '21.2500',
      ...common,
    },
  ];
}

describe('GetLatestfxrates', () => {
  it("answers every family's rates of the latest round, in display order, with the 12 banner fields", async () => {
    const rows = (await json('GetLatestfxrates')) as Record<string, string>[];
    expect(rows).toEqual(bannerRows(3, bannerDate(t.fixture.latest)));
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(bannerRows(3, '')[0]!));
    expect(new Set(rows.map((r) => r.ID)).size).toBe(3);
  });
});

describe('Getfxrates', () => {
  it('answers the rows as of the round asked, the year Buddhist-era with lang=th', async () => {
    const { latest } = t.fixture;
    const year = Number(latest.slice(0, 4));
    expect(await json(`Getfxrates/${dmy(latest)}/2/en`)).toEqual(bannerRows(2, bannerDate(latest)));
    expect(await json(`Getfxrates/${unpadded(latest)}/02/TH`)).toEqual(
      bannerRows(2, bannerDate(latest, year + 543)),
    );
    const day = addDays(latest, -4);
    expect(await json(`Getfxrates/${dmy(day)}/1/th`)).toEqual(bannerRows(1, bannerDate(day, year + 543)));
  });

  it('answers [] for a round or a day without rates', async () => {
    expect(await json(`Getfxrates/${dmy(t.fixture.latest)}/4/en`)).toEqual([]);
    expect(await json(`Getfxrates/${dmy(addDays(t.fixture.latest, -20))}/1/en`)).toEqual([]);
  });

  it('refuses malformed days, rounds and languages, naming the parameter', async () => {
    await refused(
      'Getfxrates/31/02/2026/1/en',
      "Invalid dd: expected a day that exists in 2026-02, got '31'",
    );
    await refused('Getfxrates/1/13/2026/1/en', "Invalid mm: expected a month 1-12, got '13'");
    await refused(
      'Getfxrates/17/02/2569/1/en',
      "Invalid yyyy: expected an A.D. year (this looks like a Buddhist-era year; subtract 543), got '2569'",
    );
    await refused(
      'Getfxrates/17/02/2026/0/en',
      "Invalid update: expected an update round 1-99 (the day's rounds are listed by GetUpdateInMonth), got '0'",
    );
    await refused('Getfxrates/17/02/2026/1/fr', "Invalid lang: expected 'en' or 'th', got 'fr'");
  });
});

describe('GetfxratesLastUpdate and GetDateTimeLastUpdate', () => {
  it('answer the latest round, its time and its day, the same under both names', async () => {
    const expected = [{ Update: '3', Time: '15:30', Day: dmy(t.fixture.latest) }];
    expect(await json('GetfxratesLastUpdate')).toEqual(expected);
    expect(await json('getdatetimelastupdate')).toEqual(expected);
    expect(Object.keys(expected[0]!)).toEqual(['Update', 'Time', 'Day']);
  });
});

describe('GetDayInMonth', () => {
  it('answers the days of the month with rates, ascending, without leading zeros', async () => {
    const { latest } = t.fixture;
    const month = latest.slice(0, 7);
    const days = Array.from({ length: 10 }, (_, i) => addDays(latest, i - 9)).filter((d) =>
      d.startsWith(month),
    );
    expect(await json(`GetDayInMonth/${latest.slice(0, 4)}/${Number(latest.slice(5, 7))}`)).toEqual(
      days.map((d) => ({ Day: String(Number(d.slice(8, 10))) })),
    );
    expect(await json(`GetDayInMonth/${latest.slice(0, 4)}/${latest.slice(5, 7)}`)).toHaveLength(days.length);
    expect(await json('GetDayInMonth/2001/01')).toEqual([]);
  });

  it('refuses a bad month or a Buddhist-era year', async () => {
    await refused('GetDayInMonth/2026/13', "Invalid mm: expected a month 1-12, got '13'");
    await refused('GetDayInMonth/2026/0', "Invalid mm: expected a month 1-12, got '0'");
    await refused(
      'GetDayInMonth/2569/1',
      "Invalid yyyy: expected an A.D. year (this looks like a Buddhist-era year; subtract 543), got '2569'",
    );
    await refused('GetDayInMonth/26/1', "Invalid yyyy: expected a four-digit A.D. year, got '26'");
  });
});

describe('GetUpdateInMonth (FX)', () => {
  it("answers the day's rounds and their times in order", async () => {
    const rounds = [
      { Update: '1', Time: '09:00' },
      { Update: '2', Time: '11:00' },
      { Update: '3', Time: '15:30' },
    ];
    expect(await json(`GetUpdateInMonth/${dmy(t.fixture.latest)}`)).toEqual(rounds);
    expect(await json(`getupdateinmonth/${unpadded(t.fixture.latest)}`)).toEqual(rounds);
    expect(await json(`GetUpdateInMonth/${dmy(addDays(t.fixture.latest, -20))}`)).toEqual([]);
  });

  it('refuses an impossible day', async () => {
    await refused(
      'GetUpdateInMonth/30/02/2026',
      "Invalid dd: expected a day that exists in 2026-02, got '30'",
    );
  });
});

describe('GetChartfxrates', () => {
  const f = (n: number) => n.toFixed(4);
  const usd50 = (r: number, Ddate: string, DTime: string) => {
    const usd = 32.5 + r / 100;
    return {
      Family: 'USD50',
      BuyingRates: f(usd - 0.2),
      SellingRates: f(usd + 0.3),
      SightBill: f(usd - 0.15),
      Bill_DD_TT: f(usd + 0.25),
      TT: f(usd - 0.1),
      Ddate,
      DTime,
    };
  };
  const mdy = (iso: string, year = iso.slice(0, 4)) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${year}`;

  it("answers a row a day (the day's last round, no time) over several days", async () => {
    const { latest } = t.fixture;
    const days = [addDays(latest, -2), addDays(latest, -1), latest];
    expect(await json(`GetChartfxrates/${dmy(days[0]!)}/${dmy(latest)}/usd50/en`)).toEqual(
      days.map((d) => usd50(3, mdy(d), '')),
    );
    const be = String(Number(latest.slice(0, 4)) + 543);
    const thai = (await json(`GetChartfxrates/${unpadded(days[0]!)}/${unpadded(latest)}/USD50/th`)) as {
      Ddate: string;
    }[];
    expect(thai.map((r) => r.Ddate)).toEqual(days.map((d) => mdy(d, String(Number(d.slice(0, 4)) + 543))));
    expect(thai.at(-1)!.Ddate.endsWith(be)).toBe(true);
  });

  it('answers a row a round, with its time, when both dates are the same day', async () => {
    const { latest } = t.fixture;
    expect(await json(`GetChartfxrates/${dmy(latest)}/${dmy(latest)}/USD50/en`)).toEqual([
      usd50(1, mdy(latest), '09:00'),
      usd50(2, mdy(latest), '11:00'),
      usd50(3, mdy(latest), '15:30'),
    ]);
  });

  it('answers [] for an unknown family or a family without rates', async () => {
    const { latest } = t.fixture;
    expect(await json(`GetChartfxrates/${dmy(addDays(latest, -3))}/${dmy(latest)}/XYZ/en`)).toEqual([]);
    expect(await json(`GetChartfxrates/${dmy(latest)}/${dmy(latest)}/GBP/en`)).toEqual([]);
  });

  it('refuses a period over 3 years, a reversed period and a bad language', async () => {
    await refused(
      'GetChartfxrates/01/01/2020/02/01/2023/USD50/en',
      "Invalid period: expected at most 3 years, got '2020-01-01 to 2023-01-02'",
    );
    await refused(
      'GetChartfxrates/02/01/2026/01/01/2026/USD50/en',
      "Invalid period: expected a start date on or before the end date, got '2026-01-02 to 2026-01-01'",
    );
    await refused(
      'GetChartfxrates/01/01/2026/02/01/2026/USD50/de',
      "Invalid lang: expected 'en' or 'th', got 'de'",
    );
  });
});

describe('Convert', () => {
  const asOf = () => ({ Ddate: dmy(t.fixture.latest), Update: '3', DTime: '15:30' });

  it('buys foreign currency at TT and sells it at Bill_DD_TT, through baht, per 100 for JPY', async () => {
    // Worked by hand from round 3: USD50 TT 32.43, Bill_DD_TT 32.78; JPY TT 21.25, Bill_DD_TT 21.80 per 100.
    const cases: [string, number, number][] = [
      ['100/USD/THB', 3243, 32.43], // 100 x 32.43
      ['1234.56/usd/thb', 40036.78, 32.43], // 40036.7808
      ['1000/THB/USD', 30.51, 0.03050641], // 1000 / 32.78 = 30.5064...
      ['10000/JPY/THB', 2125, 0.2125], // 10000 x 21.25 / 100
      ['2/JPY/THB', 0.43, 0.2125], // 0.425: half rounds up
      ['1000/THB/JPY', 4587.16, 4.58715596], // 1000 x 100 / 21.80 = 4587.1559...
      ['100/USD/JPY', 14876.15, 148.76146789], // 100 x 32.43 x 100 / 21.80 = 14876.1467...
      ['100/USD/USD', 100, 1],
    ];
    for (const [path, convertedAmount, rate] of cases) {
      const [, from, to] = path.split('/') as [string, string, string];
      const answer = await json(`Convert/${path}`);
      expect(answer, path).toEqual({
        convertedAmount,
        rate,
        from: from.toUpperCase(),
        to: to.toUpperCase(),
        ...asOf(),
      });
      expect(Object.keys(answer as object)).toEqual([
        'convertedAmount',
        'rate',
        'from',
        'to',
        'Ddate',
        'Update',
        'DTime',
      ]);
    }
  });

  it('converts baht to baht at 1, as of the latest round', async () => {
    expect(await json('Convert/1/THB/thb')).toEqual({
      convertedAmount: 1,
      rate: 1,
      from: 'THB',
      to: 'THB',
      ...asOf(),
    });
  });

  it('refuses an unknown currency, one without transfer rates, and a bad amount, naming the parameter', async () => {
    await refused(
      'Convert/100/XYZ/THB',
      "Invalid from: expected THB or a currency with a buying TT rate, such as USD or JPY, got 'XYZ'",
    );
    await refused(
      'Convert/100/THB/GBP',
      "Invalid to: expected THB or a currency with a selling (Bill_DD_TT) rate, such as USD or JPY, got 'GBP'",
    );
    await refused(
      'Convert/100/USDD/THB',
      "Invalid from: expected a three-letter currency code such as USD or THB, got 'USDD'",
    );
    const amount = (got: string) =>
      `Invalid amount: expected a decimal above 0 and at most 1000000000000, got '${got}'`;
    for (const bad of ['0', '0.00', '1000000000000.01', 'abc', '1e5', '-5', '1,000']) {
      await refused(`Convert/${bad}/USD/THB`, amount(bad));
    }
    expect(await json('Convert/1000000000000/USD/THB')).toMatchObject({ convertedAmount: 32430000000000 });
    expect(await json('Convert/.5/USD/THB')).toMatchObject({ convertedAmount: 16.22 }); // 16.215
  });
});
