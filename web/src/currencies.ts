import type { Lang } from './i18n.js';

// The API names currencies in English only (Getfxfamily's Description, the banner's Description);
// Thai mode names them as the bank's Thai page does. A family missing here keeps its English name.
const THAI: Record<string, string> = {
  USD1: 'ดอลลาร์สหรัฐ (1-2)',
  USD5: 'ดอลลาร์สหรัฐ (5-20)',
  USD50: 'ดอลลาร์สหรัฐ (50-100)',
  GBP: 'ปอนด์สเตอร์ลิง อังกฤษ',
  EUR: 'ยูโร',
  JPY: 'เยน ญี่ปุ่น (ต่อ 100)',
  HKD: 'ดอลลาร์ฮ่องกง',
  MYR: 'ริงกิต มาเลเซีย',
  SGD: 'ดอลลาร์สิงคโปร์',
  BND: 'ดอลลาร์บรูไน',
  CNY: 'หยวน จีน',
  IDR: 'รูเปียห์ อินโดนีเซีย (ต่อ 1,000)',
  MMK: 'จั๊ต เมียนมา',
  INR: 'รูปี อินเดีย',
  KRW: 'วอน เกาหลีใต้',
  LAK: 'กีบ ลาว',
  PHP: 'เปโซ ฟิลิปปินส์',
  TWD: 'ดอลลาร์ไต้หวัน',
  AUD: 'ดอลลาร์ออสเตรเลีย',
  NZD: 'ดอลลาร์นิวซีแลนด์',
  CHF: 'ฟรังก์ สวิตเซอร์แลนด์',
  DKK: 'โครน เดนมาร์ก',
  NOK: 'โครน นอร์เวย์',
  SEK: 'โครนา สวีเดน',
  CAD: 'ดอลลาร์แคนาดา',
  RUB: 'รูเบิล รัสเซีย',
  VND: 'ดอง เวียดนาม (ต่อ 1,000)',
  ZAR: 'แรนด์ แอฟริกาใต้',
  AED: 'เดอร์แฮม สหรัฐอาหรับเอมิเรตส์',
  BHD: 'ดีนาร์ บาห์เรน',
  OMR: 'เรียล โอมาน',
  QAR: 'ริยัล กาตาร์',
  SAR: 'ริยัล ซาอุดีอาระเบีย',
};

/** A family's name in the page's language: the API's English one, or the Thai one. */
export const currencyName = (family: string, english: string, lang: Lang): string =>
  lang === 'th' ? (THAI[family] ?? english) : english;
