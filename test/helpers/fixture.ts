import { addDays } from '../../src/domain/dates.js';
import { publishBatch } from '../../src/store/publisher.js';
import type { Store } from '../../src/store/db.js';
import type { NewRow } from '../../src/data-types/index.js';

/** The small, hand-made dataset the HTTP tests run on; dates are relative to `today`. */
export interface Fixture {
  today: string;
  latest: string;
  batchId: number;
}

export const FUNDS = {
  treasury: { id: 101, code: 'B-TREASURY' },
  global: { id: 201, code: 'B-GLOBAL' },
  equity: { id: 202, code: 'B-EQUITY' },
  empty: { id: 999, code: 'B-EMPTY' },
  /** Invests abroad: publishes two days late, and not at all for 11 days (ABROAD_GAP). */
  abroad: { id: 301, code: 'B-ABROAD' },
};

/** Days before `latest` on which B-ABROAD has a price: 2 to 9 and 21 to 60 (none from 10 to 20). */
export const abroadPublishes = (dayIndex: number) =>
  dayIndex >= 2 && dayIndex <= 60 && (dayIndex < 10 || dayIndex > 20);

/** B-ABROAD's total net assets on the day `dayIndex` before `latest`: baht and satang, e.g. 250000000.5. */
export const abroadNetAssets = (dayIndex: number) => 250_000_000 + dayIndex / 2;

/** NAVs that repeat (so ties happen) and move both ways. */
export function fixtureNav(fundId: number, dayIndex: number): number {
  return Math.round((10 + ((dayIndex * 37 + fundId) % 101) / 100) * 10000) / 10000;
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

export async function seedFixture(store: Store, today: string): Promise<Fixture> {
  const latest = addDays(today, -1);
  const { batchId } = await publishBatch(store, { kind: 'fixture', source: 'test' }, async (w) => {
    await w.write('fund-categories', [
      { id: 1, name_en: 'Money Market Fund', name_th: 'กองทุนรวมตลาดเงิน', display_order: 1 },
      { id: 2, name_en: 'Equity Fund', name_th: 'กองทุนรวมตราสารทุน', display_order: 2 },
      { id: 3, name_en: 'Foreign Investment Fund', name_th: 'กองทุนรวมต่างประเทศ', display_order: 3 },
    ]);
    const fund = (
      id: number,
      code: string,
      category_id: number,
      display_order: number,
      short: string | null,
    ) => ({
      id,
      code,
      category_id,
      display_order,
      name_en: `${code} Fund`,
      name_th: `กองทุนเปิด ${code}`,
      name_th_short: short,
      link_en: `https://funds.example.com/en/fund/${code}`,
      link_th: `https://funds.example.com/th/fund/${code}`,
      factsheet_url: `https://funds.example.com/factsheet/${code}.pdf`,
    });
    await w.write('funds', [
      fund(101, 'B-TREASURY', 1, 1, 'บี ทรีชัวรี่'),
      fund(202, 'B-EQUITY', 2, 2, null),
      fund(201, 'B-GLOBAL', 2, 1, null),
      fund(999, 'B-EMPTY', 2, 3, null),
      fund(301, 'B-ABROAD', 3, 1, null),
    ]);

    const prices: NewRow<'fund-prices'>[] = [];
    for (let i = 0; i < 800; i++) {
      const date = addDays(latest, -i);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() % 6 !== 0;
      const tn = fixtureNav(101, i);
      prices.push({
        fund_id: 101,
        price_date: date,
        nav: tn,
        offer: tn,
        redemption: tn,
        total_net_assets: 1e9 + i,
      });
      if (weekday) {
        const en = fixtureNav(202, i);
        prices.push({
          fund_id: 202,
          price_date: date,
          nav: en,
          offer: round4(en * 1.015),
          redemption: round4(en * 0.99),
          total_net_assets: null,
        });
      }
      if (i < 100) {
        const gn = fixtureNav(201, i);
        prices.push({
          fund_id: 201,
          price_date: date,
          nav: gn,
          offer: round4(gn + 0.05),
          redemption: round4(gn - 0.03),
          total_net_assets: 5e8,
        });
      }
      if (abroadPublishes(i)) {
        const an = fixtureNav(301, i);
        prices.push({
          fund_id: 301,
          price_date: date,
          nav: an,
          offer: round4(an + 0.1),
          redemption: an,
          total_net_assets: abroadNetAssets(i),
        });
      }
    }
    await w.write('fund-prices', prices);
    // Facts of B-TREASURY (every block) and B-EQUITY (some not published); B-GLOBAL has none yet.
    await w.write('fund-facts', [
      fixtureFacts(101, latest),
      { ...fixtureFacts(202, latest), ...EQUITY_FACTS },
    ]);
    await w.write('fund-dividends', fixtureDividends(latest));

    await w.write('fx-families', [
      {
        code: 'USD1',
        description: 'USD: 1-2',
        name: 'US Dollar 1-2',
        unit: 1,
        decimals: 4,
        display_order: 1,
      },
      {
        code: 'USD50',
        description: 'USD: 50-100',
        name: 'US Dollar 50-100',
        unit: 1,
        decimals: 4,
        display_order: 3,
      },
      {
        code: 'GBP',
        description: 'United Kingdom',
        name: 'Pound Sterling',
        unit: 1,
        decimals: 4,
        display_order: 4,
      },
      {
        code: 'JPY',
        description: 'Japan (:100)',
        name: 'Japanese Yen',
        unit: 100,
        decimals: 4,
        display_order: 6,
      },
    ]);
    const rates: NewRow<'fx-rates'>[] = [];
    const times = ['09:00', '11:00', '15:30'];
    const days = [...Array.from({ length: 10 }, (_, i) => addDays(latest, -i)), addDays(today, -3 * 366)];
    for (const date of days) {
      times.forEach((rate_time, r) => {
        const round = r + 1;
        const usd = 32.5 + round / 100;
        rates.push({
          family_code: 'USD1',
          rate_date: date,
          round,
          rate_time,
          buying_notes: round4(usd - 0.4),
          selling_notes: round4(usd + 0.3),
          buying_sight_bill: null,
          selling_tt: null,
          buying_tt: null,
        });
        rates.push({
          family_code: 'USD50',
          rate_date: date,
          round,
          rate_time,
          buying_notes: round4(usd - 0.2),
          selling_notes: round4(usd + 0.3),
          buying_sight_bill: round4(usd - 0.15),
          selling_tt: round4(usd + 0.25),
          buying_tt: round4(usd - 0.1),
        });
        rates.push({
          family_code: 'JPY',
          rate_date: date,
          round,
          rate_time,
          buying_notes: 21.1,
          selling_notes: 21.9,
          buying_sight_bill: 21.2,
          selling_tt: 21.8,
          buying_tt: 21.25,
        });
      });
    }
    await w.write('fx-rates', rates);

    await w.write('deposit-products', [
      { id: 1, name_en: 'Savings Account', name_th: 'เงินฝากออมทรัพย์', display_order: 1 },
      { id: 2, name_en: 'Fixed Deposit 12 Months', name_th: 'เงินฝากประจำ 12 เดือน', display_order: 2 },
      { id: 3, name_en: 'Future Product', name_th: 'ผลิตภัณฑ์ใหม่', display_order: 3 },
    ]);
    await w.write('deposit-rates', [
      {
        product_id: 1,
        effective_date: addDays(today, -400),
        rate: '0.50',
        submitted_at: `${addDays(today, -403)} 16:30:00`,
      },
      {
        product_id: 1,
        effective_date: addDays(today, -30),
        rate: '0.25',
        submitted_at: `${addDays(today, -32)} 09:15:00`,
      },
      {
        product_id: 1,
        effective_date: addDays(today, 10),
        rate: '0.10',
        submitted_at: `${addDays(today, -1)} 10:00:00`,
      },
      {
        product_id: 2,
        effective_date: addDays(today, -200),
        rate: '1.50',
        submitted_at: `${addDays(today, -205)} 14:00:05`,
      },
      {
        product_id: 3,
        effective_date: addDays(today, 5),
        rate: '2.00',
        submitted_at: `${addDays(today, -1)} 11:00:00`,
      },
    ]);

    // Loan rates: the reference rates with a history, one change announced for later, and a product
    // whose only rate is not in force yet.
    await w.write('loan-products', [
      { id: 1, name_en: 'Minimum Loan Rate (MLR)', name_th: 'อัตราดอกเบี้ย MLR', display_order: 1 },
      { id: 3, name_en: 'Minimum Retail Rate (MRR)', name_th: 'อัตราดอกเบี้ย MRR', display_order: 3 },
      { id: 2, name_en: 'Minimum Overdraft Rate (MOR)', name_th: 'อัตราดอกเบี้ย MOR', display_order: 2 },
      { id: 4, name_en: 'Future Loan', name_th: 'สินเชื่อใหม่', display_order: 4 },
    ]);
    await w.write('loan-rates', [
      {
        product_id: 1,
        effective_date: addDays(today, -500),
        rate: '7.100',
        submitted_at: `${addDays(today, -503)} 16:30:00`,
      },
      {
        product_id: 1,
        effective_date: addDays(today, -60),
        rate: '6.975',
        submitted_at: `${addDays(today, -62)} 09:15:00`,
      },
      {
        product_id: 1,
        effective_date: addDays(today, 14),
        rate: '6.725',
        submitted_at: `${addDays(today, -1)} 10:00:00`,
      },
      {
        product_id: 2,
        effective_date: addDays(today, -60),
        rate: '7.300',
        submitted_at: `${addDays(today, -62)} 09:15:00`,
      },
      {
        product_id: 3,
        effective_date: today,
        rate: '7.050',
        submitted_at: `${addDays(today, -2)} 14:00:05`,
      },
      {
        product_id: 4,
        effective_date: addDays(today, 1),
        rate: '5.000',
        submitted_at: `${addDays(today, -1)} 11:00:00`,
      },
    ]);
  });
  return { today, latest, batchId: batchId! }; // a fresh database: the batch changes it
}

/** A fund's facts as the fixture has them: every block published, updated a month before `latest`. */
export function fixtureFacts(fundId: number, latest: string): NewRow<'fund-facts'> {
  const updated = addDays(latest, -30);
  return {
    fund_id: fundId,
    fund_house_en: 'B Asset Management Co., Ltd.',
    fund_house_th: 'บริษัทหลักทรัพย์จัดการกองทุน บี จำกัด',
    fund_type_en: 'Money Market Fund',
    fund_type_th: 'กองทุนรวมตลาดเงิน',
    policy_en: 'Invests in deposits and debt instruments maturing within one year',
    policy_th: 'ลงทุนในเงินฝากและตราสารหนี้ที่มีอายุไม่เกิน 1 ปี',
    policy_updated: updated,
    risk_level: '1',
    risk_updated: updated,
    front_end_max: 0,
    front_end_actual: 0,
    back_end_max: 0,
    back_end_actual: 0,
    switching_in_max: 0,
    switching_in_actual: 0,
    switching_out_max: 0,
    switching_out_actual: 0,
    management_max: 0.5,
    management_actual: 0.2675,
    ter_max: 1,
    ter_actual: 0.3021,
    fees_updated: updated,
    benchmark_en: 'Average 1-year fixed deposit rate of three large banks',
    benchmark_th: 'อัตราดอกเบี้ยเงินฝากประจำ 1 ปี เฉลี่ยของธนาคารพาณิชย์ขนาดใหญ่ 3 แห่ง',
    benchmark_updated: updated,
    dividend_policy: 'N',
    dividend_policy_en: 'Does not pay dividends',
    dividend_policy_th: 'ไม่จ่ายเงินปันผล',
    dividend_updated: updated,
    inception_date: '2010-05-17',
    registered_assets: 10_000_000_000,
    factsheet_url: 'https://funds.example.com/factsheet/B-TREASURY.pdf',
    prospectus_url: 'https://funds.example.com/prospectus/B-TREASURY.pdf',
    links_updated: updated,
  };
}

/** B-EQUITY's facts beside the defaults: an equity fund that pays, no benchmark or links published. */
export const EQUITY_FACTS = {
  fund_type_en: 'Equity Fund',
  fund_type_th: 'กองทุนรวมตราสารทุน',
  risk_level: '6',
  front_end_max: 3,
  front_end_actual: 1.5,
  back_end_max: 2,
  back_end_actual: 1,
  management_max: 2,
  management_actual: 1.605,
  ter_max: 2.5,
  ter_actual: 1.7655,
  benchmark_en: null,
  benchmark_th: null,
  benchmark_updated: null,
  dividend_policy: 'Y',
  dividend_policy_en: 'Pays dividends, not more than twice a year',
  dividend_policy_th: 'จ่ายเงินปันผล ไม่เกินปีละ 2 ครั้ง',
  factsheet_url: null,
  prospectus_url: null,
  links_updated: null,
} as const;

/** B-EQUITY's dividends: book closing 300 and 100 days before `latest`, paid two weeks later. */
export const fixtureDividends = (latest: string): NewRow<'fund-dividends'>[] =>
  [300, 100].map((days, i) => ({
    fund_id: 202,
    book_closing_date: addDays(latest, -days),
    payment_date: addDays(latest, 14 - days),
    per_unit: [0.25, 0.3][i]!,
  }));
