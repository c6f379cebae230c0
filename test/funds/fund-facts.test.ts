import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, postBatch, type TestApp } from '../helpers/app.js';
import { fixtureDividends } from '../helpers/fixture.js';

// FundFacts and FundDividends (decisions section 11) through the HTTP app, on the fixture: B-TREASURY
// (101) has every block, B-EQUITY (202) some not published and two dividends, B-GLOBAL (201) no facts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({ url: `/api/FundPriceService/${url}`, headers: { 'ocp-apim-subscription-key': t.key } });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/FundPriceService/FundFacts/{fund}', () => {
  it('answers the facts by number, block by block, with the day SEC updated each', async () => {
    const facts = await json('FundFacts/101');
    const updated = addDays(t.fixture.latest, -30);
    expect(facts).toEqual({
      fund: { id: 101, code: 'B-TREASURY', nameEn: 'B-TREASURY Fund', nameTh: 'กองทุนเปิด B-TREASURY' },
      fundHouse: { en: 'B Asset Management Co., Ltd.', th: 'บริษัทหลักทรัพย์จัดการกองทุน บี จำกัด' },
      fundType: { en: 'Money Market Fund', th: 'กองทุนรวมตลาดเงิน' },
      policy: {
        en: 'Invests in deposits and debt instruments maturing within one year',
        th: 'ลงทุนในเงินฝากและตราสารหนี้ที่มีอายุไม่เกิน 1 ปี',
        updated,
      },
      risk: { level: 1, label: '1', updated },
      fees: {
        frontEnd: { prospectusMax: 0, actual: 0 },
        backEnd: { prospectusMax: 0, actual: 0 },
        switchingIn: { prospectusMax: 0, actual: 0 },
        switchingOut: { prospectusMax: 0, actual: 0 },
        management: { prospectusMax: 0.5, actual: 0.2675 },
        totalExpenseRatio: { prospectusMax: 1, actual: 0.3021 },
        updated,
      },
      benchmark: {
        en: 'Average 1-year fixed deposit rate of three large banks',
        th: 'อัตราดอกเบี้ยเงินฝากประจำ 1 ปี เฉลี่ยของธนาคารพาณิชย์ขนาดใหญ่ 3 แห่ง',
        updated,
      },
      dividendPolicy: { pays: false, en: 'Does not pay dividends', th: 'ไม่จ่ายเงินปันผล', updated },
      inception: { date: '2010-05-17', registeredAssets: 10_000_000_000 },
      // The latest total net assets published with a price.
      netAssets: { date: t.fixture.latest, value: 1e9 },
      links: {
        factsheet: 'https://funds.example.com/factsheet/B-TREASURY.pdf',
        prospectus: 'https://funds.example.com/prospectus/B-TREASURY.pdf',
        updated,
      },
    });
  });

  it('takes the short code in any case; a block not published is null', async () => {
    const facts = await json('FundFacts/b-equity');
    expect(facts.fund).toMatchObject({ id: 202, code: 'B-EQUITY' });
    expect(facts.risk).toMatchObject({ level: 6, label: '6' });
    expect(facts.fees.frontEnd).toEqual({ prospectusMax: 3, actual: 1.5 });
    expect(facts.dividendPolicy).toMatchObject({ pays: true });
    expect(facts.benchmark).toBeNull();
    expect(facts.links).toBeNull();
    // B-EQUITY publishes no net assets with its prices.
    expect(facts.netAssets).toBeNull();
  });

  it('answers a known fund without facts with every block null, and an unknown fund with null', async () => {
    const facts = await json('FundFacts/B-GLOBAL');
    expect(facts.fund).toMatchObject({ id: 201 });
    for (const block of ['fundHouse', 'fundType', 'policy', 'risk', 'fees', 'benchmark', 'dividendPolicy'])
      expect(facts[block], block).toBeNull();
    expect(facts.netAssets).toEqual({ date: t.fixture.latest, value: 5e8 });
    expect(await json('FundFacts/NO-SUCH-FUND')).toBeNull();
    expect(await json('FundFacts/4242')).toBeNull();
  });

  it("reads RS81 as 8+ and serves an import's correction", async () => {
    const res = await postBatch(t, 'fund-facts', 'fund,risk_level,risk_updated\nB-GLOBAL,8+,2026-01-05\n');
    expect(res.json()).toMatchObject({ status: 'committed' });
    expect((await json('FundFacts/201')).risk).toEqual({ level: 8, label: '8+', updated: '2026-01-05' });
  });

  it('refuses facts its checks do not take, naming the column', async () => {
    const cases: [string, string, string][] = [
      ['fund,risk_level\nB-GLOBAL,9\n', 'risk_level', 'expected a risk level 1-8 or 8+'],
      ['fund,management_max,management_actual\nB-GLOBAL,1.5,1.6\n', 'management_actual', 'above the maximum'],
      ['fund,dividend_policy\nB-GLOBAL,X\n', 'dividend_policy', 'expected Y or N'],
      [`fund,fees_updated\nB-GLOBAL,${addDays(t.fixture.today, 2)}\n`, 'fees_updated', 'after today'],
      ['fund,risk_level\nNO-SUCH,1\n', 'fund', 'unknown fund'],
    ];
    for (const [csv, column, reason] of cases) {
      const body = (await postBatch(t, 'fund-facts', csv)).json();
      expect(body.status, csv).toBe('rejected');
      expect(body.errors[0], csv).toMatchObject({ column, reason: expect.stringContaining(reason) });
    }
    // Five batches, each checked in a worker: more than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('GET /api/FundPriceService/FundDividends/{fund}/{range}', () => {
  const all = () => `01/01/2000/${dmy(t.fixture.latest)}`;

  it('answers the dividends with a book closing in the range, ascending, by number or code', async () => {
    const expected = fixtureDividends(t.fixture.latest).map((d) => ({
      bookClosingDate: d.book_closing_date,
      paymentDate: d.payment_date,
      perUnit: d.per_unit,
    }));
    expect(await json(`FundDividends/202/${all()}`)).toEqual(expected);
    expect(await json(`FundDividends/b-equity/${all()}`)).toEqual(expected);
    const last = expected[1]!.bookClosingDate;
    expect(await json(`FundDividends/202/${dmy(last)}/${dmy(t.fixture.latest)}`)).toEqual([expected[1]]);
  });

  it('answers [] for a fund without dividends and for an unknown fund; 400 for a bad range', async () => {
    expect(await json(`FundDividends/101/${all()}`)).toEqual([]);
    expect(await json(`FundDividends/NO-SUCH-FUND/${all()}`)).toEqual([]);
    expect((await get('FundDividends/202/31/02/2020/01/01/2021')).statusCode).toBe(400);
    expect((await get('FundDividends/202/01/01/2022/01/01/2021')).statusCode).toBe(400);
  });
});

describe('GET /api/FundPriceService/AllFundFacts', () => {
  it("answers every listed fund's fund house and risk level in AllFundsName's order, as FundFacts gives them", async () => {
    const list = (await json('AllFundFacts')) as {
      fund: { id: number; code: string };
      fundHouse: unknown;
      risk: { level: number; label: string } | null;
    }[];
    const names = (await json('AllFundsName')) as { mf_iNumber: string }[];
    expect(list.map((r) => String(r.fund.id))).toEqual(names.map((n) => String(n.mf_iNumber)));
    const house = { en: 'B Asset Management Co., Ltd.', th: 'บริษัทหลักทรัพย์จัดการกองทุน บี จำกัด' };
    expect(list.find((r) => r.fund.id === 101)).toEqual({
      fund: { id: 101, code: 'B-TREASURY' },
      fundHouse: house,
      risk: { level: 1, label: '1' },
    });
    expect(list.find((r) => r.fund.id === 202)).toMatchObject({ fundHouse: house, risk: { level: 6 } });
    // A fund without facts: null, as its FundFacts' blocks.
    expect(list.find((r) => r.fund.id === 999)).toEqual({
      fund: { id: 999, code: 'B-EMPTY' },
      fundHouse: null,
      risk: null,
    });
    for (const row of list) {
      const facts = await json(`FundFacts/${row.fund.id}`);
      expect(row.fund.code).toBe(facts.fund.code);
      expect(row.fundHouse, row.fund.code).toEqual(facts.fundHouse);
      expect(row.risk, row.fund.code).toEqual(
        facts.risk && { level: facts.risk.level, label: facts.risk.label },
      );
    }
  });

  it("serves an import's correction of a fund's house and risk", async () => {
    const csv = 'fund,fund_house_en,fund_house_th,risk_level\nB-ABROAD,C Asset Management,บลจ. ซี,7\n';
    expect((await postBatch(t, 'fund-facts', csv)).json()).toMatchObject({ status: 'committed' });
    const list = (await json('AllFundFacts')) as { fund: { id: number } }[];
    expect(list.find((r) => r.fund.id === 301)).toEqual({
      fund: { id: 301, code: 'B-ABROAD' },
      fundHouse: { en: 'C Asset Management', th: 'บลจ. ซี' },
      risk: { level: 7, label: '7' },
    });
  });
});
