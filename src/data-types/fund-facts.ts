import { published } from './define.js';
import { RowError } from './row-context.js';

import { FACT_COLUMNS, FEES } from './fund-facts-columns.js';

export { FACT_COLUMNS, FEES, type FundFactsRow } from './fund-facts-columns.js';

/**
 * What SEC publishes about a fund beside its NAV (decisions section 11, connectors.md "SEC fund
 * facts"): one row per fund, every change kept as a revision. Grouped in blocks as SEC publishes them,
 * each with the day SEC last updated it; null for what is not published.
 */
export const fundFacts = published({
  name: 'fund-facts',
  label: 'fund facts',
  description:
    "A fund's facts as SEC publishes them: fund house, policy, risk level, fees, benchmark, dividend policy, inception and links",
  checks:
    'known fund; risk level 1-8 or 8+; fees 0-100 % with at most 4 decimals, the actual fee not above the maximum; dividend policy Y or N; days not after today',
  columns: FACT_COLUMNS,
  keys: ['fund_id'],
  // Published when SEC changes them: /status shows the last publication, no expected day.
  schedule: 'on-change',
  duplicate: (_row, file) => `facts of fund ${String(file.fund)}`,
  check: (row, _file, ctx) => {
    for (const f of FEES) {
      const [max, actual] = [row[`${f}_max`], row[`${f}_actual`]];
      if (max !== null && max > 100) throw new RowError(`${f}_max`, `expected at most 100 %, got ${max}`);
      if (max !== null && actual !== null && actual > max)
        throw new RowError(`${f}_actual`, `${actual} is above the maximum ${max}`);
    }
    for (const day of [
      'policy_updated',
      'risk_updated',
      'fees_updated',
      'benchmark_updated',
      'dividend_updated',
      'links_updated',
      'inception_date',
    ] as const) {
      const value = row[day];
      if (value !== null && value > ctx.today) throw new RowError(day, `is after today (${ctx.today})`);
    }
  },
  // Every demo fund's facts, one batch.
  demo: async function* (plan) {
    const { fundFactsRow } = await import('./demo/fund-facts.js');
    yield [plan.funds.map((fund) => fundFactsRow(plan, fund))];
  },
});
