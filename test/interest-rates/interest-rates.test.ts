import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GetDepositRate', () => {
  it("gives each product's rate in effect today, in display order, never a future one", async () => {
    const res = await t.app.inject({
      url: '/api/InterestRatesService/GetDepositRate',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    const today = t.fixture.today;
    expect(res.json()).toEqual([
      {
        DepositNameEn: 'Savings Account',
        DepositNameTh: 'เงินฝากออมทรัพย์',
        DepositRates: '0.25',
        EffectiveDate: dmy(addDays(today, -30)),
        TimeSubmit: `${dmy(addDays(today, -32))} 09:15:00`,
      },
      {
        DepositNameEn: 'Fixed Deposit 12 Months',
        DepositNameTh: 'เงินฝากประจำ 12 เดือน',
        DepositRates: '1.50',
        EffectiveDate: dmy(addDays(today, -200)),
        TimeSubmit: `${dmy(addDays(today, -205))} 14:00:05`,
      },
    ]);
    expect(Object.keys(res.json()[0])).toEqual([
      'DepositNameEn',
      'DepositNameTh',
      'DepositRates',
      'EffectiveDate',
      'TimeSubmit',
    ]);
  });
});
