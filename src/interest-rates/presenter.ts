import { formatDayMonthYear, formatTimestamp } from '../domain/dates.js';
import type { ProductRate } from './product-rate.js';
import type { DepositRate, LoanRate } from './schemas.js';

// The interest-rate group's wire shapes, each written here once from the repositories' product rates.

/** When a rate took effect and was submitted, as both answers write it (the schemas' inForceFields). */
const inForce = (r: ProductRate) => ({
  EffectiveDate: formatDayMonthYear(r.effective_date),
  TimeSubmit: formatTimestamp(r.submitted_at),
});

/** GetDepositRate's items. */
export function depositRates(rates: ProductRate[]): DepositRate[] {
  return rates.map((r) => ({
    DepositNameEn: r.name_en,
    DepositNameTh: r.name_th,
    DepositRates: r.rate,
    ...inForce(r),
  }));
}

/** GetLoanRate's items. */
export function loanRates(rates: ProductRate[]): LoanRate[] {
  return rates.map((r) => ({
    LoanNameEn: r.name_en,
    LoanNameTh: r.name_th,
    LoanRates: r.rate,
    ...inForce(r),
  }));
}
