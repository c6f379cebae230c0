import { FUND_CODE } from '../domain/fund-code.js';
import { column, published, reference } from './define.js';
import { date, decimal, optional, string } from './fields.js';
import { RowError } from './row-context.js';

export const fundPrices = published({
  name: 'fund-prices',
  label: 'fund prices',
  description: "A fund's NAV, offer and redemption prices on a day, and its net assets",
  checks:
    'known fund; `offer >= nav >= redemption`; prices > 0 with at most 6 decimals; date not after today',
  columns: {
    fund_id: reference<number>('funds', string(40, FUND_CODE, 'a fund number or short code'), {
      file: 'fund',
      doc: '(number or code)',
    }),
    price_date: column(date, { file: 'date' }),
    nav: column(decimal(6)),
    /** mfr_fSel, PurchaseRate */
    offer: column(decimal(6)),
    /** mfr_fBuy, RedeemRate */
    redemption: column(decimal(6)),
    total_net_assets: column(optional(decimal(2, { allowZero: true }))),
  },
  keys: ['fund_id', 'price_date'],
  day: 'price_date',
  // The day's rows are out by then (the source's release; /status).
  schedule: { time: '21:00', businessDaysOnly: true },
  // LatestDate and GetUpdateInMonth of any fund read the days, not millions of prices.
  daysTable: 'fund_price_dates',
  notFuture: 'price_date',
  // A synced row's mfr_iId and l_ID at the upstream (served instead of id and batch_id when set).
  origin: ['origin_id', 'origin_batch_id'],
  // One statement per row cost more than the insert itself; 50 to a statement was the fastest
  // (src/store/sqlite/versioned-write.ts).
  rowsPerInsert: 50,
  duplicate: (_row, file) => `price of fund ${String(file.fund)} on ${String(file.date)}`,
  check: (row) => {
    if (row.offer < row.nav) throw new RowError('offer', `offer ${row.offer} is below the NAV ${row.nav}`);
    if (row.redemption > row.nav)
      throw new RowError('redemption', `redemption ${row.redemption} is above the NAV ${row.nav}`);
  },
  // A group of funds a batch, a fund's history (a few thousand rows) at a time.
  demo: async function* (plan) {
    const { fundPriceRows, priceCalendar } = await import('./demo/fund-prices.js');
    const calendar = priceCalendar(plan.from, plan.until);
    for (let start = 0; start < plan.funds.length; start += plan.fundsPerBatch) {
      const group = plan.funds.slice(start, start + plan.fundsPerBatch);
      yield (function* () {
        for (const fund of group) yield fundPriceRows(plan.seed, fund, calendar);
      })();
    }
  },
});
