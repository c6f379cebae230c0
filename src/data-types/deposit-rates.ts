import { productRateType } from './products.js';

export const depositRates = productRateType({
  name: 'deposit-rates',
  label: 'deposit rates',
  description: 'Deposit rates from their effective dates (GetDepositRate)',
  checks: 'known product; `submitted_at` not after today (the effective date may be ahead: announced rates)',
  products: 'deposit-products',
  what: 'product',
  rateDoc: '(percent, e.g. `0.25`)',
  demo: async (plan) =>
    (await import('./demo/deposits.js')).depositRateRows(plan.seed, plan.from, plan.until),
});
