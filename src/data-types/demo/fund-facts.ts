import { addDays } from '../../domain/dates.js';
import type { FundDividendRow, FundFactsRow } from '../fund-facts-columns.js';
import { FUND_CATEGORIES } from './catalog.js';
import type { FundPlan } from './funds.js';
import type { DemoPlan } from './plan.js';
import type { ProfileName } from './profiles.js';
import { Stream, stream } from './streams.js';

// Plausible facts for a demo fund, as SEC publishes them: risk by what it invests in (money market 1,
// Thai equity 6, foreign equity 6-7, gold and commodities 8), fees by category, a benchmark and a
// dividend policy (the dividend classes, dividend stock and property funds pay).

const RISK: Readonly<Record<ProfileName, string>> = {
  money: '1',
  shortBond: '3',
  bond: '4',
  globalBond: '5',
  conservative: '5',
  mixed: '5',
  thaiEquity: '6',
  dividend: '6',
  smallCap: '6',
  globalEquity: '6',
  usEquity: '6',
  developed: '6',
  tech: '7',
  china: '7',
  emerging: '7',
  property: '7',
  gold: '8',
  commodity: '8',
};
/** Sector funds sit one step above the market they are part of. */
const SECTOR_STEMS = new Set(['BANKING', 'CONSUMER', 'ENERGY']);

/** Management fee and TER ranges (percent a year): [management max, actual from, actual to]. */
const FEES_BY_CATEGORY: Readonly<Record<number, readonly [number, number, number]>> = {
  1: [0.5, 0.15, 0.3],
  2: [1.0, 0.3, 0.6],
  3: [1.5, 0.8, 1.2],
  4: [2.0, 1.2, 1.6],
  5: [2.0, 1.0, 1.6],
  6: [1.5, 0.8, 1.2],
  7: [2.0, 0.5, 1.5],
  8: [2.0, 0.6, 1.5],
  9: [1.5, 0.8, 1.2],
};

const BENCHMARKS: Readonly<Record<ProfileName, readonly [string, string]>> = {
  money: [
    'Average 1-year fixed deposit rate of three large banks',
    'อัตราดอกเบี้ยเงินฝากประจำ 1 ปี เฉลี่ยของธนาคารพาณิชย์ขนาดใหญ่ 3 แห่ง',
  ],
  shortBond: ['ThaiBMA Short-term Government Bond Index 100%', 'ดัชนีพันธบัตรรัฐบาลระยะสั้นของ ThaiBMA 100%'],
  bond: [
    'ThaiBMA Government Bond Index 70%, ThaiBMA Corporate Bond Index 30%',
    'ดัชนีพันธบัตรรัฐบาลของ ThaiBMA 70% ดัชนีหุ้นกู้เอกชนของ ThaiBMA 30%',
  ],
  globalBond: [
    'Bloomberg Global Aggregate Index (THB hedged) 100%',
    'ดัชนี Bloomberg Global Aggregate (ป้องกันความเสี่ยงเป็นบาท) 100%',
  ],
  conservative: [
    'SET TRI 20%, ThaiBMA Government Bond Index 80%',
    'ดัชนีผลตอบแทนรวมตลาดหลักทรัพย์ (SET TRI) 20% ดัชนีพันธบัตรรัฐบาลของ ThaiBMA 80%',
  ],
  mixed: [
    'SET TRI 50%, ThaiBMA Government Bond Index 50%',
    'ดัชนีผลตอบแทนรวมตลาดหลักทรัพย์ (SET TRI) 50% ดัชนีพันธบัตรรัฐบาลของ ThaiBMA 50%',
  ],
  thaiEquity: ['SET TRI 100%', 'ดัชนีผลตอบแทนรวมตลาดหลักทรัพย์ (SET TRI) 100%'],
  dividend: ['SET High Dividend 30 TRI 100%', 'ดัชนีผลตอบแทนรวม SETHD 100%'],
  smallCap: ['sSET TRI 50%, SET TRI 50%', 'ดัชนีผลตอบแทนรวม sSET 50% ดัชนีผลตอบแทนรวมตลาดหลักทรัพย์ (SET TRI) 50%'],
  globalEquity: [
    'MSCI All Country World Index (in THB) 100%',
    'ดัชนี MSCI All Country World (ในสกุลเงินบาท) 100%',
  ],
  usEquity: ['S&P 500 Total Return Index (in THB) 100%', 'ดัชนีผลตอบแทนรวม S&P 500 (ในสกุลเงินบาท) 100%'],
  tech: [
    'MSCI ACWI Information Technology Index (in THB) 100%',
    'ดัชนี MSCI ACWI Information Technology (ในสกุลเงินบาท) 100%',
  ],
  china: ['MSCI China Index (in THB) 100%', 'ดัชนี MSCI China (ในสกุลเงินบาท) 100%'],
  emerging: ['MSCI Emerging Markets Index (in THB) 100%', 'ดัชนี MSCI Emerging Markets (ในสกุลเงินบาท) 100%'],
  developed: ['MSCI World Index (in THB) 100%', 'ดัชนี MSCI World (ในสกุลเงินบาท) 100%'],
  property: ['SET Property Fund & REITs TRI 100%', 'ดัชนีผลตอบแทนรวมกลุ่มกองทุนรวมอสังหาริมทรัพย์และ REITs 100%'],
  gold: ['LBMA Gold Price (in THB) 100%', 'ราคาทองคำ LBMA (ในสกุลเงินบาท) 100%'],
  commodity: ['Bloomberg Commodity Index (in THB) 100%', 'ดัชนี Bloomberg Commodity (ในสกุลเงินบาท) 100%'],
};

const POLICIES: Readonly<Record<number, readonly [string, string]>> = {
  1: [
    'Invests in deposits and debt instruments maturing within one year',
    'ลงทุนในเงินฝากและตราสารหนี้ที่มีอายุไม่เกิน 1 ปี',
  ],
  2: ['Invests in Thai government and corporate debt instruments', 'ลงทุนในตราสารหนี้ภาครัฐและภาคเอกชนในประเทศ'],
  3: [
    'Invests in equities and debt instruments, the proportion adjusted to the market',
    'ลงทุนในตราสารทุนและตราสารหนี้ โดยปรับสัดส่วนตามสภาวะตลาด',
  ],
  4: [
    'Invests on average at least 80% of its net assets in Thai listed equities',
    'ลงทุนในตราสารทุนที่จดทะเบียนในตลาดหลักทรัพย์โดยเฉลี่ยไม่น้อยกว่าร้อยละ 80 ของมูลค่าทรัพย์สินสุทธิ',
  ],
  5: [
    'Invests at least 80% of its net assets in a foreign master fund',
    'ลงทุนในกองทุนรวมหลักในต่างประเทศไม่น้อยกว่าร้อยละ 80 ของมูลค่าทรัพย์สินสุทธิ',
  ],
  6: [
    'Invests in property funds, REITs and infrastructure funds',
    'ลงทุนในกองทุนรวมอสังหาริมทรัพย์ ทรัสต์เพื่อการลงทุนในอสังหาริมทรัพย์ และกองทุนรวมโครงสร้างพื้นฐาน',
  ],
  7: [
    'A retirement mutual fund (RMF): units held to age 55 and at least 5 years',
    'กองทุนรวมเพื่อการเลี้ยงชีพ ถือหน่วยลงทุนจนอายุครบ 55 ปีและไม่น้อยกว่า 5 ปี',
  ],
  8: [
    'A super savings fund (SSF): units held at least 10 years',
    'กองทุนรวมเพื่อการออม ถือหน่วยลงทุนไม่น้อยกว่า 10 ปี',
  ],
  9: [
    'Invests in gold or commodities, directly or through a foreign fund',
    'ลงทุนในทองคำหรือสินค้าโภคภัณฑ์ โดยตรงหรือผ่านกองทุนต่างประเทศ',
  ],
};

/** Funds paying dividends: the dividend classes, and the main class of dividend stock and property funds outside RMF and SSF. */
export function paysDividends(fund: FundPlan): boolean {
  if (fund.shareClass === '-D') return true;
  if (fund.shareClass !== '' || fund.theme.category === 7 || fund.theme.category === 8) return false;
  return fund.theme.profile === 'dividend' || fund.theme.profile === 'property';
}

const SITE = 'https://funds.example.com';
/** SEC's last updates of the demo's facts fall in this window (never after the history's last day). */
const UPDATES = { from: '2025-01-06', days: 600 };

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A fund's facts row, drawn from its own stream: the same seed gives the same facts. */
export function fundFactsRow(plan: DemoPlan, fund: FundPlan): FundFactsRow {
  const random = stream(plan.seed, Stream.fundFacts, fund.row.id);
  const updatedOn = () => {
    const day = addDays(UPDATES.from, Math.floor(random.next() * UPDATES.days));
    return day > plan.until ? plan.until : day;
  };
  const category = FUND_CATEGORIES.find((c) => c.id === fund.theme.category)!;
  const [managementMax, from, to] = FEES_BY_CATEGORY[fund.theme.category] ?? [1.5, 0.8, 1.2];
  const management = round(from + random.next() * (to - from), 4);
  const ter = round(management + 0.05 + random.next() * 0.25, 4);
  const front = round(fund.frontFee * 100, 4);
  const back = round(fund.backFee * 100, 4);
  const pays = paysDividends(fund);
  const risk = SECTOR_STEMS.has(fund.theme.stem) ? '7' : RISK[fund.theme.profile];
  const [benchmarkEn, benchmarkTh] = BENCHMARKS[fund.theme.profile];
  const [policyEn, policyTh] = POLICIES[fund.theme.category] ?? ['', ''];
  const updated = {
    policy: updatedOn(),
    risk: updatedOn(),
    fees: updatedOn(),
    benchmark: updatedOn(),
    dividend: updatedOn(),
    links: updatedOn(),
  };
  return {
    fund_id: fund.row.id,
    fund_house_en: `${fund.house.en} Asset Management Co., Ltd.`,
    fund_house_th: `บริษัทหลักทรัพย์จัดการกองทุน ${fund.house.th} จำกัด`,
    fund_type_en: category.name_en,
    fund_type_th: category.name_th,
    policy_en: policyEn,
    policy_th: policyTh,
    policy_updated: updated.policy,
    risk_level: risk,
    risk_updated: updated.risk,
    front_end_max: front === 0 ? 0 : Math.max(front, 1.5),
    front_end_actual: front,
    back_end_max: back === 0 ? 0 : Math.max(back, 1),
    back_end_actual: back,
    switching_in_max: front === 0 ? 0 : Math.max(front, 1.5),
    switching_in_actual: front,
    switching_out_max: back === 0 ? 0 : Math.max(back, 1),
    switching_out_actual: back,
    management_max: managementMax,
    management_actual: management,
    ter_max: round(managementMax + 0.5, 4),
    ter_actual: ter,
    fees_updated: updated.fees,
    benchmark_en: benchmarkEn,
    benchmark_th: benchmarkTh,
    benchmark_updated: updated.benchmark,
    dividend_policy: pays ? 'Y' : 'N',
    dividend_policy_en: pays ? 'Pays dividends, not more than four times a year' : 'Does not pay dividends',
    dividend_policy_th: pays ? 'จ่ายเงินปันผล ไม่เกินปีละ 4 ครั้ง' : 'ไม่จ่ายเงินปันผล',
    dividend_updated: updated.dividend,
    inception_date: fund.inception === '' ? plan.from : fund.inception,
    registered_assets: round(
      10 ** (9 + Math.floor(random.next() * 3)) * (1 + Math.floor(random.next() * 4)),
      2,
    ),
    factsheet_url: fund.row.factsheet_url,
    prospectus_url: `${SITE}/prospectus/${fund.row.code}.pdf`,
    links_updated: updated.links,
  };
}

/**
 * The dividends of a fund whose policy pays: twice a year for property and income funds, once for
 * the others, a per-unit amount of about 1-3 % of a 10-baht NAV. Each year is drawn whether or not
 * it is inside the history, so a later `until` only adds dividends.
 */
export function fundDividendRows(plan: DemoPlan, fund: FundPlan): FundDividendRow[] {
  if (!paysDividends(fund)) return [];
  const random = stream(plan.seed, Stream.dividends, fund.row.id);
  const twice = fund.theme.profile === 'property' || fund.theme.category === 2 || fund.theme.category === 5;
  const months = twice ? ['03', '09'] : ['03'];
  const start = fund.inception === '' ? plan.from : fund.inception;
  const rows: FundDividendRow[] = [];
  for (let year = Number(plan.from.slice(0, 4)); year <= Number(plan.until.slice(0, 4)); year++)
    for (const month of months) {
      const day = 10 + Math.floor(random.next() * 15);
      const perUnit = round((twice ? 0.05 : 0.1) + random.next() * 0.2, 4);
      const closing = `${year}-${month}-${String(day)}`;
      const payment = addDays(closing, 10 + Math.floor(random.next() * 8));
      // The first dividend comes a year after inception at the earliest; one announced by the last
      // day is listed, its payment may come after it.
      if (closing < addDays(start, 365) || closing > plan.until) continue;
      rows.push({
        fund_id: fund.row.id,
        book_closing_date: closing,
        payment_date: payment,
        per_unit: perUnit,
      });
    }
  return rows;
}
