import type { Lang } from './i18n.js';

// The sections of the bank's market summary page and what each of its values is. The API gives only
// a code, a number and a display string (contract notes: the newer website's operations), as the
// bank's own page gets them: the names of the rows and columns are the page's, kept here in both
// languages.

type Words = Record<Lang, string>;
const w = (en: string, th: string): Words => ({ en, th });

/** A section: a value a row, number 1 in the first. */
export interface Section {
  code: string;
  title: Words;
  /** What the rows are: the first column's heading. */
  rowsAre: Words;
  rows: Words[];
  /** What the values are: the second column's heading. */
  unit: Words;
}

const TENOR = w('Term', 'อายุ');
const RATE = w('% a year', '% ต่อปี');
const VALUE = w('Value', 'ค่า');
const years = (n: number) => w(n === 1 ? '1 year' : `${n} years`, `${n} ปี`);
const WEEK = w('1 week', '1 สัปดาห์');
const months = (n: number) => w(n === 1 ? '1 month' : `${n} months`, `${n} เดือน`);

/** In the order of the bank's page. */
export const SECTIONS: Section[] = [
  {
    code: 'RR',
    title: w('Reference rate', 'อัตราอ้างอิง'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [w('THB per USD', 'บาทต่อดอลลาร์สหรัฐ'), w('Change', 'เปลี่ยนแปลง')],
    unit: VALUE,
  },
  {
    code: 'USIR',
    title: w('U.S. interest rate', 'อัตราดอกเบี้ยสหรัฐฯ'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [
      w('Fed funds target range', 'กรอบเป้าหมายอัตราดอกเบี้ยนโยบายเฟด'),
      w('Effective fed funds rate', 'อัตราดอกเบี้ยเฟดฟันด์ที่เกิดขึ้นจริง'),
    ],
    unit: RATE,
  },
  {
    code: 'MMR',
    title: w('Money market rate at 9:00', 'อัตราดอกเบี้ยตลาดเงิน ณ 9:00 น.'),
    rowsAre: TENOR,
    rows: [w('Overnight', 'ข้ามคืน'), WEEK, months(1), months(3)],
    unit: RATE,
  },
  {
    code: 'USTS',
    title: w('U.S. Treasury', 'พันธบัตรรัฐบาลสหรัฐฯ'),
    rowsAre: TENOR,
    rows: [years(2), years(5), years(10), years(30)],
    unit: RATE,
  },
  {
    code: 'TSB',
    title: w('T-bills', 'ตั๋วเงินคลัง'),
    rowsAre: TENOR,
    rows: [months(3), months(6), years(1)],
    unit: RATE,
  },
  {
    code: 'CMST',
    title: w('Commodities at 8:00', 'สินค้าโภคภัณฑ์ ณ 8:00 น.'),
    rowsAre: w('Commodity', 'สินค้า'),
    rows: [
      w('Gold (USD an ounce)', 'ทองคำ (ดอลลาร์ต่อออนซ์)'),
      w('Brent crude (USD a barrel)', 'น้ำมันดิบเบรนท์ (ดอลลาร์ต่อบาร์เรล)'),
      w('WTI crude (USD a barrel)', 'น้ำมันดิบ WTI (ดอลลาร์ต่อบาร์เรล)'),
    ],
    unit: VALUE,
  },
  {
    code: 'THBUSD',
    title: w('THB/USD forward rate', 'อัตราแลกเปลี่ยนล่วงหน้า บาท/ดอลลาร์สหรัฐ'),
    rowsAre: TENOR,
    rows: [WEEK, months(1), months(2), months(3), months(6), months(9), years(1), years(2)],
    unit: w('Forward points (satang)', 'ส่วนต่างอัตราล่วงหน้า (สตางค์)'),
  },
  {
    code: 'WI',
    title: w('World indices', 'ดัชนีตลาดหุ้นโลก'),
    rowsAre: w('Index', 'ดัชนี'),
    rows: [
      w('Dow Jones', 'ดาวโจนส์'),
      w('S&P 500', 'S&P 500'),
      w('Nasdaq', 'แนสแด็ก'),
      w('FTSE 100', 'FTSE 100'),
      w('DAX', 'DAX'),
      w('CAC 40', 'CAC 40'),
      w('Nikkei 225', 'นิกเกอิ 225'),
      w('Hang Seng', 'ฮั่งเส็ง'),
      w('Shanghai Composite', 'เซี่ยงไฮ้คอมโพสิต'),
      w('KOSPI', 'คอสปี'),
      w('Straits Times', 'สเตรตส์ไทมส์'),
      w('SET', 'SET'),
    ],
    unit: w('Close', 'ปิด'),
  },
  {
    code: 'FXR',
    title: w('FX rates', 'อัตราแลกเปลี่ยน'),
    rowsAre: w('Pair', 'คู่สกุลเงิน'),
    rows: [
      w('EUR/USD', 'EUR/USD'),
      w('USD/JPY', 'USD/JPY'),
      w('GBP/USD', 'GBP/USD'),
      w('USD/CNY', 'USD/CNY'),
    ],
    unit: VALUE,
  },
  {
    code: 'THBR',
    title: w('Policy rate', 'อัตราดอกเบี้ยนโยบาย'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [w('Bank of Thailand', 'ธนาคารแห่งประเทศไทย')],
    unit: RATE,
  },
  {
    code: 'WGS',
    title: w('World government securities (10 years)', 'พันธบัตรรัฐบาลต่างประเทศ (10 ปี)'),
    rowsAre: w('Country', 'ประเทศ'),
    rows: [
      w('United States', 'สหรัฐฯ'),
      w('United Kingdom', 'สหราชอาณาจักร'),
      w('Germany', 'เยอรมนี'),
      w('Japan', 'ญี่ปุ่น'),
    ],
    unit: RATE,
  },
  {
    code: 'OTHBIS',
    title: w('Onshore THB implied swap', 'อัตราดอกเบี้ยบาทโดยนัยจากตลาดสวอปในประเทศ'),
    rowsAre: TENOR,
    rows: [months(1), months(3), months(6), years(1)],
    unit: RATE,
  },
  {
    code: 'GTHB',
    title: w('Government THB bonds', 'พันธบัตรรัฐบาลไทย'),
    rowsAre: TENOR,
    rows: [years(2), years(5), years(10), years(20), years(30)],
    unit: RATE,
  },
];

/** The two outlooks: short texts in HTML, a paragraph or two each. */
export const OUTLOOKS: { code: string; title: Words }[] = [
  { code: 'FXMO', title: w('FX market outlook', 'แนวโน้มตลาดเงินตราต่างประเทศ') },
  { code: 'TBMO', title: w('Thai bond market outlook', 'แนวโน้มตลาดตราสารหนี้ไทย') },
];
