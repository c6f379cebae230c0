import type { Fund } from '../../store/schema.js';
import type { ImportRows } from '../connector.js';
import type { RefusedRow } from '../state.js';
import type { SecFund } from './answers.js';
import type { FundDay } from './day-navs.js';
import { categoryOf, fundCode, SEC_CATEGORIES, SEC_LINKS } from './funds.js';
import { priceColumns } from './nav.js';

/** A price's fund as SEC names it: its project and class ('' for none). */
export interface ClassKey {
  projId: string;
  className: string;
}

/** The class keys of the prices read, each once, in order. */
export function classKeys(days: readonly FundDay[]): ClassKey[] {
  const keys = new Map<string, ClassKey>();
  for (const d of days)
    if (d.read?.kind === 'prices')
      for (const p of d.read.prices)
        keys.set(`${d.fund.proj_id}|${p.className}`, { projId: d.fund.proj_id, className: p.className });
  return [...keys.values()];
}

export interface RowInputs {
  days: readonly FundDay[];
  /** The fund number of a class key (every key of classKeys has one). */
  number: (key: ClassKey) => number;
  /** Funds stored, by number: a stored fund keeps its category. */
  stored: ReadonlyMap<number, Fund>;
  /** Categories stored: the operator's names of them are kept. */
  storedCategories: ReadonlySet<number>;
  /** Policy types of funds new to the store, by project id. */
  policies: ReadonlyMap<string, string | null>;
}

const nameOf = (name: string | null | undefined, fallback: string, className: string) =>
  `${(name ?? '').trim() || fallback}${className ? ` (${className})` : ''}`.slice(0, 300);

/**
 * One window's rows as the import's types take them (the framework puts each through the import's
 * checks): a fund per project or class with a price in the window, its prices by fund number, and the
 * categories those funds need that are not stored yet. An answer with no NAV to read is refused
 * here, by fund and day.
 */
export function secRows(input: RowInputs): { rows: ImportRows; refused: RefusedRow[]; fetched: number } {
  const funds = new Map<number, Record<string, unknown>>();
  const prices: Record<string, unknown>[] = [];
  const categories = new Set<number>();
  const refused: RefusedRow[] = [];
  for (const { fund, day, read } of input.days) {
    if (!read || read.kind === 'other-day') continue;
    if (read.kind === 'problem') {
      refused.push({
        type: 'fund-prices',
        key: fund.proj_abbr_name,
        date: day,
        column: null,
        reason: read.problem,
      });
      continue;
    }
    for (const price of read.prices) {
      const code = fundCode(price.className || fund.proj_abbr_name);
      const id = input.number({ projId: fund.proj_id, className: price.className });
      if (!funds.has(id)) {
        // A stored fund keeps its category; a new one's comes from its policy type.
        const categoryId =
          input.stored.get(id)?.category_id ?? categoryOf(code, input.policies.get(fund.proj_id)).id;
        if (!input.storedCategories.has(categoryId)) categories.add(categoryId);
        funds.set(id, fundRow(fund, id, code, price.className, categoryId));
      }
      prices.push(priceColumns(String(id), day, price));
    }
  }
  return {
    rows: {
      'fund-categories': SEC_CATEGORIES.filter((c) => categories.has(c.id)).map((c) => ({ ...c })),
      funds: [...funds.values()],
      'fund-prices': prices,
    },
    refused,
    fetched: prices.length + refused.length,
  };
}

function fundRow(
  fund: SecFund,
  id: number,
  code: string,
  className: string,
  categoryId: number,
): Record<string, unknown> {
  return {
    id,
    code,
    category_id: categoryId,
    name_en: nameOf(fund.proj_name_en, code, className),
    name_th: nameOf(fund.proj_name_th, code, className),
    name_th_short: null,
    link_en: SEC_LINKS.en,
    link_th: SEC_LINKS.th,
    factsheet_url: '',
    display_order: Math.min(id, 1_000_000),
  };
}
