import { FUND_CODE } from '../domain/fund-code.js';
import { column, published, reference, type RowOf } from './define.js';
import { date, decimal, string } from './fields.js';
import { RowError } from './row-context.js';

export const DIVIDEND_COLUMNS = {
  fund_id: reference<number>('funds', string(40, FUND_CODE, 'a fund number or short code'), {
    file: 'fund',
    doc: '(number or code)',
  }),
  book_closing_date: column(date, { file: 'book_closing' }),
  payment_date: column(date, { file: 'payment' }),
  per_unit: column(decimal(6)),
} as const;

/** A dividend as the table keeps it. */
export type FundDividendRow = RowOf<typeof DIVIDEND_COLUMNS>;

/** Dividends a fund paid (SEC's dividend details): one row per fund and book-closing day. */
export const fundDividends = published({
  name: 'fund-dividends',
  label: 'fund dividends',
  description: 'Dividends a fund paid: the book-closing day, the payment day and the baht per unit',
  checks:
    'known fund; payment not before the book closing; per unit > 0 with at most 6 decimals; book closing not after today',
  columns: DIVIDEND_COLUMNS,
  keys: ['fund_id', 'book_closing_date'],
  day: 'book_closing_date',
  // Published when SEC changes them: /status shows the last publication, no expected day.
  schedule: 'on-change',
  notFuture: 'book_closing_date',
  duplicate: (_row, file) => `dividend of fund ${String(file.fund)} closing ${String(file.book_closing)}`,
  check: (row) => {
    if (row.payment_date < row.book_closing_date)
      throw new RowError(
        'payment',
        `${row.payment_date} is before the book closing ${row.book_closing_date}`,
      );
  },
  // Every demo fund's dividends, one batch.
  demo: async function* (plan) {
    const { fundDividendRows } = await import('./demo/fund-facts.js');
    yield [plan.funds.flatMap((fund) => fundDividendRows(plan, fund))];
  },
});
