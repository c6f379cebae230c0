import { FUND_CODE } from '../domain/fund-code.js';
import { column, published, reference, type RowOf } from './define.js';
import { date, decimal, optional, string, url } from './fields.js';
import { RowError } from './row-context.js';

/** A text of SEC's (a name, a policy, a benchmark): null when not published. */
const text = (max = 4000) => column(optional(string(max)));
/** A fee in percent of the NAV (a year, for the management fee and the TER): null when not published. */
const fee = () => column(optional(decimal(4, { allowZero: true })));
/** The day SEC last updated a block of facts (its `last_upd_date`). */
const updated = () => column(optional(date));

/** The fees, each as the prospectus' maximum and the rate actually charged (`<fee>_max`, `<fee>_actual`). */
export const FEES = ['front_end', 'back_end', 'switching_in', 'switching_out', 'management', 'ter'] as const;

/** The facts' columns: the demo's generator makes rows of them. */
export const FACT_COLUMNS = {
  fund_id: reference<number>('funds', string(40, FUND_CODE, 'a fund number or short code'), {
    file: 'fund',
    doc: '(number or code)',
  }),
  fund_house_en: text(300),
  fund_house_th: text(300),
  fund_type_en: text(300),
  fund_type_th: text(300),
  policy_en: text(),
  policy_th: text(),
  policy_updated: updated(),
  /** SEC's RS1-RS8 as 1-8, RS81 as 8+ */
  risk_level: column(optional(string(2, /^([1-8]|8\+)$/, 'a risk level 1-8 or 8+'))),
  risk_updated: updated(),
  front_end_max: fee(),
  front_end_actual: fee(),
  back_end_max: fee(),
  back_end_actual: fee(),
  switching_in_max: fee(),
  switching_in_actual: fee(),
  switching_out_max: fee(),
  switching_out_actual: fee(),
  management_max: fee(),
  management_actual: fee(),
  ter_max: fee(),
  ter_actual: fee(),
  fees_updated: updated(),
  benchmark_en: text(),
  benchmark_th: text(),
  benchmark_updated: updated(),
  /** Y: pays dividends, N: does not */
  dividend_policy: column(optional(string(1, /^[YN]$/, 'Y or N'))),
  dividend_policy_en: text(),
  dividend_policy_th: text(),
  dividend_updated: updated(),
  inception_date: column(optional(date)),
  registered_assets: column(optional(decimal(2, { allowZero: true }))),
  factsheet_url: column(optional(url)),
  prospectus_url: column(optional(url)),
  links_updated: updated(),
} as const;

/** A fund's facts as the table keeps them. */
export type FundFactsRow = RowOf<typeof FACT_COLUMNS>;

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
