import type { DateInput, FxBannerRow, FxFamily, FxRateRow, FxRound } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { day, show, text, type Context, type View } from './context.js';
import { addMonths, bangkokToday, fromDayFirst, fromMonthFirst, toSeconds } from './dates.js';
import { h, message, table } from './dom.js';
import { converter } from './converter.js';
import { currencyName } from './currencies.js';
import { fxDownload } from './fx-download.js';
import { quotedDecimals } from './numbers.js';
import { periodPicker, periodRange, type Period } from './period.js';

/** The family and period the user chose; they stay while the page is open. */
const choice: Period & { family?: string; round?: { day: string; update: string } } = { preset: '3M' };
/** The bank's page opens on USD 50-100, the family most people look for. */
const DEFAULT_FAMILY = 'USD50';
/** Today's rates change with each round of the day: asked again when older than this. */
const FRESH_MS = 60_000;
/** How often an open FX view asks whether the bank has published a new round (GetfxratesLastUpdate). */
const WATCH_MS = 60_000;
let watching: ReturnType<typeof setInterval> | undefined;
/** A new round the watch found, to be told once the view is drawn with it. */
let announce: { n: string; time: string } | undefined;

const number = (rate: string) => (rate === '' ? null : Number(rate));

export const fxView: View = async (ctx) => {
  const family = choice.family ?? DEFAULT_FAMILY;
  // The list, the latest rates (GetLatestfxrates, every family) and the history are asked together.
  // A history up to today ends on the latest day with rates.
  // Today's answers go through `fresh`: a round published within the browser's cache time shows.
  const end = bangkokToday();
  const { from, to } = periodRange(choice, end);
  const fresh = ctx.api.fresh;
  const familiesAnswer = ctx.api.memo('families', (c) => c.getFxFamily(), FRESH_MS * 60);
  const historyAnswer = ctx.api.memo(
    `fx/${family}/${from}/${to}`,
    () => fresh.getDownloadFxRates(family, from as DateInput, to as DateInput, 'en'),
    FRESH_MS,
  );
  const latestAnswer = ctx.api.memo('latest', () => fresh.getLatestFxRates(), FRESH_MS);
  const [families, latest, history] = await Promise.all([familiesAnswer, latestAnswer, historyAnswer]);
  if (families.length === 0) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  if (!families.some((f) => f.Family === family)) {
    choice.family = families[0]!.Family;
    return ctx.rerender();
  }
  const lastDay = latest[0] ? fromDayFirst(latest[0].Ddate) : end;
  // The day's latest round: a family not quoted in it keeps its own earlier round, so the highest.
  const latestRound = latest.length > 0 ? String(Math.max(...latest.map((r) => Number(r.Update)))) : '';
  // The day's rounds; a round picked earlier in the day shows its rates (Getfxrates), else the latest.
  const rounds = latest[0]
    ? await ctx.api.memo(`rounds/${lastDay}`, () => fresh.getFxUpdateInMonth(lastDay as DateInput), FRESH_MS)
    : [];
  const round = choice.round?.day === lastDay ? choice.round.update : undefined;
  const shown =
    round && round !== latestRound
      ? await ctx.api.memo(`round/${lastDay}/${round}`, (c) =>
          c.getFxRates(lastDay as DateInput, Number(round), 'en'),
        )
      : latest;
  const current = shown.find((r) => r.Family === family);
  const decimals = Math.max(
    ...latest.filter((r) => r.Family === family).map((r) => quotedDecimals(r.TT || r.BuyingRates)),
    4,
  );

  const chart = h('div', { class: 'chart', id: 'fx-chart' });
  show(
    ctx,
    h('div', { class: 'period' }, familyPicker(ctx, families, family)),
    h(
      'h2',
      { id: 'fx-today-title' },
      text(ctx, 'todayRates', { date: current ? day(ctx, fromDayFirst(current.Ddate)) : '–' }),
    ),
    ...(rounds.length > 1 ? [roundPicker(ctx, rounds, lastDay, round ?? latestRound)] : []),
    current ? figures(ctx, current) : message(text(ctx, 'noRates'), 'empty'),
    h('h2', {}, text(ctx, 'history')),
    periodPicker(ctx, choice, 'fx', { from, to }, (range) => {
      // GetDownloadfxrates answers at most 3 years: said here rather than as the service's 400.
      const earliest = addMonths(range.to, -36);
      return range.from < earliest ? text(ctx, 'tooLong', { date: day(ctx, earliest) }) : undefined;
    }),
    history.length > 0 ? chart : message(text(ctx, 'noRates'), 'empty'),
    converter(ctx, families),
    fxDownload(ctx, family, addMonths(lastDay, -1), lastDay),
    h('h2', {}, text(ctx, 'allRates')),
    latestTable(ctx, shown, family),
  );
  if (!ctx.current()) return;
  if (history.length > 0) drawHistory(ctx, chart, history, decimals);
  if (announce) ctx.notify(text(ctx, 'newRound', announce));
  announce = undefined;
  watchRounds(ctx, { day: latest[0] ? lastDay : '', update: latestRound });
};

/**
 * While the view is open (and the tab in sight), asks each minute for the latest round; a new one
 * draws the view anew with it, and says so, so intraday rounds show without a reload.
 */
function watchRounds(ctx: Context, shown: { day: string; update: string }) {
  clearInterval(watching);
  const timer = setInterval(() => {
    if (!ctx.current()) return clearInterval(timer);
    if (document.hidden) return;
    ctx.api.fresh.getFxRatesLastUpdate().then(
      ([last]) => {
        if (!ctx.current() || !last) return;
        if (fromDayFirst(last.Day) === shown.day && last.Update === shown.update) return;
        clearInterval(timer);
        ctx.api.forget('latest', 'rounds/', 'fx/');
        announce = { n: last.Update, time: last.Time };
        ctx.rerender();
      },
      () => undefined, // asked again at the next tick
    );
  }, WATCH_MS);
  watching = timer;
}

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

/** The day's rounds of rates, as the bank's page offers them: the latest by default. */
function roundPicker(ctx: Context, rounds: FxRound[], day: string, current: string) {
  const select = h(
    'select',
    { id: 'fx-round', 'aria-label': text(ctx, 'round') },
    ...rounds.map((r) =>
      h(
        'option',
        { value: r.Update, selected: r.Update === current },
        text(ctx, 'roundOption', { n: r.Update, time: r.Time }),
      ),
    ),
  );
  select.addEventListener('change', () => {
    choice.round = { day, update: select.value };
    ctx.rerender();
  });
  return h('p', { class: 'rounds' }, h('label', { for: 'fx-round' }, text(ctx, 'round')), ' ', select);
}

function familyPicker(ctx: Context, families: FxFamily[], current: string) {
  const select = h(
    'select',
    { id: 'fx-family', 'aria-label': text(ctx, 'family') },
    ...families.map((f) =>
      h(
        'option',
        { value: f.Family, selected: f.Family === current },
        `${f.Family} – ${currencyName(f.Family, f.Description, ctx.lang)}`,
      ),
    ),
  );
  select.addEventListener('change', () => {
    choice.family = select.value;
    ctx.rerender();
  });
  return select;
}

/** Transfer rates where the bank quotes them; bank-note rates for families with notes only. */
function drawHistory(ctx: Context, el: HTMLElement, rows: FxRateRow[], quoted: number) {
  const transfers = rows.some((r) => r.TT !== '');
  const kind = text(ctx, transfers ? 'transfer' : 'notes');
  lineChart(
    el,
    rows.map((r) => toSeconds(fromMonthFirst(r.Ddate))),
    [
      {
        label: `${text(ctx, 'buying')} (${kind})`,
        values: rows.map((r) => number(transfers ? r.TT : r.BuyingRates)),
        color: '#15803d',
      },
      {
        label: `${text(ctx, 'selling')} (${kind})`,
        values: rows.map((r) => number(transfers ? r.Bill_DD_TT : r.SellingRates)),
        color: '#b91c1c',
      },
    ],
    ctx.lang,
    { dayLabel: text(ctx, 'date'), decimals: quoted },
  );
}

function latestTable(ctx: Context, rows: FxBannerRow[], current: string) {
  if (rows.length === 0) return message(text(ctx, 'noData'), 'empty');
  // The day is said once when every row has it; a row quoted on another day says its own.
  const days = new Set(rows.map((r) => r.Ddate));
  const updated = (r: FxBannerRow) =>
    days.size === 1 ? r.DTime : `${day(ctx, fromDayFirst(r.Ddate))} ${r.DTime}`;
  const banner = rows[0]!;
  // A row picks its currency for the figures, chart and download above.
  const pick = (row: FxBannerRow) => {
    choice.family = row.Family;
    ctx.focusAfter('#fx-today-title');
    ctx.rerender();
    window.scrollTo({ top: 0 });
  };
  return table(
    [
      {
        title: text(ctx, 'currency'),
        value: (r) => `${r.Family} (${currencyName(r.Family, r.Description, ctx.lang)})`,
      },
      { title: text(ctx, 'buyingNotes'), value: (r) => rate(r.BuyingRates), numeric: true },
      { title: text(ctx, 'sellingNotes'), value: (r) => rate(r.SellingRates), numeric: true },
      { title: text(ctx, 'sightBill'), value: (r) => rate(r.SightBill), numeric: true },
      { title: text(ctx, 'buyingTt'), value: (r) => rate(r.TT), numeric: true },
      { title: text(ctx, 'sellingTt'), value: (r) => rate(r.Bill_DD_TT), numeric: true },
      {
        title:
          days.size === 1
            ? `${text(ctx, 'updated')} (${day(ctx, fromDayFirst(banner.Ddate))})`
            : text(ctx, 'updated'),
        value: updated,
      },
    ],
    rows,
    'rates stack',
    { open: pick, current: (r) => r.Family === current },
  );
}
