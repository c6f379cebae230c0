import type { DateInput, FxBannerRow, FxFamily, FxRateRow } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { day, show, text, type Context, type View } from './context.js';
import {
  addMonths,
  fromDayFirst,
  fromMonthFirst,
  PRESETS,
  presetStart,
  toSeconds,
  type Preset,
} from './dates.js';
import { h, message, table, toggles } from './dom.js';
import { fxDownload } from './fx-download.js';

/** The family and period the user chose; they stay while the page is open. */
const choice: { family?: string; preset: Preset } = { preset: '3M' };

const number = (rate: string) => (rate === '' ? null : Number(rate));

export const fxView: View = async (ctx) => {
  const families = await ctx.api.memo('families', (c) => c.getFxFamily());
  if (families.length === 0) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  const latest = await ctx.api.memo('banner', (c) => c.getFxBanner(families.map((f) => f.Family)));
  const family = choice.family ?? latest[0]?.Family ?? families[0]!.Family;
  // The history runs up to the latest published day; a Bangkok "today" may have no rates yet.
  const end = latest[0] ? fromDayFirst(latest[0].Ddate) : new Date().toISOString().slice(0, 10);
  const from = presetStart(choice.preset, end);
  const history = await ctx.api.memo(`fx/${family}/${from}/${end}`, (c) =>
    c.getDownloadFxRates(family, from as DateInput, end as DateInput, 'en'),
  );

  const chart = h('div', { class: 'chart', id: 'fx-chart' });
  const current = latest.find((r) => r.Family === family);
  show(
    ctx,
    h('div', { class: 'period' }, familyPicker(ctx, families, family)),
    h('h2', {}, text(ctx, 'todayRates', { date: current ? day(ctx, fromDayFirst(current.Ddate)) : '–' })),
    current ? figures(ctx, current) : message(text(ctx, 'noRates'), 'empty'),
    h('h2', {}, text(ctx, 'history')),
    toggles(
      PRESETS.filter((p) => p !== '1W').map((p) => ({ value: p, label: p })),
      choice.preset,
      (preset) => {
        choice.preset = preset;
        ctx.rerender();
      },
    ),
    history.length > 0 ? chart : message(text(ctx, 'noRates'), 'empty'),
    fxDownload(ctx, family, addMonths(end, -1), end),
    h('h2', {}, text(ctx, 'allRates')),
    latestTable(ctx, latest, family),
  );
  if (history.length > 0 && ctx.current()) drawHistory(ctx, chart, history);
};

const rate = (v: string) => (v === '' ? '–' : v);

/** The selected family's latest rates as large figures. */
function figures(ctx: Context, row: FxBannerRow) {
  const items = [
    ['buyingNotes', row.BuyingRates],
    ['sellingNotes', row.SellingRates],
    ['sightBill', row.SightBill],
    ['buyingTt', row.TT],
    ['sellingTt', row.Bill_DD_TT],
  ] as const;
  return h(
    'dl',
    { class: 'figures', id: 'fx-today' },
    ...items.map(([key, value]) => h('div', {}, h('dt', {}, text(ctx, key)), h('dd', {}, rate(value)))),
    h('div', {}, h('dt', {}, text(ctx, 'updated')), h('dd', {}, row.DTime)),
  );
}

function familyPicker(ctx: Context, families: FxFamily[], current: string) {
  const select = h(
    'select',
    { id: 'fx-family', 'aria-label': text(ctx, 'family') },
    ...families.map((f) =>
      h('option', { value: f.Family, selected: f.Family === current }, `${f.Family} – ${f.Description}`),
    ),
  );
  select.addEventListener('change', () => {
    choice.family = select.value;
    ctx.rerender();
  });
  return select;
}

/** Transfer rates where the bank quotes them; bank-note rates for families with notes only. */
function drawHistory(ctx: Context, el: HTMLElement, rows: FxRateRow[]) {
  const transfers = rows.some((r) => r.TT !== '');
  lineChart(
    el,
    rows.map((r) => toSeconds(fromMonthFirst(r.Ddate))),
    [
      {
        label: `${text(ctx, 'buying')} (${transfers ? 'TT' : 'notes'})`,
        values: rows.map((r) => number(transfers ? r.TT : r.BuyingRates)),
        color: '#15803d',
      },
      {
        label: `${text(ctx, 'selling')} (${transfers ? 'TT' : 'notes'})`,
        values: rows.map((r) => number(transfers ? r.Bill_DD_TT : r.SellingRates)),
        color: '#b91c1c',
      },
    ],
    ctx.lang,
    { dayLabel: text(ctx, 'date') },
  );
}

function latestTable(ctx: Context, rows: FxBannerRow[], current: string) {
  if (rows.length === 0) return message(text(ctx, 'noData'), 'empty');
  const element = table(
    [
      { title: text(ctx, 'currency'), value: (r) => `${r.Family} (${r.Description})` },
      { title: text(ctx, 'buyingNotes'), value: (r) => rate(r.BuyingRates), numeric: true },
      { title: text(ctx, 'sellingNotes'), value: (r) => rate(r.SellingRates), numeric: true },
      { title: text(ctx, 'sightBill'), value: (r) => rate(r.SightBill), numeric: true },
      { title: text(ctx, 'buyingTt'), value: (r) => rate(r.TT), numeric: true },
      { title: text(ctx, 'sellingTt'), value: (r) => rate(r.Bill_DD_TT), numeric: true },
      { title: text(ctx, 'updated'), value: (r) => `${day(ctx, fromDayFirst(r.Ddate))} ${r.DTime}` },
    ],
    rows,
    'rates',
  );
  // A row picks its currency for the figures, chart and download above.
  element.querySelectorAll('tbody tr').forEach((tr, i) => {
    const family = rows[i]!.Family;
    if (family === current) tr.classList.add('current');
    tr.addEventListener('click', () => {
      choice.family = family;
      ctx.rerender();
      window.scrollTo({ top: 0 });
    });
  });
  return element;
}
