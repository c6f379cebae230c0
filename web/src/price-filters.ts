import type { ListedFundFacts } from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { h } from './dom.js';

/**
 * The fund house and risk level the prices table is filtered by (none: every fund); they stay while
 * the page is open and are written into the link (#prices/2026-03-02?house=...&risk=6).
 */
const choice: { house?: string; risk?: string } = {};

/** What the filters offer and which funds they keep. */
export interface FactFilters {
  /** The pickers to put beside the table's other controls (none from a service without AllFundFacts). */
  controls: HTMLElement[];
  /** Whether a fund (its number) passes the chosen house and risk level. */
  keeps(fund: string): boolean;
  /** The choice as the link writes it. */
  settings(): { house?: string; risk?: string };
}

/**
 * The fund house and risk pickers, from every fund's house and risk level in one call (AllFundFacts,
 * see docs/operations.md, Fund facts); `onChange` is told of a pick. A house is picked by its English
 * name (the link's), shown in the page's language; a risk level by SEC's label (1-8, 8+). The house
 * picker is left out when every fund is of one house: it would filter nothing.
 */
export async function factFilters(ctx: Context, onChange: () => void): Promise<FactFilters> {
  if (ctx.linked) {
    choice.house = ctx.params.get('house') || undefined;
    choice.risk = ctx.params.get('risk') || undefined;
  }
  // A service without the operation (or a refusal of it) leaves the table unfiltered.
  const facts = await ctx.api
    .memo('all-fund-facts', (c) => c.allFundFacts(), 5 * 60_000)
    .catch((): ListedFundFacts[] => []);
  const byFund = new Map(facts.map((f) => [String(f.fund.id), f]));
  const houses = new Map<string, string>();
  for (const { fundHouse } of facts)
    if (fundHouse?.en) houses.set(fundHouse.en, (ctx.lang === 'th' && fundHouse.th) || fundHouse.en);
  const risks = [...new Set(facts.map((f) => f.risk?.label).filter((l) => l !== undefined))].sort();
  // A link's house or level the data does not have filters nothing.
  if (choice.house && !houses.has(choice.house)) choice.house = undefined;
  if (choice.risk && !risks.includes(choice.risk)) choice.risk = undefined;
  const picker = (
    id: string,
    label: string,
    all: string,
    options: [string, string][],
    current: string | undefined,
    pick: (value: string | undefined) => void,
  ) => {
    const select = h(
      'select',
      { id, 'aria-label': label },
      h('option', { value: '' }, all),
      ...options.map(([value, shown]) => h('option', { value, selected: value === current }, shown)),
    );
    select.addEventListener('change', () => {
      pick(select.value || undefined);
      onChange();
    });
    return select;
  };
  const controls = [
    ...(houses.size > 1
      ? [
          picker(
            'prices-house',
            text(ctx, 'fundHouse'),
            text(ctx, 'allHouses'),
            [...houses].sort((a, b) => a[1].localeCompare(b[1], ctx.lang)),
            choice.house,
            (v) => (choice.house = v),
          ),
        ]
      : []),
    ...(risks.length > 0
      ? [
          picker(
            'prices-risk',
            text(ctx, 'riskLevel'),
            text(ctx, 'allRisks'),
            risks.map((r) => [r, text(ctx, 'riskOption', { level: r })]),
            choice.risk,
            (v) => (choice.risk = v),
          ),
        ]
      : []),
  ];
  return {
    controls,
    keeps: (fund) => {
      const f = byFund.get(fund);
      return (
        (!choice.house || f?.fundHouse?.en === choice.house) &&
        (!choice.risk || f?.risk?.label === choice.risk)
      );
    },
    settings: () => ({ house: choice.house, risk: choice.risk }),
  };
}
