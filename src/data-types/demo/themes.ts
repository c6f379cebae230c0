import type { ProfileName } from './profiles.js';

// What a fund invests in: its code stem, English and Thai descriptors, price behaviour and the share
// classes a full lineup offers. Every fund house's lineup is drawn from this list.

export interface Theme {
  category: number;
  stem: string;
  en: string;
  th: string;
  profile: ProfileName;
  classes: readonly string[];
  /** Products that did not exist before a date (SSF from 2020, Thai ESG from late 2023) launch late. */
  launchFrom?: string;
}

const group = (category: number, rows: [string, string, string, ProfileName, string[]?, string?][]) =>
  rows.map(([stem, en, th, profile, classes, launchFrom]): Theme => {
    const theme: Theme = { category, stem, en, th, profile, classes: classes ?? [''] };
    return launchFrom ? { ...theme, launchFrom } : theme;
  });

export const THEMES: readonly Theme[] = [
  ...group(1, [
    ['TREASURY', 'Treasury', 'ตราสารภาครัฐ', 'money', ['', '-E']],
    ['CASH', 'Cash Management', 'บริหารเงินสด', 'money', ['', '-E']],
    ['MONEY', 'Money Market', 'ตลาดเงิน', 'money'],
    ['SAVING', 'Saving Plus', 'ออมทรัพย์พลัส', 'money'],
  ]),
  ...group(2, [
    ['SHORTBOND', 'Short Term Bond', 'ตราสารหนี้ระยะสั้น', 'shortBond', ['', '-A']],
    ['FIXED', 'Fixed Income', 'ตราสารหนี้', 'bond', ['', '-D', '-R', '-E']],
    ['GOVSHORT', 'Short Term Government Bond', 'พันธบัตรรัฐบาลระยะสั้น', 'shortBond'],
    ['GOVBOND', 'Government Bond', 'พันธบัตรรัฐบาล', 'bond'],
    ['CORPBOND', 'Corporate Bond', 'ตราสารหนี้ภาคเอกชน', 'bond', ['', '-R']],
    ['FIXEDPLUS', 'Fixed Income Plus', 'ตราสารหนี้พลัส', 'bond', ['', '-A']],
    ['ENHANCED', 'Enhanced Income', 'เพิ่มพูนรายได้', 'shortBond'],
    ['INFLATION', 'Inflation Linked Bond', 'พันธบัตรอ้างอิงเงินเฟ้อ', 'bond'],
  ]),
  ...group(3, [
    ['BALANCED', 'Balanced', 'ผสมแบบสมดุล', 'mixed', ['', '-A']],
    ['FLEXIBLE', 'Flexible', 'ผสมแบบยืดหยุ่น', 'mixed', ['', '-D']],
    ['INCOMEPLUS', 'Income Plus', 'ผสมเพื่อรายได้', 'conservative', ['', '-R']],
    ['ALLOCATION', 'Asset Allocation', 'จัดสรรการลงทุน', 'mixed'],
    ['MULTIASSET', 'Global Multi Asset', 'มัลติแอสเซทโลก', 'conservative', ['', '-A']],
    ['TARGET2035', 'Target Date 2035', 'ตามเป้าหมายปี 2578', 'mixed'],
    ['TARGET2045', 'Target Date 2045', 'ตามเป้าหมายปี 2588', 'mixed'],
  ]),
  ...group(4, [
    ['SET50', 'SET50 Index', 'ดัชนีเซ็ทห้าสิบ', 'thaiEquity', ['', '-A', '-E']],
    ['SET100', 'SET100 Index', 'ดัชนีเซ็ทหนึ่งร้อย', 'thaiEquity', ['', '-E']],
    ['EQUITY', 'Equity', 'หุ้นทุน', 'thaiEquity', ['', '-D']],
    ['DIVIDEND', 'Dividend Stock', 'หุ้นปันผล', 'dividend', ['', '-D', '-R']],
    ['SMALLCAP', 'Small and Mid Cap', 'หุ้นขนาดกลางและเล็ก', 'smallCap', ['', '-A']],
    ['VALUE', 'Value Stock', 'หุ้นคุณค่า', 'thaiEquity'],
    ['GROWTH', 'Thai Growth', 'หุ้นไทยเติบโต', 'thaiEquity'],
    ['BANKING', 'Banking Sector', 'หุ้นกลุ่มธนาคาร', 'thaiEquity'],
    ['CONSUMER', 'Consumer Goods', 'หุ้นกลุ่มอุปโภคบริโภค', 'thaiEquity'],
    ['ENERGY', 'Energy and Utilities', 'พลังงานและสาธารณูปโภค', 'thaiEquity'],
    ['FOCUS', 'Thai Focus', 'ไทยโฟกัส', 'smallCap'],
    ['THAIESG', 'Thai ESG', 'ไทยเพื่อความยั่งยืน', 'thaiEquity', ['', '-A'], '2023-12-01'],
  ]),
  ...group(5, [
    ['GLOBALEQ', 'Global Equity', 'หุ้นโลก', 'globalEquity', ['', '-A', '-R', '-E']],
    ['GLOBALDIV', 'Global Dividend', 'หุ้นปันผลโลก', 'globalEquity', ['', '-D']],
    ['GLOBALSMALL', 'Global Small Cap', 'หุ้นโลกขนาดเล็ก', 'globalEquity'],
    ['USEQ', 'US Equity', 'หุ้นสหรัฐ', 'usEquity', ['-A', '-R']],
    ['TECH', 'Global Technology', 'เทคโนโลยีโลก', 'tech', ['', '-A']],
    ['CHINA', 'China Equity', 'หุ้นจีน', 'china', ['-A', '-R']],
    ['ASIA', 'Asia Pacific Equity', 'หุ้นเอเชียแปซิฟิก', 'emerging'],
    ['JAPAN', 'Japan Equity', 'หุ้นญี่ปุ่น', 'developed', ['-H', '-UH']],
    ['EUROPE', 'Europe Equity', 'หุ้นยุโรป', 'developed', ['', '-H']],
    ['INDIA', 'India Equity', 'หุ้นอินเดีย', 'emerging', ['', '-A']],
    ['VIETNAM', 'Vietnam Equity', 'หุ้นเวียดนาม', 'emerging'],
    ['KOREA', 'Korea Equity', 'หุ้นเกาหลี', 'emerging'],
    ['ASEAN', 'ASEAN Equity', 'หุ้นอาเซียน', 'emerging'],
    ['EMERGING', 'Emerging Markets Equity', 'หุ้นตลาดเกิดใหม่', 'emerging', ['', '-A']],
    ['HEALTH', 'Global Healthcare', 'เฮลท์แคร์โลก', 'globalEquity', ['', '-A']],
    ['GLOBALBOND', 'Global Bond', 'ตราสารหนี้โลก', 'globalBond', ['', '-D']],
    ['GLOBALINCOME', 'Global Income', 'โกลบอลอินคัม', 'conservative', ['-D', '-R']],
    ['INNOVATION', 'Global Innovation', 'นวัตกรรมโลก', 'tech'],
    ['CLEANENERGY', 'Global Clean Energy', 'พลังงานสะอาดโลก', 'tech'],
  ]),
  ...group(6, [
    ['PROPERTY', 'Property', 'อสังหาริมทรัพย์', 'property', ['', '-D']],
    ['GLOBALREIT', 'Global REIT', 'รีทโลก', 'property', ['', '-D']],
    ['INFRA', 'Infrastructure', 'โครงสร้างพื้นฐาน', 'property', ['', '-D']],
    ['ASIAREIT', 'Asia REIT', 'รีทเอเชีย', 'property'],
  ]),
  ...group(7, [
    ['EQRMF', 'Equity RMF', 'หุ้นทุนเพื่อการเลี้ยงชีพ', 'thaiEquity'],
    ['DIVRMF', 'Dividend Stock RMF', 'หุ้นปันผลเพื่อการเลี้ยงชีพ', 'dividend'],
    ['BONDRMF', 'Fixed Income RMF', 'ตราสารหนี้เพื่อการเลี้ยงชีพ', 'bond'],
    ['SHORTRMF', 'Short Term Bond RMF', 'ตราสารหนี้ระยะสั้นเพื่อการเลี้ยงชีพ', 'shortBond'],
    ['GBONDRMF', 'Global Bond RMF', 'ตราสารหนี้โลกเพื่อการเลี้ยงชีพ', 'globalBond'],
    ['MMRMF', 'Money Market RMF', 'ตลาดเงินเพื่อการเลี้ยงชีพ', 'money'],
    ['BALRMF', 'Balanced RMF', 'ผสมเพื่อการเลี้ยงชีพ', 'mixed'],
    ['GLOBALRMF', 'Global Equity RMF', 'หุ้นโลกเพื่อการเลี้ยงชีพ', 'globalEquity'],
    ['USRMF', 'US Equity RMF', 'หุ้นสหรัฐเพื่อการเลี้ยงชีพ', 'usEquity'],
    ['CHINARMF', 'China Equity RMF', 'หุ้นจีนเพื่อการเลี้ยงชีพ', 'china'],
    ['TECHRMF', 'Global Technology RMF', 'เทคโนโลยีโลกเพื่อการเลี้ยงชีพ', 'tech'],
    ['ASIARMF', 'Asia Pacific Equity RMF', 'หุ้นเอเชียเพื่อการเลี้ยงชีพ', 'emerging'],
    ['PROPRMF', 'Property RMF', 'อสังหาริมทรัพย์เพื่อการเลี้ยงชีพ', 'property'],
    ['GOLDRMF', 'Gold RMF', 'ทองคำเพื่อการเลี้ยงชีพ', 'gold'],
  ]),
  ...group(8, [
    ['EQSSF', 'Equity SSF', 'หุ้นทุนเพื่อการออม', 'thaiEquity', [''], '2020-12-01'],
    ['DIVSSF', 'Dividend Stock SSF', 'หุ้นปันผลเพื่อการออม', 'dividend', [''], '2020-12-01'],
    ['BONDSSF', 'Fixed Income SSF', 'ตราสารหนี้เพื่อการออม', 'bond', [''], '2020-12-01'],
    ['BALSSF', 'Balanced SSF', 'ผสมเพื่อการออม', 'mixed', [''], '2020-12-01'],
    ['GLOBALSSF', 'Global Equity SSF', 'หุ้นโลกเพื่อการออม', 'globalEquity', [''], '2020-12-01'],
    ['USSSF', 'US Equity SSF', 'หุ้นสหรัฐเพื่อการออม', 'usEquity', [''], '2020-12-01'],
    ['CHINASSF', 'China Equity SSF', 'หุ้นจีนเพื่อการออม', 'china', [''], '2020-12-01'],
    ['TECHSSF', 'Global Technology SSF', 'เทคโนโลยีโลกเพื่อการออม', 'tech', [''], '2020-12-01'],
    ['ASIASSF', 'Asia Pacific Equity SSF', 'หุ้นเอเชียเพื่อการออม', 'emerging', [''], '2020-12-01'],
    ['GOLDSSF', 'Gold SSF', 'ทองคำเพื่อการออม', 'gold', [''], '2020-12-01'],
  ]),
  ...group(9, [
    ['GOLD', 'Gold', 'ทองคำ', 'gold', ['', '-H']],
    ['OIL', 'Oil', 'น้ำมัน', 'commodity'],
    ['COMMODITY', 'Global Commodities', 'สินค้าโภคภัณฑ์โลก', 'commodity'],
    ['AGRI', 'Global Agriculture', 'เกษตรโลก', 'commodity'],
  ]),
];
