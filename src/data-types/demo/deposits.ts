import { addDays } from '../../domain/dates.js';
import { nextBusinessDay } from '../../domain/thai-calendar.js';
import type { NamedRow } from './catalog.js';
import { POLICY_RATE_CHANGES, policyRateOn } from './policy-rate.js';
import { Stream, stream } from './streams.js';

/** A product's rate follows the policy rate: base + slope x policy, in 0.05 steps, within [min, max]. */
interface DepositProductSpec extends NamedRow {
  base: number;
  slope: number;
  min: number;
  max: number;
}

// prettier-ignore
const PRODUCTS: readonly [string, string, number, number, number, number][] = [
  ['Savings Account', 'บัญชีเงินฝากออมทรัพย์', 0.125, 0.15, 0.25, 0.75],
  ['e-Savings Account', 'บัญชีเงินฝากออมทรัพย์อิเล็กทรอนิกส์', 0.3, 0.45, 0.5, 2.0],
  ['Current Account Plus', 'บัญชีเงินฝากกระแสรายวันพลัส', 0, 0.08, 0.05, 0.25],
  ['Fixed Deposit 3 Months', 'บัญชีเงินฝากประจำ 3 เดือน', 0.1, 0.45, 0.35, 2.5],
  ['Fixed Deposit 6 Months', 'บัญชีเงินฝากประจำ 6 เดือน', 0.2, 0.5, 0.45, 2.75],
  ['Fixed Deposit 12 Months', 'บัญชีเงินฝากประจำ 12 เดือน', 0.3, 0.55, 0.5, 3.0],
  ['Fixed Deposit 24 Months', 'บัญชีเงินฝากประจำ 24 เดือน', 0.45, 0.55, 0.6, 3.25],
  ['Fixed Deposit 36 Months', 'บัญชีเงินฝากประจำ 36 เดือน', 0.6, 0.55, 0.7, 3.5],
  ['Tax-Free Fixed Deposit 24 Months', 'บัญชีเงินฝากประจำปลอดภาษี 24 เดือน', 0.8, 0.6, 1.0, 3.5],
  ['Senior Citizen Savings Account', 'บัญชีเงินฝากออมทรัพย์ผู้สูงอายุ', 0.5, 0.35, 0.75, 2.0],
  ['Youth Savings Account', 'บัญชีเงินฝากออมทรัพย์เยาวชน', 0.25, 0.2, 0.4, 1.0],
  ['Senior Citizen Fixed Deposit 12 Months', 'บัญชีเงินฝากประจำผู้สูงอายุ 12 เดือน', 0.6, 0.6, 0.9, 3.25],
  ['USD Foreign Currency Savings Account', 'บัญชีเงินฝากเงินตราต่างประเทศ ออมทรัพย์ ดอลลาร์สหรัฐ', 0, 0.2, 0.05, 1.0],
  ['USD Foreign Currency Fixed Deposit 12 Months', 'บัญชีเงินฝากเงินตราต่างประเทศ ประจำ 12 เดือน ดอลลาร์สหรัฐ', 0.2, 0.6, 0.25, 2.5],
];

export const DEPOSIT_PRODUCTS: readonly DepositProductSpec[] = PRODUCTS.map(
  ([name_en, name_th, base, slope, min, max], i) => ({
    id: i + 1,
    name_en,
    name_th,
    display_order: i + 1,
    base,
    slope,
    min,
    max,
  }),
);

export function depositProductRows(): NamedRow[] {
  return DEPOSIT_PRODUCTS.map(({ id, name_en, name_th, display_order }) => ({
    id,
    name_en,
    name_th,
    display_order,
  }));
}

/** The product's rate for a policy rate, as the bank publishes it: '1.50'. */
function rateFor(product: DepositProductSpec, policy: number): string {
  const steps = Math.round((product.base + product.slope * policy) * 20); // 0.05 steps, in integers
  const hundredths = Math.min(
    Math.max(steps * 5, Math.round(product.min * 100)),
    Math.round(product.max * 100),
  );
  return (hundredths / 100).toFixed(2);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Every rate change of every product from `from` to `until`: the rate in force on `from`, then a new
 * rate a week or a few after each policy-rate change that moves it. A product's draws come from its own
 * stream in a fixed order, so a later `until` only adds later changes.
 */
/** A product's rate from an effective date, as published. */
export interface ProductRate {
  product_id: number;
  effective_date: string;
  rate: string;
  submitted_at: string;
}

export function depositRateRows(seed: number, from: string, until: string): ProductRate[] {
  const rows: ProductRate[] = [];
  for (const product of DEPOSIT_PRODUCTS) {
    const random = stream(seed, Stream.deposit, product.id);
    let current = '';
    const publish = (effective: string, rate: string) => {
      const submitted = addDays(effective, -random.int(1, 5));
      const time = `${pad2(random.int(8, 17))}:${pad2(random.int(0, 59))}:${pad2(random.int(0, 59))}`;
      if (rate !== current && effective <= until) {
        rows.push({
          product_id: product.id,
          effective_date: effective,
          rate,
          submitted_at: `${submitted} ${time}`,
        });
      }
      current = rate;
    };
    publish(from, rateFor(product, policyRateOn(from)));
    for (const change of POLICY_RATE_CHANGES.filter((c) => c.date > from)) {
      const effective = nextBusinessDay(addDays(change.date, random.int(3, 28)));
      publish(effective, rateFor(product, change.rate));
    }
  }
  return rows;
}
