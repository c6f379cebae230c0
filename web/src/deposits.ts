import type { DepositRate, LoanRate } from '../../src/client/index.js';
import { day, show, text, type Context, type View } from './context.js';
import { fromDayFirst } from './dates.js';
import { h, message, table } from './dom.js';

/** One rate as both operations write it: names in two languages, a rate, two dates. */
interface Rate {
  en: string;
  th: string;
  rate: string;
  effective: string;
  submitted: string;
}

const fromDeposit = (r: DepositRate): Rate => ({
  en: r.DepositNameEn,
  th: r.DepositNameTh,
  rate: r.DepositRates,
  effective: r.EffectiveDate,
  submitted: r.TimeSubmit,
});
const fromLoan = (r: LoanRate): Rate => ({
  en: r.LoanNameEn,
  th: r.LoanNameTh,
  rate: r.LoanRates,
  effective: r.EffectiveDate,
  submitted: r.TimeSubmit,
});

function ratesTable(ctx: Context, rates: Rate[], className: string, caption: string) {
  if (rates.length === 0) return message(text(ctx, 'noData'), 'empty');
  return table(
    [
      { title: text(ctx, 'product'), value: (r) => (ctx.lang === 'th' ? r.th : r.en) },
      { title: text(ctx, 'rate'), value: (r) => r.rate, numeric: true },
      { title: text(ctx, 'effective'), value: (r) => day(ctx, fromDayFirst(r.effective)) },
      {
        title: text(ctx, 'published'),
        value: (r) =>
          `${day(ctx, fromDayFirst(r.submitted))} ${r.submitted.split(' ')[1]?.slice(0, 5) ?? ''}`,
      },
    ],
    rates,
    `${className} stack`,
    { caption },
  );
}

/** The deposit rates and the loan reference rates in effect today, as the bank's rates page shows them. */
export const depositsView: View = async (ctx) => {
  const [deposits, loans] = await Promise.all([
    ctx.api.memo('deposits', (c) => c.getDepositRate()),
    ctx.api.memo('loans', (c) => c.getLoanRate()),
  ]);
  if (deposits.length === 0 && loans.length === 0) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  show(
    ctx,
    h('h2', {}, text(ctx, 'depositsTitle')),
    ratesTable(ctx, deposits.map(fromDeposit), 'deposits', text(ctx, 'depositsTitle')),
    h('h2', {}, text(ctx, 'loansTitle')),
    ratesTable(ctx, loans.map(fromLoan), 'loans', text(ctx, 'loansTitle')),
  );
};
