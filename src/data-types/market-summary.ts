import { marketRowProblem, MAX_OUTLOOK_LENGTH } from '../domain/market-summary.js';
import { column, published } from './define.js';
import { date, integer, string } from './fields.js';
import { RowError } from './row-context.js';

/**
 * One value of the daily market summary (GetMarketsum): a code's `number`th value on a day, a display
 * string as the operator wrote it (the outlooks FXMO and TBMO in a safe subset of HTML). The codes,
 * their counts and the values' limits: domain/market-summary.ts.
 */
export const marketSummary = published({
  name: 'market-summary',
  label: 'market summary values',
  description: "The daily market summary of the bank's newer site (GetMarketsum), a value a row",
  checks: 'see [market-summary](#market-summary) below',
  columns: {
    summary_date: column(date, { file: 'date' }),
    /** RR, USIR, ... */
    code: column(string(10)),
    /** 1 to the code's count */
    number: column(integer(1, 99)),
    value: column(string(MAX_OUTLOOK_LENGTH)),
  },
  keys: ['summary_date', 'code', 'number'],
  day: 'summary_date',
  // The day's rows are out by then (the source's release; /status).
  schedule: { time: '18:00', businessDaysOnly: true },
  // The latest day is read from the days (as of a past batch too: a day at a time, not 60 values).
  daysTable: 'market_summary_dates',
  notFuture: 'summary_date',
  // A correction of a day is a batch of that day.
  dayPerBatch: true,
  // 60 rows a day, in key order: 50 to a statement, as fund prices.
  rowsPerInsert: 50,
  duplicate: (row) => `market summary value ${row.code} ${row.number}`,
  check: (row) => {
    const problem = marketRowProblem(row.code, row.number, row.value);
    if (problem) throw new RowError(problem.column, problem.reason);
  },
  // A year a batch, as FX rates (the import takes one day a batch; the demo writes through the batch
  // writer, which has no such rule).
  demo: async function* (plan) {
    const { businessDays } = await import('../domain/thai-calendar.js');
    const { MarketSummaryGenerator } = await import('./demo/market-summary.js');
    const { yearsOf } = await import('./demo/plan.js');
    const market = new MarketSummaryGenerator(plan.seed);
    for (const { first, last } of yearsOf(plan))
      yield [[...businessDays(first, last)].flatMap((day) => market.rowsOn(day))];
  },
});
