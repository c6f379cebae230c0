import { addDays } from '../../domain/dates.js';
import { nextBusinessDay } from '../../domain/thai-calendar.js';
import type { NamedRow } from './catalog.js';
import type { ProductRate } from './deposits.js';
import { POLICY_RATE_CHANGES, policyRateOn } from './policy-rate.js';
import { Stream, stream } from './streams.js';

/** A loan rate follows the policy rate at a fixed spread, in 0.025 steps (banks quote MLR as 6.975). */
interface LoanProductSpec extends NamedRow {
  spread: number;
}

// The three reference rates first, as the bank's rate card lists them, then loan products priced off them.
// prettier-ignore
const PRODUCTS: readonly [string, string, number][] = [
  ['Minimum Loan Rate (MLR)', 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายใหญ่ชั้นดีประเภทเงินกู้แบบมีระยะเวลา (MLR)', 4.725],
  ['Minimum Overdraft Rate (MOR)', 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายใหญ่ชั้นดีประเภทเงินเบิกเกินบัญชี (MOR)', 5.05],
  ['Minimum Retail Rate (MRR)', 'อัตราดอกเบี้ยเงินให้สินเชื่อลูกค้ารายย่อยชั้นดี (MRR)', 4.8],
  ['Home Loan (first 3 years)', 'สินเชื่อบ้าน (3 ปีแรก)', 1.0],
  ['Home Loan (after 3 years, MRR - 1.00)', 'สินเชื่อบ้าน (หลัง 3 ปี MRR - 1.00)', 3.8],
  ['SME Term Loan', 'สินเชื่อธุรกิจเอสเอ็มอีแบบมีระยะเวลา', 5.5],
  ['Personal Loan', 'สินเชื่อบุคคล', 18.75],
];

export const LOAN_PRODUCTS: readonly LoanProductSpec[] = PRODUCTS.map(([name_en, name_th, spread], i) => ({
  id: i + 1,
  name_en,
  name_th,
  display_order: i + 1,
  spread,
}));

export function loanProductRows(): NamedRow[] {
  return LOAN_PRODUCTS.map(({ id, name_en, name_th, display_order }) => ({
    id,
    name_en,
    name_th,
    display_order,
  }));
}

/** The product's rate for a policy rate, as the bank publishes it: '6.975'. */
function rateFor(product: LoanProductSpec, policy: number): string {
  const steps = Math.round((product.spread + policy) * 40); // 0.025 steps, in integers
  return (steps / 40).toFixed(3);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Every rate change of every loan rate from `from` to `until`: the rate in force on `from`, a new rate
 * a week or a few after each policy-rate change, and one change announced on `until` that takes effect
 * two weeks later, which GetLoanRate must not serve before its day.
 */
export function loanRateRows(seed: number, from: string, until: string): ProductRate[] {
  const rows: ProductRate[] = [];
  for (const product of LOAN_PRODUCTS) {
    const random = stream(seed, Stream.loan, product.id);
    let current = '';
    const publish = (effective: string, rate: string, submitted: string) => {
      const time = `${pad2(random.int(8, 17))}:${pad2(random.int(0, 59))}:${pad2(random.int(0, 59))}`;
      if (rate !== current && submitted <= until) {
        rows.push({
          product_id: product.id,
          effective_date: effective,
          rate,
          submitted_at: `${submitted} ${time}`,
        });
      }
      current = rate;
    };
    publish(from, rateFor(product, policyRateOn(from)), addDays(from, -7));
    for (const change of POLICY_RATE_CHANGES.filter((c) => c.date > from)) {
      const effective = nextBusinessDay(addDays(change.date, random.int(3, 28)));
      if (effective > until) break;
      publish(effective, rateFor(product, change.rate), addDays(effective, -random.int(1, 5)));
    }
    // Announced today, in force in two weeks: a quarter point lower.
    publish(nextBusinessDay(addDays(until, 14)), (Number(current) - 0.25).toFixed(3), until);
  }
  return rows;
}
