import { published } from './define.js';
import { RowError } from './row-context.js';

import { DIVIDEND_COLUMNS } from './fund-facts-columns.js';

export { DIVIDEND_COLUMNS, type FundDividendRow } from './fund-facts-columns.js';

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
