import { FUND_CATEGORIES, type NamedRow } from '../../data-types/demo/catalog.js';
import type { SecFund } from './answers.js';

// How SEC's fund houses and projects become the service's categories and funds (docs/connectors.md,
// SEC Thailand). Pure: no I/O, so each rule is tested on its own and said once.

/**
 * A fund code from SEC's short name of a project or class: spaces become '-' (`ASP-DEQ ThaiESGX`).
 * Whether it then is a code is the import's checks' to say (the one rule, domain/fund-code.ts): a
 * name that is not one is refused there, named.
 */
export const fundCode = (shortName: string): string => shortName.trim().replace(/\s+/g, '-');

/** SEC's statuses of a project (fund_status), as the connector treats them. */
export const FUND_STATUSES: Readonly<Record<string, { registered: boolean; meaning: string }>> = {
  // Approved or offered but never registered: no NAV to ask for.
  SE: { registered: false, meaning: 'approved, filing in progress' },
  EX: { registered: false, meaning: 'offer period ended unregistered' },
  RG: { registered: true, meaning: 'registered' },
  // Dissolved: NAVs up to the cancel date.
  CA: { registered: true, meaning: 'cancelled' },
  LI: { registered: true, meaning: 'dissolution registered' },
};

const day = (value: string | null | undefined): string | null => {
  const d = value?.slice(0, 10) ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
};

/**
 * The days of [from, to] on which a fund can have a NAV: a registered project, from its registration
 * to its cancellation. Asking for no other day keeps a run within SEC's calls (3,000 per 300 s): a
 * market holds some 2,500 registered projects among many more that were closed long ago.
 */
export function navSpan(fund: SecFund, from: string, to: string): { from: string; to: string } | null {
  const status = FUND_STATUSES[fund.fund_status];
  if (status && !status.registered) return null;
  const start = [from, day(fund.regis_date) ?? from].sort()[1]!;
  const end = [to, day(fund.cancel_date) ?? to].sort()[0]!;
  return start <= end ? { from: start, to: end } : null;
}

/** The category for funds whose SEC policy type is none of the table's. */
export const OTHER_CATEGORY: NamedRow = {
  id: 99,
  name_en: 'Other',
  name_th: 'อื่น ๆ',
  display_order: 99,
};

/**
 * SEC's policy types (policy_desc, in Thai or English as the answer gives it) to the service's
 * categories (the demo's list: 1 Money Market ... 9 Gold/Commodity). Matched on a word of the type;
 * the first match wins, so the more particular words come first. Retirement (RMF) and super savings
 * (SSF) funds are known by their short name's suffix, as their names carry it.
 */
const POLICY_WORDS: readonly [RegExp, number][] = [
  [/ตลาดเงิน|money\s*market/i, 1],
  [/ทองคำ|โภคภัณฑ์|gold|commodit/i, 9],
  [/อสังหา|โครงสร้างพื้นฐาน|property|infrastructure|reit/i, 6],
  [/ต่างประเทศ|foreign|global|fif/i, 5],
  [/ผสม|mixed|balanced|asset\s*allocation/i, 3],
  [/ตราสารหนี้|ตราสารแห่งหนี้|fixed\s*income|bond/i, 2],
  [/ตราสารทุน|ตราสารแห่งทุน|หุ้น|equity/i, 4],
];

export function categoryOf(shortName: string, policy: string | null | undefined): NamedRow {
  const id = /RMF$/i.test(shortName)
    ? 7
    : /SSF(X)?$/i.test(shortName)
      ? 8
      : (POLICY_WORDS.find(([words]) => words.test(policy ?? ''))?.[1] ?? OTHER_CATEGORY.id);
  return FUND_CATEGORIES.find((c) => c.id === id) ?? OTHER_CATEGORY;
}

/** Every category a connector run may publish. */
export const SEC_CATEGORIES: readonly NamedRow[] = [...FUND_CATEGORIES, OTHER_CATEGORY];

/** The API gives no page per fund: a fund's links lead to SEC Thailand's site, in each language. */
export const SEC_LINKS = {
  en: 'https://www.sec.or.th/EN/Pages/Home.aspx',
  th: 'https://www.sec.or.th/TH/Pages/Home.aspx',
};
