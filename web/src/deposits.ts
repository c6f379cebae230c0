import { day, show, text, type View } from './context.js';
import { fromDayFirst } from './dates.js';
import { h, message, table } from './dom.js';

/** The deposit rates in effect today, with the product names in the page's language. */
export const depositsView: View = async (ctx) => {
  const rates = await ctx.api.memo('deposits', (c) => c.getDepositRate());
  if (rates.length === 0) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  show(
    ctx,
    h('h2', {}, text(ctx, 'depositsTitle')),
    table(
      [
        {
          title: text(ctx, 'product'),
          value: (r) => (ctx.lang === 'th' ? r.DepositNameTh : r.DepositNameEn),
        },
        { title: text(ctx, 'rate'), value: (r) => r.DepositRates, numeric: true },
        { title: text(ctx, 'effective'), value: (r) => day(ctx, fromDayFirst(r.EffectiveDate)) },
        {
          title: text(ctx, 'published'),
          value: (r) =>
            `${day(ctx, fromDayFirst(r.TimeSubmit))} ${r.TimeSubmit.split(' ')[1]?.slice(0, 5) ?? ''}`,
        },
      ],
      rates,
      'deposits stack',
    ),
  );
};
