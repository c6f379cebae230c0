import type { Lang } from '../../src/client/index.js';

export type { Lang };

const EN = {
  title: 'Rates explorer',
  keyLabel: 'Subscription key',
  keySave: 'Save',
  tabFunds: 'Funds',
  tabFx: 'Exchange rates',
  tabDeposits: 'Deposit rates',
  tabDocs: 'API docs',
  loading: 'Loading…',
  noKey: 'Enter your subscription key above to see the data.',
  keyless:
    'Shown without a key: this service is open to the public, with a limit per visitor. A subscription key (above) gives your own limits and the data not open to the public.',
  keySaved: 'Key saved in this browser.',
  badKey: 'The service did not accept this key. Check it and save it again.',
  rateLimited: 'Too many requests for this key. Try again in {s} seconds.',
  quota: 'This key has used up its call quota.',
  unreachable: 'The service could not be reached. Check your connection and try again.',
  failed: 'The request failed (HTTP {status}).',
  searchLabel: 'Find a fund',
  searchHint: 'Name or number, e.g. 101',
  pickFund: 'Pick a fund to see its NAV chart, highest and lowest NAV, and prices.',
  noMatch: 'No fund matches “{q}”.',
  fundNo: 'No. {n}',
  latestNav: 'NAV on {date}: {nav}',
  period: 'Period',
  from: 'From',
  to: 'To',
  apply: 'Show',
  custom: 'Custom',
  noPrices: 'No prices for this fund in the selected period.',
  statsTitle: 'Highest and lowest NAV',
  selected: 'Selected period',
  lastYear: 'Last 12 months',
  since: 'Since inception',
  highest: 'Highest',
  lowest: 'Lowest',
  date: 'Date',
  change: 'First NAV {first} ({firstDate}), last {last} ({lastDate}): {change}',
  pricesTitle: 'Prices',
  nav: 'NAV',
  offer: 'Offer',
  redemption: 'Redemption',
  todayRates: 'Latest rates ({date})',
  allRates: 'Every currency',
  currency: 'Currency',
  buyingNotes: 'Buying (notes)',
  sellingNotes: 'Selling (notes)',
  sightBill: 'Buying (sight bill)',
  buyingTt: 'Buying (transfer)',
  sellingTt: 'Selling (draft, transfer)',
  updated: 'Updated',
  history: 'History',
  family: 'Currency',
  buying: 'Buying',
  selling: 'Selling',
  noRates: 'No rates for this currency in the selected period.',
  csvTitle: 'Download as CSV',
  csvHint: 'At most 3 years. Thai mode gives Buddhist-era dates.',
  download: 'Download CSV',
  downloaded: 'Downloaded {file}.',
  depositsTitle: 'Deposit rates in effect today',
  product: 'Product',
  rate: 'Rate (% a year)',
  effective: 'Effective',
  published: 'Published',
  noData: 'No data.',
  tabPrices: 'Fund prices',
  pricesOn: 'Fund prices on {date}',
  print: 'Print',
  fund: 'Fund',
  dayChange: 'Change',
  netAssets: 'Net assets (baht)',
  priceDate: 'Price of',
  backdatedNote: '* Back-dated: the fund had no price on this day; its latest earlier price is shown.',
  converterTitle: 'Currency converter',
  converterHint:
    "At the bank's latest rates: its buying transfer rate into baht, its selling rate out of baht.",
  amount: 'Amount',
  convert: 'Convert',
  converted: '{amount} {from} = {result} {to} (1 {from} = {rate} {to}; rates of {date} {time})',
  loansTitle: 'Loan reference rates in effect today',
  badRange: 'The start date ({from}) is after the end date ({to}): pick a start on or before the end.',
  badDate: 'Enter both dates, e.g. {example}.',
  dateFormat: 'd/m/yyyy',
  openCode: 'Open fund “{q}” (a number or short code)',
  resultsCount: '{n} funds match.',
  chartPeriod: 'Chart of {n} days from {from} to {to}.',
  chartLine: '{label}: first {first}, last {last}, highest {high} on {highDate}, lowest {low} on {lowDate}.',
  notes: 'notes',
  transfer: 'transfer',
  csvHeaders: 'Family,BuyingRates,SellingRates,SightBill,Bill_DD_TT,TT,Ddate,DTime',
};

export type Key = keyof typeof EN;

const TH: Record<Key, string> = {
  title: 'สำรวจอัตราและราคา',
  keyLabel: 'คีย์สมาชิก',
  keySave: 'บันทึก',
  tabFunds: 'กองทุน',
  tabFx: 'อัตราแลกเปลี่ยน',
  tabDeposits: 'อัตราดอกเบี้ยเงินฝาก',
  tabDocs: 'เอกสาร API',
  loading: 'กำลังโหลด…',
  noKey: 'กรอกคีย์สมาชิกด้านบนเพื่อดูข้อมูล',
  keyless:
    'แสดงโดยไม่ใช้คีย์: บริการนี้เปิดให้สาธารณะใช้ โดยจำกัดจำนวนครั้งต่อผู้ใช้ คีย์สมาชิก (ด้านบน) ให้ขีดจำกัดของคุณเองและข้อมูลที่ไม่ได้เปิดให้สาธารณะ',
  keySaved: 'บันทึกคีย์ในเบราว์เซอร์นี้แล้ว',
  badKey: 'บริการไม่ยอมรับคีย์นี้ โปรดตรวจสอบแล้วบันทึกอีกครั้ง',
  rateLimited: 'เรียกใช้ด้วยคีย์นี้บ่อยเกินไป โปรดลองอีกครั้งใน {s} วินาที',
  quota: 'คีย์นี้ใช้โควตาการเรียกครบแล้ว',
  unreachable: 'ติดต่อบริการไม่ได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
  failed: 'คำขอไม่สำเร็จ (HTTP {status})',
  searchLabel: 'ค้นหากองทุน',
  searchHint: 'ชื่อหรือเลขที่ เช่น 101',
  pickFund: 'เลือกกองทุนเพื่อดูกราฟ NAV, NAV สูงสุดและต่ำสุด และราคา',
  noMatch: 'ไม่พบกองทุน “{q}”',
  fundNo: 'เลขที่ {n}',
  latestNav: 'NAV ณ {date}: {nav}',
  period: 'ช่วงเวลา',
  from: 'จาก',
  to: 'ถึง',
  apply: 'แสดง',
  custom: 'กำหนดเอง',
  noPrices: 'ไม่มีราคาของกองทุนนี้ในช่วงที่เลือก',
  statsTitle: 'NAV สูงสุดและต่ำสุด',
  selected: 'ช่วงที่เลือก',
  lastYear: '12 เดือนล่าสุด',
  since: 'ตั้งแต่จัดตั้งกองทุน',
  highest: 'สูงสุด',
  lowest: 'ต่ำสุด',
  date: 'วันที่',
  change: 'NAV แรก {first} ({firstDate}) ล่าสุด {last} ({lastDate}): {change}',
  pricesTitle: 'ราคา',
  nav: 'NAV',
  offer: 'ราคาขาย',
  redemption: 'ราคารับซื้อคืน',
  todayRates: 'อัตราล่าสุด ({date})',
  allRates: 'ทุกสกุลเงิน',
  currency: 'สกุลเงิน',
  buyingNotes: 'ซื้อ (ธนบัตร)',
  sellingNotes: 'ขาย (ธนบัตร)',
  sightBill: 'ซื้อ (ตั๋วเงิน)',
  buyingTt: 'ซื้อ (โอนเงิน)',
  sellingTt: 'ขาย (ดราฟต์ โอนเงิน)',
  updated: 'ปรับปรุง',
  history: 'ย้อนหลัง',
  family: 'สกุลเงิน',
  buying: 'ซื้อ',
  selling: 'ขาย',
  noRates: 'ไม่มีอัตราของสกุลเงินนี้ในช่วงที่เลือก',
  csvTitle: 'ดาวน์โหลดเป็น CSV',
  csvHint: 'ไม่เกิน 3 ปี โหมดภาษาไทยแสดงปีเป็นพุทธศักราช',
  download: 'ดาวน์โหลด CSV',
  downloaded: 'ดาวน์โหลด {file} แล้ว',
  depositsTitle: 'อัตราดอกเบี้ยเงินฝากที่มีผลวันนี้',
  product: 'ประเภทเงินฝาก',
  rate: 'อัตรา (% ต่อปี)',
  effective: 'มีผล',
  published: 'ประกาศ',
  noData: 'ไม่มีข้อมูล',
  tabPrices: 'ราคากองทุน',
  pricesOn: 'ราคากองทุน ณ {date}',
  print: 'พิมพ์',
  fund: 'กองทุน',
  dayChange: 'เปลี่ยนแปลง',
  netAssets: 'มูลค่าทรัพย์สินสุทธิ (บาท)',
  priceDate: 'ราคา ณ',
  backdatedNote: '* ราคาย้อนหลัง: กองทุนไม่มีราคาในวันนี้ จึงแสดงราคาล่าสุดก่อนหน้า',
  converterTitle: 'คำนวณแลกเปลี่ยนเงินตรา',
  converterHint: 'ตามอัตราล่าสุดของธนาคาร: อัตรารับซื้อ (โอนเงิน) เมื่อแลกเป็นบาท อัตราขายเมื่อแลกจากบาท',
  amount: 'จำนวนเงิน',
  convert: 'คำนวณ',
  converted: '{amount} {from} = {result} {to} (1 {from} = {rate} {to} อัตรา ณ {date} {time})',
  loansTitle: 'อัตราดอกเบี้ยเงินกู้อ้างอิงที่มีผลวันนี้',
  badRange: 'วันเริ่มต้น ({from}) อยู่หลังวันสิ้นสุด ({to}) โปรดเลือกวันเริ่มต้นที่ไม่เกินวันสิ้นสุด',
  badDate: 'กรอกวันที่เป็น วัน/เดือน/ปี พ.ศ. เช่น {example}',
  dateFormat: 'ว/ด/ปปปป (พ.ศ.)',
  openCode: 'เปิดกองทุน “{q}” (เลขที่หรือชื่อย่อ)',
  resultsCount: 'พบ {n} กองทุน',
  chartPeriod: 'กราฟ {n} วัน ตั้งแต่ {from} ถึง {to}',
  chartLine: '{label}: แรก {first} ล่าสุด {last} สูงสุด {high} เมื่อ {highDate} ต่ำสุด {low} เมื่อ {lowDate}',
  notes: 'ธนบัตร',
  transfer: 'โอนเงิน',
  csvHeaders: 'สกุลเงิน,ซื้อ (ธนบัตร),ขาย (ธนบัตร),ซื้อ (ตั๋วเงิน),ขาย (ดราฟต์ โอนเงิน),ซื้อ (โอนเงิน),วันที่,เวลา',
};

const TEXTS: Record<Lang, Record<Key, string>> = { en: EN, th: TH };

/** The text of `key` in `lang`, with {name} placeholders filled in. */
export function t(lang: Lang, key: Key, vars: Record<string, string | number> = {}): string {
  return TEXTS[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const MONTHS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
};

/** Thai dates count years in the Buddhist era (A.D. + 543). */
const year = (y: number, lang: Lang) => (lang === 'th' ? y + 543 : y);

/** 'YYYY-MM-DD' as '5 Jan 2026', or '5 ม.ค. 2569' in Thai. */
export function formatDay(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[lang][m - 1]} ${year(y, lang)}`;
}

/** A month of a chart axis: 'Jan 2026' or 'ม.ค. 2569'; with the day for short spans. */
export function formatAxisDay(iso: string, lang: Lang, withDay: boolean): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return withDay ? `${d} ${MONTHS[lang][m - 1]}` : `${MONTHS[lang][m - 1]} ${year(y, lang)}`;
}

export function formatNumber(value: number | null | undefined, decimals = 4): string {
  if (value === null || value === undefined) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
