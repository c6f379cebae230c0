import type { DateInput, FundPriceListItem } from '../../src/client/index.js';
import { day, show, text, type Context, type View } from './context.js';
import { addDays, fromDateTime } from './dates.js';
import { h, message, table } from './dom.js';
import { formatNumber } from './i18n.js';
import { priceDayPicker } from './price-day-picker.js';

/** Every fund's prices on a day (AllFundPrices), grouped by category as on the bank's fund prices page. */
export const pricesView: View = async (ctx) => {
  const [latest] = await ctx.api.memo('latest-date', (c) => c.latestDate(), 5 * 60_000);
  if (!latest) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  const date = /^\d{4}-\d{2}-\d{2}$/.test(ctx.route[0] ?? '') ? ctx.route[0]! : fromDateTime(latest.mDate);
  // The day before gives each fund's previous price (back-dated to its last one), for the change.
  // The picker's days of the month are asked at the same time.
  const [prices, before, picker] = await Promise.all([
    ctx.api.memo(`all/${date}`, (c) => c.allFundPrices(date as DateInput), 5 * 60_000),
    ctx.api.memo(
      `all/${addDays(date, -1)}`,
      (c) => c.allFundPrices(addDays(date, -1) as DateInput),
      5 * 60_000,
    ),
    priceDayPicker(ctx, {
      value: date,
      latest: fromDateTime(latest.mDate),
      onPick: (iso) => {
        ctx.focusAfter('#prices-title');
        ctx.navigate(`#prices/${iso}`);
      },
    }),
  ]);
  const previous = new Map(before.map((p) => [p.mf_iNumber, p]));
  const filter = h('input', {
    id: 'prices-filter',
    type: 'search',
    'aria-label': text(ctx, 'searchLabel'),
    placeholder: text(ctx, 'searchHint'),
  });
  const groups = h('div', { id: 'prices-groups' }, ...grouped(ctx, prices, previous));
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    groups.querySelectorAll<HTMLElement>('tbody tr').forEach((tr) => {
      tr.hidden = q !== '' && !(tr.textContent ?? '').toLowerCase().includes(q);
    });
  });
  show(
    ctx,
    h('h2', { id: 'prices-title' }, text(ctx, 'pricesOn', { date: day(ctx, date) })),
    h(
      'div',
      { class: 'period' },
      picker,
      filter,
      h('button', { type: 'button', id: 'prices-print', onclick: () => window.print() }, text(ctx, 'print')),
    ),
    prices.length === 0 ? message(text(ctx, 'noData'), 'empty') : groups,
    h('p', { class: 'meta' }, text(ctx, 'backdatedNote')),
  );
};

function grouped(
  ctx: Context,
  prices: FundPriceListItem[],
  previous: Map<string, FundPriceListItem>,
): HTMLElement[] {
  const th = ctx.lang === 'th';
  const categories = new Map<number, FundPriceListItem[]>();
  for (const p of prices) categories.set(p.mf_catenumber, [...(categories.get(p.mf_catenumber) ?? []), p]);
  return [...categories.values()].flatMap((funds) => {
    const name = th ? funds[0]!.mf_cateTha : funds[0]!.mf_cateEng;
    const change = (p: FundPriceListItem) => {
      const before = previous.get(p.mf_iNumber);
      if (!before || before.mfr_dDataDate >= p.mfr_dDataDate) return '–';
      const d = p.mfr_fNav - before.mfr_fNav;
      return `${d > 0 ? '+' : ''}${formatNumber(d, 4)}`;
    };
    return [
      h('h3', {}, name),
      table(
        [
          {
            title: text(ctx, 'fund'),
            value: (p) =>
              h('a', { href: `#funds/${p.mf_iNumber}` }, `${p.mf_iNumber} ${th ? p.mf_sTha : p.mf_sEng}`),
          },
          { title: text(ctx, 'nav'), value: (p) => formatNumber(p.mfr_fNav), numeric: true },
          { title: text(ctx, 'offer'), value: (p) => formatNumber(p.mfr_fSel), numeric: true },
          { title: text(ctx, 'redemption'), value: (p) => formatNumber(p.mfr_fBuy), numeric: true },
          { title: text(ctx, 'dayChange'), value: change, numeric: true },
          {
            title: text(ctx, 'netAssets'),
            value: (p) => (p.mfr_sAUM === '' ? '–' : formatNumber(Number(p.mfr_sAUM), 2)),
            numeric: true,
          },
          {
            title: text(ctx, 'priceDate'),
            value: (p) =>
              p.mf_backdate === ''
                ? day(ctx, fromDateTime(p.mfr_dDataDate))
                : h('span', { class: 'backdated' }, `${day(ctx, fromDateTime(p.mfr_dDataDate))} *`),
          },
        ],
        funds,
        'fund-prices stack',
        { caption: name },
      ),
    ];
  });
}
