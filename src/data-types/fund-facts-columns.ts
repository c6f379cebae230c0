import { FUND_CODE } from '../domain/fund-code.js';
import { column, reference, type RowOf } from './define.js';
import { date, decimal, optional, string, url } from './fields.js';

// The columns of a fund's facts and of its dividends, apart from their declarations (fund-facts.ts,
// fund-dividends.ts) so that the demo's generator (demo/fund-facts.ts), which those declarations
// load, can name their rows without importing them back.

/** A fund named by number or short code. */
const fund = () =>
  reference<number>('funds', string(40, FUND_CODE, 'a fund number or short code'), {
    file: 'fund',
    doc: '(number or code)',
  });

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
  fund_id: fund(),
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

export const DIVIDEND_COLUMNS = {
  fund_id: fund(),
  book_closing_date: column(date, { file: 'book_closing' }),
  payment_date: column(date, { file: 'payment' }),
  per_unit: column(decimal(6)),
} as const;

/** A dividend as the table keeps it. */
export type FundDividendRow = RowOf<typeof DIVIDEND_COLUMNS>;
