import { productRateType } from './products.js';

export const loanRates = productRateType({
  name: 'loan-rates',
  label: 'loan rates',
  description: 'Loan reference rates and loan product rates from their effective dates (GetLoanRate)',
  checks:
    'known loan product; `submitted_at` not after today (the effective date may be ahead: served from that day)',
  products: 'loan-products',
  what: 'loan product',
  rateDoc: '(percent, e.g. `6.975`)',
  productDoc: '(a loan product id)',
  demo: async (plan) => (await import('./demo/loans.js')).loanRateRows(plan.seed, plan.from, plan.until),
});
