// Reference data of the demo fund universe: categories, fund houses and share classes.

/** A named row in display order (a fund category, a deposit or loan product). */
export interface NamedRow {
  id: number;
  name_en: string;
  name_th: string;
  display_order: number;
}

export const FUND_CATEGORIES: readonly NamedRow[] = [
  { id: 1, name_en: 'Money Market', name_th: 'กองทุนรวมตลาดเงิน', display_order: 1 },
  { id: 2, name_en: 'Fixed Income', name_th: 'กองทุนรวมตราสารหนี้', display_order: 2 },
  { id: 3, name_en: 'Mixed', name_th: 'กองทุนรวมผสม', display_order: 3 },
  { id: 4, name_en: 'Equity', name_th: 'กองทุนรวมตราสารทุน', display_order: 4 },
  { id: 5, name_en: 'Foreign Investment', name_th: 'กองทุนรวมที่ลงทุนในต่างประเทศ', display_order: 5 },
  {
    id: 6,
    name_en: 'Property & Infrastructure',
    name_th: 'กองทุนรวมอสังหาริมทรัพย์และโครงสร้างพื้นฐาน',
    display_order: 6,
  },
  { id: 7, name_en: 'Retirement Mutual Fund (RMF)', name_th: 'กองทุนรวมเพื่อการเลี้ยงชีพ (RMF)', display_order: 7 },
  { id: 8, name_en: 'Super Savings Fund (SSF)', name_th: 'กองทุนรวมเพื่อการออม (SSF)', display_order: 8 },
  { id: 9, name_en: 'Gold/Commodity', name_th: 'กองทุนรวมทองคำและสินค้าโภคภัณฑ์', display_order: 9 },
];

export interface FundHouse {
  code: string;
  en: string;
  th: string;
}

/** The bank's own fund house comes first: the default dataset is its lineup alone. */
export const FUND_HOUSES: readonly FundHouse[] = [
  { code: 'B', en: 'B', th: 'บี' },
  { code: 'APEX', en: 'Apex', th: 'เอเพ็กซ์' },
  { code: 'CREST', en: 'Crest', th: 'เครสท์' },
  { code: 'DELTA', en: 'Delta', th: 'เดลต้า' },
  { code: 'EVER', en: 'Evergreen', th: 'เอเวอร์กรีน' },
  { code: 'FALCON', en: 'Falcon', th: 'ฟัลคอน' },
  { code: 'GRANITE', en: 'Granite', th: 'แกรนิต' },
  { code: 'HARBOR', en: 'Harbor', th: 'ฮาร์เบอร์' },
  { code: 'INDIGO', en: 'Indigo', th: 'อินดิโก' },
  { code: 'JADE', en: 'Jade', th: 'เจด' },
  { code: 'LOTUS', en: 'Lotus', th: 'โลตัส' },
  { code: 'MEKONG', en: 'Mekong', th: 'แม่โขง' },
  { code: 'NOVA', en: 'Nova', th: 'โนวา' },
  { code: 'ORCHID', en: 'Orchid', th: 'ออร์คิด' },
  { code: 'PEAK', en: 'Peak', th: 'พีค' },
  { code: 'QUARTZ', en: 'Quartz', th: 'ควอตซ์' },
  { code: 'RIVER', en: 'River', th: 'ริเวอร์' },
  { code: 'SUMMIT', en: 'Summit', th: 'ซัมมิท' },
  { code: 'TEAK', en: 'Teak', th: 'ทีค' },
  { code: 'UNITY', en: 'Unity', th: 'ยูนิตี้' },
  { code: 'VISTA', en: 'Vista', th: 'วิสต้า' },
  { code: 'WILLOW', en: 'Willow', th: 'วิลโลว์' },
  { code: 'ZENITH', en: 'Zenith', th: 'ซีนิท' },
  { code: 'ATLAS', en: 'Atlas', th: 'แอตลาส' },
  { code: 'BEACON', en: 'Beacon', th: 'บีคอน' },
  { code: 'CORAL', en: 'Coral', th: 'คอรัล' },
  { code: 'DUNE', en: 'Dune', th: 'ดูน' },
  { code: 'EMBER', en: 'Ember', th: 'เอมเบอร์' },
  { code: 'FJORD', en: 'Fjord', th: 'ฟยอร์ด' },
  { code: 'GALAXY', en: 'Galaxy', th: 'กาแล็กซี่' },
  { code: 'HELIX', en: 'Helix', th: 'ฮีลิกซ์' },
  { code: 'IVORY', en: 'Ivory', th: 'ไอวอรี่' },
];

export interface ShareClass {
  suffix: string;
  en: string;
  th: string;
  thShort: string;
}

/** Share classes, keyed by the code suffix they add ('' is the fund's only or main class). */
export const SHARE_CLASSES: Readonly<Record<string, ShareClass>> = {
  '': { suffix: '', en: '', th: '', thShort: '' },
  '-A': { suffix: '-A', en: 'Accumulation Class', th: 'ชนิดสะสมมูลค่า', thShort: 'สะสม' },
  '-D': { suffix: '-D', en: 'Dividend Class', th: 'ชนิดจ่ายเงินปันผล', thShort: 'ปันผล' },
  '-R': { suffix: '-R', en: 'Auto Redemption Class', th: 'ชนิดขายคืนหน่วยลงทุนอัตโนมัติ', thShort: 'ขายคืน' },
  '-E': { suffix: '-E', en: 'Online Class', th: 'ชนิดช่องทางอิเล็กทรอนิกส์', thShort: 'ออนไลน์' },
  '-H': { suffix: '-H', en: 'Hedged Class', th: 'ชนิดป้องกันความเสี่ยงค่าเงิน', thShort: 'H' },
  '-UH': { suffix: '-UH', en: 'Unhedged Class', th: 'ชนิดไม่ป้องกันความเสี่ยงค่าเงิน', thShort: 'UH' },
};
