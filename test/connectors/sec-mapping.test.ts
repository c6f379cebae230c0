import { describe, expect, it } from 'vitest';
import { FUND_CODE } from '../../src/domain/fund-code.js';
import { DailyNav, shapeProblem, type SecFund } from '../../src/connectors/sec/answers.js';
import { categoryOf, fundCode, navSpan } from '../../src/connectors/sec/funds.js';
import { priceColumns, readDailyNav, remarkClasses } from '../../src/connectors/sec/nav.js';
import { arrayNav, objectNav, type FakeFund } from './fake-sec.js';

// The SEC connector's mapping, rule by rule (docs/connectors.md, SEC Thailand): the bodies are the
// fake's, made in the two documented shapes.

const fund: FakeFund = {
  proj_id: 'M0001_2550',
  proj_abbr_name: 'KFIX',
  proj_name_en: 'K Fixed Income Fund',
  proj_name_th: 'กองทุนเปิดเค ตราสารหนี้',
  fund_status: 'RG',
  regis_date: '2007-03-01',
  cancel_date: '-',
  unique_id: 'C0000000001',
  policy_desc: 'ตราสารหนี้',
};
const secFund = fund as unknown as SecFund;
const DAY = '2024-03-05';

describe('SEC daily NAV answers', () => {
  it('reads the object shape of a fund without classes, prices and assets included', () => {
    const body = objectNav(
      fund,
      DAY,
      [{ name: null, nav: 10.1234, offer: 10.2, redemption: 10.1 }],
      1_234_567.891,
    );
    expect(shapeProblem(DailyNav, body)).toBeNull();
    const read = readDailyNav(body as DailyNav, DAY);
    expect(read).toEqual({
      kind: 'prices',
      date: DAY,
      prices: [{ className: '', nav: 10.1234, offer: 10.2, redemption: 10.1, netAsset: 1_234_567.891 }],
    });
    if (read.kind !== 'prices') throw new Error('no prices');
    expect(priceColumns('7', DAY, read.prices[0]!)).toEqual({
      fund: '7',
      date: DAY,
      nav: 10.1234,
      offer: 10.2,
      redemption: 10.1,
      total_net_assets: '1234567.89',
    });
  });

  it('reads class NAVs of the object shape from remark_en only, without the fund-wide assets', () => {
    const body = objectNav(
      fund,
      DAY,
      [
        { name: 'KFIX-A', nav: 10.3393 },
        { name: 'KFIX-D', nav: 10.3516 },
      ],
      5_000_000,
    );
    expect((body as { amc_info: { remark_en: string }[] }).amc_info[0]!.remark_en).toBe(
      'KFIX-A= 10.3393/KFIX-D= 10.3516',
    );
    const read = readDailyNav(body as DailyNav, DAY);
    expect(read.kind === 'prices' && read.prices.map((p) => [p.className, p.nav, p.netAsset])).toEqual([
      ['KFIX-A', '10.3393', null],
      ['KFIX-D', '10.3516', null],
    ]);
  });

  it("takes the spec's own example remark as written", () => {
    expect(remarkClasses('Fund-A= 10.3393/Fund-D= 10.3516')).toEqual([
      { className: 'Fund-A', nav: '10.3393' },
      { className: 'Fund-D', nav: '10.3516' },
    ]);
  });

  it('reads the array shape, one row per class, "-" for a fund without classes', () => {
    const classes = readDailyNav(
      arrayNav(DAY, [
        { name: 'KFIX-A', nav: 10.5, offer: 10.6, netAsset: 100 },
        { name: 'KFIX-SSF', nav: 10.4, redemption: 10.3, netAsset: 50 },
      ]) as DailyNav,
      DAY,
    );
    expect(classes.kind === 'prices' && classes.prices.map((p) => p.className)).toEqual([
      'KFIX-A',
      'KFIX-SSF',
    ]);
    const none = readDailyNav(arrayNav(DAY, [{ name: null, nav: 11 }]) as DailyNav, DAY);
    expect(none.kind === 'prices' && none.prices[0]!.className).toBe('');
  });

  it('publishes the NAV as the offer or redemption price SEC gives as 0 or not at all', () => {
    const read = readDailyNav(arrayNav(DAY, [{ name: null, nav: 11.25, offer: 11.5 }]) as DailyNav, DAY);
    if (read.kind !== 'prices') throw new Error('no prices');
    expect(priceColumns('9', DAY, read.prices[0]!)).toMatchObject({
      nav: 11.25,
      offer: 11.5,
      redemption: 11.25,
    });
    const absent = { className: '', nav: '9.5', offer: undefined, redemption: '0.0000', netAsset: null };
    expect(priceColumns('9', DAY, absent)).toMatchObject({
      offer: '9.5',
      redemption: '9.5',
      total_net_assets: null,
    });
  });

  it('says an answer of another day is not a NAV of the day asked, and a class fund without remarks is a problem', () => {
    expect(readDailyNav(arrayNav('2024-03-04', [{ name: null, nav: 1 }]) as DailyNav, DAY)).toEqual({
      kind: 'other-day',
      date: '2024-03-04',
    });
    const bare = objectNav(fund, DAY, [{ name: 'A', nav: 1 }], 1) as {
      amc_info: { remark_en: string; remark_th: string }[];
    };
    bare.amc_info[0]!.remark_en = bare.amc_info[0]!.remark_th = '';
    expect(readDailyNav(bare as unknown as DailyNav, DAY)).toMatchObject({ kind: 'problem' });
  });

  it('refuses a body of neither shape by where it differs', () => {
    expect(shapeProblem(DailyNav, { nav: 1 })).toMatch(/^at /);
    expect(shapeProblem(DailyNav, [{ class_abbr_name: 'A', last_val: { x: 1 } }])).toMatch(/^at /);
  });
});

describe('SEC funds', () => {
  it('makes a code of a short name (spaces become -); whether it is one is the one fund-code rule', () => {
    expect(fundCode('ASP-DEQ ThaiESGX')).toBe('ASP-DEQ-ThaiESGX');
    expect(fundCode(' K-STEQ-A(A) ')).toBe('K-STEQ-A(A)');
    // The import's checks refuse what the rule refuses (sec-funds.test.ts: such a fund is listed as refused).
    expect(FUND_CODE.test(fundCode('ASP-DEQ ThaiESGX'))).toBe(true);
    expect(FUND_CODE.test(fundCode('บัวหลวงทองคำ'))).toBe(false);
    expect(FUND_CODE.test(fundCode('X'.repeat(41)))).toBe(false);
  });

  it('asks for NAVs only of registered funds, from registration to cancellation', () => {
    expect(navSpan(secFund, '2024-01-01', '2024-01-31')).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(navSpan({ ...secFund, fund_status: 'SE' }, '2024-01-01', '2024-01-31')).toBeNull();
    expect(navSpan({ ...secFund, fund_status: 'EX' }, '2024-01-01', '2024-01-31')).toBeNull();
    expect(
      navSpan({ ...secFund, fund_status: 'CA', cancel_date: '2024-01-10' }, '2024-01-01', '2024-01-31'),
    ).toEqual({
      from: '2024-01-01',
      to: '2024-01-10',
    });
    expect(
      navSpan({ ...secFund, fund_status: 'LI', cancel_date: '2023-12-29' }, '2024-01-01', '2024-01-31'),
    ).toBeNull();
    expect(navSpan({ ...secFund, regis_date: '2024-01-15' }, '2024-01-01', '2024-01-31')).toEqual({
      from: '2024-01-15',
      to: '2024-01-31',
    });
  });

  it("puts a fund in the service's category of its SEC policy type, in English and Thai", () => {
    expect(categoryOf('KFIX', 'ตราสารหนี้')).toMatchObject({ id: 2, name_en: 'Fixed Income' });
    expect(categoryOf('KEQ', 'Equity Fund')).toMatchObject({ id: 4, name_th: 'กองทุนรวมตราสารทุน' });
    expect(categoryOf('KMM', 'กองทุนรวมตลาดเงิน')).toMatchObject({ id: 1 });
    expect(categoryOf('KGOLD', 'ทองคำ')).toMatchObject({ id: 9 });
    expect(categoryOf('KEQ-RMF', 'ตราสารทุน')).toMatchObject({ id: 7 });
    expect(categoryOf('KEQ-SSF', 'ตราสารทุน')).toMatchObject({ id: 8 });
    expect(categoryOf('KX', 'something new')).toMatchObject({ id: 99, name_en: 'Other', name_th: 'อื่น ๆ' });
    expect(categoryOf('KX', null)).toMatchObject({ id: 99 });
  });
});
