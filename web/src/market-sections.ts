import type { Lang } from './i18n.js';

// The sections of the bank's market summary page and what each of its values is. The API gives only
// a code, a number and a display string (decisions 9), as the bank's own page gets them: the names
// of the rows and columns are the page's, kept here in both languages.

type Words = Record<Lang, string>;
const w = (en: string, th: string): Words => ({ en, th });

/** A section: its values in rows, `columns` values a row (numbers 1, 2, ... fill them row by row). */
export interface Section {
  code: string;
  title: Words;
  /** What the rows are (a grid's first heading). */
  rowsAre: Words;
  rows: Words[];
  /** A grid's column headings; a list (one value a row) has one, read only by screen readers. */
  columns: Words[];
}

const TENOR = w('Term', 'อายุ');
const RATE = w('% a year', '% ต่อปี');
const VALUE = w('Value', 'ค่า');
const years = (n: number) => w(n === 1 ? '1 year' : `${n} years`, `${n} ปี`);
const months = (n: number) => w(n === 1 ? '1 month' : `${n} months`, `${n} เดือน`);

/** In the order of the bank's page. */
export const SECTIONS: Section[] = [
  {
    code: 'RR',
    title: w('Reference rate', 'อัตราอ้างอิง'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [w('THB per USD', 'บาทต่อดอลลาร์สหรัฐ'), w('Change', 'เปลี่ยนแปลง')],
    columns: [VALUE],
  },
  {
    code: 'USIR',
    title: w('U.S. interest rate', 'อัตราดอกเบี้ยสหรัฐฯ'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [w('Fed funds rate', 'อัตราดอกเบี้ยนโยบายเฟด'), w('Prime rate', 'อัตราดอกเบี้ยไพรม์')],
    columns: [RATE],
  },
  {
    code: 'MMR',
    title: w('Money market rate at 9:00', 'อัตราดอกเบี้ยตลาดเงิน ณ 9:00 น.'),
    rowsAre: TENOR,
    rows: [w('Overnight', 'ข้ามคืน'), w('1 week', '1 สัปดาห์'), months(1), months(3)],
    columns: [RATE],
  },
  {
    code: 'USTS',
    title: w('U.S. Treasury', 'พันธบัตรรัฐบาลสหรัฐฯ'),
    rowsAre: TENOR,
    rows: [years(2), years(5), years(10), years(30)],
    columns: [RATE],
  },
  {
    code: 'TSB',
    title: w('T-bills', 'ตั๋วเงินคลัง'),
    rowsAre: TENOR,
    rows: [months(3), months(6), years(1)],
    columns: [RATE],
  },
  {
    code: 'CMST',
    title: w('Commodities at 8:00', 'สินค้าโภคภัณฑ์ ณ 8:00 น.'),
    rowsAre: w('Commodity', 'สินค้า'),
    rows: [
      w('Brent crude (USD a barrel)', 'น้ำมันดิบเบรนท์ (ดอลลาร์ต่อบาร์เรล)'),
      w('WTI crude (USD a barrel)', 'น้ำมันดิบ WTI (ดอลลาร์ต่อบาร์เรล)'),
      w('Gold (USD an ounce)', 'ทองคำ (ดอลลาร์ต่อออนซ์)'),
    ],
    columns: [VALUE],
  },
  {
    code: 'THBUSD',
    title: w('THB/USD forward rate', 'อัตราแลกเปลี่ยนล่วงหน้า บาท/ดอลลาร์สหรัฐ'),
    rowsAre: TENOR,
    rows: [months(1), months(3), months(6), years(1)],
    columns: [w('Bid', 'เสนอซื้อ'), w('Offer', 'เสนอขาย')],
  },
  {
    code: 'WI',
    title: w('World indices', 'ดัชนีตลาดหุ้นโลก'),
    rowsAre: w('Index', 'ดัชนี'),
    rows: [
      w('Dow Jones', 'ดาวโจนส์'),
      w('S&P 500', 'S&P 500'),
      w('Nasdaq', 'แนสแด็ก'),
      w('Nikkei 225', 'นิกเกอิ 225'),
      w('Hang Seng', 'ฮั่งเส็ง'),
      w('SET', 'SET'),
    ],
    columns: [w('Close', 'ปิด'), w('Change', 'เปลี่ยนแปลง')],
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
    columns: [VALUE],
  },
  {
    code: 'THBR',
    title: w('Policy rate', 'อัตราดอกเบี้ยนโยบาย'),
    rowsAre: w('Rate', 'อัตรา'),
    rows: [w('Bank of Thailand', 'ธนาคารแห่งประเทศไทย')],
    columns: [RATE],
  },
  {
    code: 'WGS',
    title: w('World government securities (10 years)', 'พันธบัตรรัฐบาลต่างประเทศ (10 ปี)'),
    rowsAre: w('Country', 'ประเทศ'),
    rows: [w('Germany', 'เยอรมนี'), w('United Kingdom', 'สหราชอาณาจักร'), w('Japan', 'ญี่ปุ่น'), w('China', 'จีน')],
    columns: [RATE],
  },
  {
    code: 'OTHBIS',
    title: w('Onshore THB implied swap', 'อัตราดอกเบี้ยบาทโดยนัยจากตลาดสวอปในประเทศ'),
    rowsAre: TENOR,
    rows: [months(1), months(3), months(6), years(1)],
    columns: [RATE],
  },
  {
    code: 'GTHB',
    title: w('Government THB bonds', 'พันธบัตรรัฐบาลไทย'),
    rowsAre: TENOR,
    rows: [years(2), years(5), years(7), years(10), years(15)],
    columns: [RATE],
  },
];

/** The two outlooks: short texts in HTML, a paragraph or two each. */
export const OUTLOOKS: { code: string; title: Words }[] = [
  { code: 'FXMO', title: w('FX market outlook', 'แนวโน้มตลาดเงินตราต่างประเทศ') },
  { code: 'TBMO', title: w('Thai bond market outlook', 'แนวโน้มตลาดตราสารหนี้ไทย') },
];
