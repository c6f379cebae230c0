import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';

// GetLoanRate (contract notes: the website): GetDepositRate's answer for loan reference rates and loan products, from
// the loan-products and loan-rates import types, with revisions kept and served fresh after a batch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loanRates = async () => {
  const res = await t.app.inject({
    url: '/api/InterestRatesService/GetLoanRate',
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as Record<string, string>[];
};

const loanHistory = (product: string, date: string) =>
  t.app.inject({
    url: `/admin/history/loan-rates?product=${product}&date=${date}`,
    headers: { authorization: `Bearer ${t.adminToken}` },
  });

describe('GetLoanRate', () => {
  it("gives each loan rate's rate in effect today, in display order, never a future one", async () => {
    const today = t.fixture.today;
    const rows = await loanRates();
    expect(rows).toEqual([
      {
        LoanNameEn: 'Minimum Loan Rate (MLR)',
        LoanNameTh: 'อัตราดอกเบี้ย MLR',
        LoanRates: '6.975',
        EffectiveDate: dmy(addDays(today, -60)),
        TimeSubmit: `${dmy(addDays(today, -62))} 09:15:00`,
      },
      {
        LoanNameEn: 'Minimum Overdraft Rate (MOR)',
        LoanNameTh: 'อัตราดอกเบี้ย MOR',
        LoanRates: '7.300',
        EffectiveDate: dmy(addDays(today, -60)),
        TimeSubmit: `${dmy(addDays(today, -62))} 09:15:00`,
      },
      {
        // In force from today: served today.
        LoanNameEn: 'Minimum Retail Rate (MRR)',
        LoanNameTh: 'อัตราดอกเบี้ย MRR',
        LoanRates: '7.050',
        EffectiveDate: dmy(today),
        TimeSubmit: `${dmy(addDays(today, -2))} 14:00:05`,
      },
    ]);
    expect(Object.keys(rows[0]!)).toEqual([
      'LoanNameEn',
      'LoanNameTh',
      'LoanRates',
      'EffectiveDate',
      'TimeSubmit',
    ]);
  });

  it('answers 404 for another method, as for any path not listed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/InterestRatesService/GetLoanRate',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(res.json()).toEqual({ statusCode: 404, message: 'Resource not found' });
  });
});

describe('the loan import types', () => {
  it('take CSV, JSON and NDJSON, and the new rates are served right after the batch commits', async () => {
    const before = await loanRates(); // cached now
    const products = await postBatch(
      t,
      'loan-products',
      'id,name_en,name_th,display_order\n10,Home Loan,สินเชื่อบ้าน,10\n11,"Car Loan, new",สินเชื่อรถยนต์,11\n',
    );
    expect(products.json()).toMatchObject({ status: 'committed', rowsRead: 2 });
    const json = await postBatch(
      t,
      'loan-rates',
      JSON.stringify([
        {
          product: 10,
          effective_date: addDays(t.fixture.today, -3),
          rate: '3.25',
          submitted_at: '2026-01-05 08:00:00',
        },
      ]),
      'application/json',
    );
    expect(json.json()).toMatchObject({ status: 'committed', inserted: 1 });
    const nd = await postBatch(
      t,
      'loan-rates',
      `{"product":11,"effective_date":"${addDays(t.fixture.today, -1)}","rate":"4.1","submitted_at":"2026-01-05 08:00:00"}\n`,
      'application/x-ndjson',
    );
    expect(nd.json()).toMatchObject({ status: 'committed', inserted: 1 });
    const after = await loanRates();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((r) => [r.LoanNameEn, r.LoanRates])).toEqual([
      ['Home Loan', '3.25'],
      ['Car Loan, new', '4.1'],
    ]);
  });

  it('reject a whole batch for one bad row, naming its line, and serve nothing of it', async () => {
    const before = await loanRates();
    const today = t.fixture.today;
    const res = await postBatch(
      t,
      'loan-rates',
      'product,effective_date,rate,submitted_at\n' +
        `1,${today},6.5,2026-01-05 08:00:00\n` +
        `404,${today},6.5,2026-01-05 08:00:00\n` +
        `2,${today},abc,2026-01-05 08:00:00\n`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      errorCount: 2,
      errors: [
        { file: 'loan-rates.csv', line: 3, column: 'product', reason: 'unknown loan product 404' },
        { file: 'loan-rates.csv', line: 4, column: 'rate', reason: expect.stringMatching(/^expected /) },
      ],
    });
    // A deposit product's id is not a loan product's.
    const savings = await postBatch(
      t,
      'deposit-products',
      'id,name_en,name_th,display_order\n50,Savings,ออมทรัพย์,50\n',
    );
    expect(savings.json()).toMatchObject({ status: 'committed' });
    const deposit = await postBatch(
      t,
      'loan-rates',
      `product,effective_date,rate,submitted_at\n50,${today},1,2026-01-05 08:00:00\n`,
    );
    expect(deposit.json()).toMatchObject({
      status: 'rejected',
      errors: [{ line: 2, column: 'product', reason: 'unknown loan product 50' }],
    });
    expect(await loanRates()).toEqual(before);
  });

  it('keep the replaced rate as a revision, shown by the history of the admin API', async () => {
    const effective = addDays(t.fixture.today, -60);
    const res = await postBatch(
      t,
      'loan-rates',
      `product,effective_date,rate,submitted_at\n1,${effective},6.950,${addDays(t.fixture.today, -1)} 12:00:00\n`,
    );
    expect(res.json()).toMatchObject({ status: 'committed', changed: 1, revisions: 1 });
    expect((await loanRates())[0]).toMatchObject({ LoanRates: '6.950', EffectiveDate: dmy(effective) });

    const history = await loanHistory('1', effective);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      {
        served: true,
        batchId: res.json().batchId,
        replacedByBatchId: null,
        replacedAt: null,
        values: { rate: '6.950', submitted_at: `${addDays(t.fixture.today, -1)} 12:00:00` },
      },
      {
        served: false,
        batchId: t.fixture.batchId,
        replacedByBatchId: res.json().batchId,
        replacedAt: expect.any(String),
        values: { rate: '6.975', submitted_at: `${addDays(t.fixture.today, -62)} 09:15:00` },
      },
    ]);
    expect((await loanHistory('1', '2000-01-01')).json()).toEqual([]);
    expect((await loanHistory('MLR', effective)).json()).toEqual({
      statusCode: 400,
      message: "Invalid product: expected a whole number, got 'MLR'",
    });
  });
});
