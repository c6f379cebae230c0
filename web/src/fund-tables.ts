import type { FundNavStatistics, FundPriceRecord } from '../../src/client/index.js';
import { asOfDay, day, text, type Context } from './context.js';
import { fromDateTime } from './dates.js';
import { h, message, table } from './dom.js';
import { formatNumber, type Key } from './i18n.js';

/** The three windows of Fund_Nav_ByFundCode, by their field prefixes. */
const WINDOWS = [
  ['selected', 'Selected'],
  ['lastYear', 'Year'],
  ['since', 'Since'],
] as const satisfies readonly (readonly [Key, string])[];

/** Highest and lowest NAV of the period, the last 12 months and since inception; then the change. */
export function statistics(ctx: Context, s: FundNavStatistics | undefined): HTMLElement {
  if (!s) return message(text(ctx, 'noData'), 'empty');
  const when = (v: string | null) => (v ? day(ctx, fromDateTime(v)) : '–');
  const on = asOfDay(ctx);
  const rows = WINDOWS.map(([label, w]) => ({
    // As of a past instant, the last 12 months end on its day: named, not called the latest.
    label: label === 'lastYear' && on ? text(ctx, 'asOfLastYear', { day: day(ctx, on) }) : text(ctx, label),
    max: s[`Max${w}_mfr_fNav`],
    maxDate: s[`Max${w}_mfr_dDataDate`],
    min: s[`Min${w}_mfr_fNav`],
    minDate: s[`Min${w}_mfr_dDataDate`],
  }));
  const { Begin_mfr_fNav: first, End_mfr_fNav: last } = s;
  const change =
    first && last
      ? text(ctx, 'change', {
          first: formatNumber(first),
          firstDate: when(s.Begin_mfr_dDataDate),
          last: formatNumber(last),
          lastDate: when(s.End_mfr_dDataDate),
          change: `${last >= first ? '+' : ''}${((last / first - 1) * 100).toFixed(2)}%`,
        })
      : '';
  return h(
    'div',
    {},
    table(
      [
        { title: text(ctx, 'period'), value: (r) => r.label },
        { title: text(ctx, 'highest'), value: (r) => formatNumber(r.max), numeric: true },
        { title: text(ctx, 'date'), value: (r) => when(r.maxDate) },
        { title: text(ctx, 'lowest'), value: (r) => formatNumber(r.min), numeric: true },
        { title: text(ctx, 'date'), value: (r) => when(r.minDate) },
      ],
      rows,
      'stats stack',
    ),
    change ? h('p', { class: 'meta' }, change) : null,
  );
}

/** Every price of the period, the latest first. */
export function priceTable(ctx: Context, prices: FundPriceRecord[]): HTMLElement {
  if (prices.length === 0) return message(text(ctx, 'noPrices'), 'empty');
  return table(
    [
      { title: text(ctx, 'date'), value: (p) => day(ctx, fromDateTime(p.mfr_dDataDate)) },
      { title: text(ctx, 'nav'), value: (p) => formatNumber(p.mfr_fNav), numeric: true },
      { title: text(ctx, 'offer'), value: (p) => formatNumber(p.mfr_fSel), numeric: true },
      { title: text(ctx, 'redemption'), value: (p) => formatNumber(p.mfr_fBuy), numeric: true },
    ],
    [...prices].reverse(),
    'prices',
    { region: text(ctx, 'pricesTitle') },
  );
}
