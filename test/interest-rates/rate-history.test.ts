import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';

// The rates' history (issue 20): GetDepositRate/{date} and GetLoanRate/{date} give today's answers as of
// another day, from the same repositories, cached like every GET and served fresh after a batch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({ url: `/api/InterestRatesService/${url}`, headers: { 'ocp-apim-subscription-key': t.key } });

const rows = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, string>[];
};

describe('GetDepositRate/{date}', () => {
  it('gives the rates in force on that day, before and after a change', async () => {
    const today = t.fixture.today;
    // Savings went from 0.50 to 0.25 thirty days ago.
    expect(await rows(`GetDepositRate/${addDays(today, -31)}`)).toEqual([
      {
        DepositNameEn: 'Savings Account',
        DepositNameTh: 'เงินฝากออมทรัพย์',
        DepositRates: '0.50',
        EffectiveDate: dmy(addDays(today, -400)),
        TimeSubmit: `${dmy(addDays(today, -403))} 16:30:00`,
      },
      {
        DepositNameEn: 'Fixed Deposit 12 Months',
        DepositNameTh: 'เงินฝากประจำ 12 เดือน',
        DepositRates: '1.50',
        EffectiveDate: dmy(addDays(today, -200)),
        TimeSubmit: `${dmy(addDays(today, -205))} 14:00:05`,
      },
    ]);
    const after = await rows(`GetDepositRate/${addDays(today, -30)}`);
    expect(after.map((r) => [r.DepositNameEn, r.DepositRates, r.EffectiveDate])).toEqual([
      ['Savings Account', '0.25', dmy(addDays(today, -30))],
      ['Fixed Deposit 12 Months', '1.50', dmy(addDays(today, -200))],
    ]);
    // Today's date gives today's answer; the day-first form is the same day.
    expect(await rows(`GetDepositRate/${today}`)).toEqual(await rows('GetDepositRate'));
    const dayFirst = `${today.slice(8)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;
    expect(await rows(`GetDepositRate/${dayFirst}`)).toEqual(await rows('GetDepositRate'));
    // Before the first rate: nothing in force.
    expect(await rows(`GetDepositRate/${addDays(today, -401)}`)).toEqual([]);
  });

  it('answers 400 naming the date for a malformed, impossible or Buddhist-era date', async () => {
    for (const [date, message] of [
      ['2026-13', "Invalid date: expected a date YYYY-MM-DD (or DD-MM-YYYY, YYYYMMDD), got '2026-13'"],
      ['2026-02-30', "Invalid date: expected a date that exists, got '2026-02-30'"],
      [
        '2569-01-05',
        "Invalid date: expected an A.D. date (this looks like a Buddhist-era year; subtract 543), got '2569-01-05'",
      ],
    ]) {
      for (const op of ['GetDepositRate', 'GetLoanRate']) {
        const res = await get(`${op}/${date}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ statusCode: 400, message });
      }
    }
  });
});

describe('GetLoanRate/{date}', () => {
  it('gives the loan rates in force on that day, before and after a change', async () => {
    const today = t.fixture.today;
    const before = await rows(`GetLoanRate/${addDays(today, -61)}`);
    expect(before.map((r) => [r.LoanNameEn, r.LoanRates, r.EffectiveDate])).toEqual([
      ['Minimum Loan Rate (MLR)', '7.100', dmy(addDays(today, -500))],
    ]);
    const after = await rows(`GetLoanRate/${addDays(today, -60)}`);
    expect(after.map((r) => [r.LoanNameEn, r.LoanRates, r.EffectiveDate])).toEqual([
      ['Minimum Loan Rate (MLR)', '6.975', dmy(addDays(today, -60))],
      ['Minimum Overdraft Rate (MOR)', '7.300', dmy(addDays(today, -60))],
    ]);
    expect(Object.keys(after[0]!)).toEqual([
      'LoanNameEn',
      'LoanNameTh',
      'LoanRates',
      'EffectiveDate',
      'TimeSubmit',
    ]);
    expect(await rows(`GetLoanRate/${today}`)).toEqual(await rows('GetLoanRate'));
  });

  it('is served fresh after a batch changes a past rate', async () => {
    const day = addDays(t.fixture.today, -61);
    const cached = await rows(`GetLoanRate/${day}`); // cached now
    expect(cached[0]).toMatchObject({ LoanRates: '7.100' });
    const res = await postBatch(
      t,
      'loan-rates',
      `product,effective_date,rate,submitted_at\n1,${addDays(t.fixture.today, -500)},7.125,${addDays(t.fixture.today, -1)} 12:00:00\n`,
    );
    expect(res.json()).toMatchObject({ status: 'committed', changed: 1 });
    expect((await rows(`GetLoanRate/${day}`))[0]).toMatchObject({ LoanRates: '7.125' });
  });
});
