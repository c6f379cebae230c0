import { column, published, reference } from './define.js';
import { date, decimal, integer, optional, string, time } from './fields.js';
import { RowError } from './row-context.js';

const rate = () => column(optional(decimal(8)));

export const fxRates = published({
  name: 'fx-rates',
  label: 'FX rates',
  description: "A family's buying and selling rates in one update round of a day",
  checks:
    'known family; at least one rate; selling rates not below the matching buying rates; date not after today',
  columns: {
    family_code: reference<string>('fx-families', string(10, /^[A-Za-z0-9]+$/, 'a family code'), {
      file: 'family',
    }),
    rate_date: column(date, { file: 'date' }),
    round: column(integer(1, 99)),
    /** HH:mm */
    rate_time: column(time, { file: 'time' }),
    /** BuyingRates (bank notes); null: not quoted */
    buying_notes: rate(),
    /** SellingRates (bank notes) */
    selling_notes: rate(),
    /** SightBill */
    buying_sight_bill: rate(),
    /** Bill_DD_TT */
    selling_tt: rate(),
    /** TT */
    buying_tt: rate(),
  },
  keys: ['family_code', 'rate_date', 'round'],
  day: 'rate_date',
  // The day's rows are out by then (the source's release; /status).
  schedule: { time: '18:00', businessDaysOnly: true },
  notFuture: 'rate_date',
  // A synced row's ID at the upstream (served instead of id when set).
  origin: ['origin_id'],
  duplicate: (row) => `rates of ${row.family_code} round ${row.round} on ${row.rate_date}`,
  check: (r) => {
    const { buying_notes: bn, selling_notes: sn, buying_tt: bt, selling_tt: st } = r;
    if (bn === null && sn === null && r.buying_sight_bill === null && st === null && bt === null)
      throw new RowError(null, 'has no rate at all');
    if (bn !== null && sn !== null && sn < bn)
      throw new RowError('selling_notes', `selling rate ${sn} is below the buying rate ${bn}`);
    if (bt !== null && st !== null && st < bt)
      throw new RowError('selling_tt', `selling rate ${st} is below the buying rate ${bt}`);
  },
  // A batch a year, in slices.
  demo: async function* (plan) {
    const { businessDays } = await import('../domain/thai-calendar.js');
    const { FxRateGenerator } = await import('./demo/fx-rates.js');
    const { sliced, yearsOf } = await import('./demo/plan.js');
    const fx = new FxRateGenerator(plan.seed);
    for (const { first, last } of yearsOf(plan))
      yield sliced(
        (function* () {
          for (const day of businessDays(first, last)) yield* fx.ratesOn(day);
        })(),
      );
  },
});
