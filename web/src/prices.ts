import type { DateInput, FundPriceListItem } from '../../src/client/index.js';
import { day, show, text, type Context, type View } from './context.js';
import { addDays, fromDateTime } from './dates.js';
import { firstPriceDay, priceDayOnOrBefore } from './price-days.js';
import { dayPricesCsv } from './csv-files.js';
import { h, jumps, message, table } from './dom.js';
import { codeMatches, shortCode } from './fund-search.js';
import { formatNumber } from './i18n.js';
import { priceDayPicker } from './price-day-picker.js';
import { factFilters } from './price-filters.js';
import { sourceLine } from './sources.js';

/**
 * The day shown for the day asked: the nearest earlier day with prices (a weekend, a holiday, a day
 * after the latest), or the first day with prices for a day before them; and the note that says so.
 */
async function dayToShow(ctx: Context, asked: string, first: string, latest: string) {
  if (asked > latest) return { date: latest, note: 'pricesNearestDay' as const };
  const earlier = await priceDayOnOrBefore(ctx, asked, first);
  if (earlier === asked) return { date: asked };
  return earlier
    ? { date: earlier, note: 'pricesNearestDay' as const }
    : { date: first, note: 'pricesFirstDay' as const };
}

/** Every fund's prices on a day (AllFundPrices), grouped by category as on the bank's fund prices page. */
export const pricesView: View = async (ctx) => {
  const [latestRecord] = await ctx.api.memo('latest-date', (c) => c.latestDate(), 5 * 60_000);
  if (!latestRecord) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  const latest = fromDateTime(latestRecord.mDate);
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(ctx.route[0] ?? '') ? ctx.route[0]! : latest;
  const first = await firstPriceDay(ctx, latest);
  const { date, note } = await dayToShow(ctx, asked, first, latest);
  // The day with prices before gives each fund's previous price (back-dated to its last one), for
  // the change. The picker's days of the month are asked at the same time.
  const previousDay = date > first ? await priceDayOnOrBefore(ctx, addDays(date, -1), first) : undefined;
  // Applied once the table is drawn; a pick of a fund house or risk level filters it again.
  let apply: () => void = () => undefined;
  const [prices, before, picker, filters] = await Promise.all([
    ctx.api.memo(`all/${date}`, (c) => c.allFundPrices(date as DateInput), 5 * 60_000),
    previousDay
      ? ctx.api.memo(`all/${previousDay}`, (c) => c.allFundPrices(previousDay as DateInput), 5 * 60_000)
      : [],
    priceDayPicker(ctx, {
      value: date,
      first,
      latest,
      onPick: (iso) => {
        ctx.focusAfter('#prices-title');
        ctx.navigate(`#prices/${iso}`);
      },
    }),
    factFilters(ctx, () => apply()),
  ]);
  const previous = new Map(before.map((p) => [p.mf_iNumber, p]));
  const filter = h('input', {
    id: 'prices-filter',
    type: 'search',
    'aria-label': text(ctx, 'searchLabel'),
    placeholder: text(ctx, 'searchHint'),
  });
  const groups = h('div', { id: 'prices-groups' }, ...grouped(ctx, prices, previous));
  // A long list: its categories a tap away (the filter leaves out those it hides).
  const headings = [...groups.querySelectorAll<HTMLElement>('h3')];
  const categories = jumps(
    text(ctx, 'categories'),
    headings.map((heading) => ({ title: heading.textContent ?? '', to: () => heading })),
  );
  // A fund shows when it matches the typed text and the fund house and risk level picked.
  apply = () => {
    const q = filter.value.trim().toLowerCase();
    groups.querySelectorAll<HTMLElement>('tbody tr').forEach((tr) => {
      // A fund's opened details (a phone's) go with the fund.
      if (tr.classList.contains('row-more'))
        return void (tr.hidden = (tr.previousElementSibling as HTMLElement).hidden);
      const found = (tr.textContent ?? '').toLowerCase().includes(q) || codeMatches(tr.dataset.code ?? '', q);
      tr.hidden = (q !== '' && !found) || !filters.keeps(tr.dataset.fund ?? '');
    });
    // A category with none of its funds left is hidden, its heading too.
    groups.querySelectorAll<HTMLElement>('.scroll').forEach((box) => {
      box.hidden = box.querySelector('tbody tr:not([hidden])') === null;
      if (box.previousElementSibling instanceof HTMLHeadingElement)
        box.previousElementSibling.hidden = box.hidden;
    });
    headings.forEach((heading, i) => ((categories.children[i] as HTMLElement).hidden = heading.hidden));
    ctx.keep([asked], filters.settings());
  };
  filter.addEventListener('input', () => apply());
  // The day is written into the link: shared later, it still shows this day, not the latest then.
  ctx.keep([asked], filters.settings());
  // The note under the table explains the asterisks: said only where one is shown.
  const backdated = prices.some((p) => p.mf_backdate !== '');
  const source = await sourceLine(ctx, 'FundPriceService');
  show(
    ctx,
    h('h2', { id: 'prices-title' }, text(ctx, 'pricesOn', { date: day(ctx, date) })),
    ...(note
      ? [
          h(
            'p',
            { class: 'message', id: 'prices-nearest' },
            text(ctx, note, { asked: day(ctx, asked), shown: day(ctx, date) }),
          ),
        ]
      : []),
    h(
      'div',
      { class: 'period' },
      picker,
      filter,
      ...filters.controls,
      h('button', { type: 'button', id: 'prices-print', onclick: () => window.print() }, text(ctx, 'print')),
      dayPricesCsv(ctx, date, prices),
    ),
    ...(prices.length === 0 ? [message(text(ctx, 'noData'), 'empty')] : [categories, groups]),
    ...(backdated ? [h('p', { class: 'meta', id: 'prices-backdated' }, text(ctx, 'backdatedNote'))] : []),
    ...(source ? [source] : []),
  );
  // A link's fund house or risk level filters the table as drawn.
  if (ctx.current()) apply();
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
    const fundName = (p: FundPriceListItem) => `${p.mf_iNumber} ${th ? p.mf_sTha : p.mf_sEng}`;
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
            value: (p) => h('a', { href: `#funds/${p.mf_iNumber}` }, fundName(p)),
            compact: 'shown',
          },
          {
            title: text(ctx, 'nav'),
            value: (p) => formatNumber(p.mfr_fNav),
            numeric: true,
            compact: 'shown',
          },
          { title: text(ctx, 'offer'), value: (p) => formatNumber(p.mfr_fSel), numeric: true },
          { title: text(ctx, 'redemption'), value: (p) => formatNumber(p.mfr_fBuy), numeric: true },
          { title: text(ctx, 'dayChange'), value: change, numeric: true, compact: 'shown' },
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
        'fund-prices',
        // The short code, which the filter also matches (B-GOLD): the list gives it only in the link.
        {
          caption: name,
          data: (p) => ({ code: shortCode(p), fund: String(p.mf_iNumber) }),
          details: {
            label: (p) => text(ctx, 'rowDetails', { name: fundName(p) }),
            heading: text(ctx, 'detailsHeading'),
          },
        },
      ),
    ];
  });
}
