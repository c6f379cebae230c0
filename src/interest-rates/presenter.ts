import { formatDayMonthYear, formatTimestamp } from '../domain/dates.js';
import type { ProductRate } from './product-rate.js';
import type { DepositRate, LoanRate } from './schemas.js';

// The interest-rate group's wire shapes, each written here once from the repositories' product rates.

/** GetDepositRate's items. */
export function depositRates(rates: ProductRate[]): DepositRate[] {
  return rates.map((r) => ({
    DepositNameEn: r.name_en,
    DepositNameTh: r.name_th,
    DepositRates: r.rate,
    EffectiveDate: formatDayMonthYear(r.effective_date),
    TimeSubmit: formatTimestamp(r.submitted_at),
  }));
}

/** GetLoanRate's items. */
export function loanRates(rates: ProductRate[]): LoanRate[] {
  return rates.map((r) => ({
    LoanNameEn: r.name_en,
    LoanNameTh: r.name_th,
    LoanRates: r.rate,
    EffectiveDate: formatDayMonthYear(r.effective_date),
    TimeSubmit: formatTimestamp(r.submitted_at),
  }));
}
