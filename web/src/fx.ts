import type { DateInput, FxBannerRow, FxFamily, FxRateRow, FxRound } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { asOfDay, day, show, text, todayOf, type Context, type View } from './context.js';
import { addMonths, fromDayFirst, fromMonthFirst, LONG_PRESETS, toSeconds } from './dates.js';
import { h, jumps, message, openPart, table, toggles } from './dom.js';
import { converter } from './converter.js';
import { conversionParams, readConversion } from './converter-question.js';
import { dateField } from './date-field.js';
import { fitGrouping, fxHistory, groupRows, GROUPINGS, type Grouping } from './fx-history.js';
import { currencyName } from './currencies.js';
import { fxDownload } from './fx-download.js';
import { nearestFxDay } from './fx-days.js';
import { quotedDecimals } from './numbers.js';
import { watchToggle } from './watch.js';
import { periodParam, periodPicker, periodRange, readPeriod, type Period } from './period.js';
import { sourceLine } from './sources.js';

/**
 * The family, period, day and round the user chose; they stay while the page is open and are written
 * into the link (#fx?currency=EUR&period=5Y&day=2025-03-14&round=2&points=week).
 */
const choice: Period & {
  family?: string;
  /** The day whose rates are shown; none for the latest. */
  day?: string;
  /** A round picked; `day` the day it was picked on (none from a link: the shown day's). */
  round?: { day?: string; update: string };
  /** How the history is drawn: a point a day, a week or a month; none to fit the period. */
  points?: Grouping;
} = { preset: '3M' };
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
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The settings a link asks for (see `choice`); what it leaves out stays as it was. */
function readLink(ctx: Context) {
  const p = ctx.params;
  if (p.get('currency')) choice.family = p.get('currency')!;
  readPeriod(p.get('period'), choice, LONG_PRESETS);
  const day = p.get('day') ?? '';
  choice.day = ISO_DAY.test(day) ? day : undefined;
  const round = p.get('round') ?? '';
  choice.round = /^\d{1,2}$/.test(round) ? { update: round } : undefined;
  const points = p.get('points') as Grouping | null;
  choice.points = points && GROUPINGS.includes(points) ? points : undefined;
  // A link that carries a conversion of its own (not the usual 100 USD to THB) shows it, on a phone too.
  if (readConversion(p)) openPart('converter');
}

export const fxView: View = async (ctx) => {
  if (ctx.linked) readLink(ctx);
  const family = choice.family ?? DEFAULT_FAMILY;
  // The list, the latest rates (GetLatestfxrates, every family) and the history are asked together.
  // A history up to today (as of a past instant, its day) ends on the latest day with rates.
  // Today's answers go through `fresh`: a round published within the browser's cache time shows.
  const end = todayOf(ctx);
  const { from, to } = periodRange(choice, end);
  const fresh = ctx.api.fresh;
  const familiesAnswer = ctx.api.memo('families', (c) => c.getFxFamily(), FRESH_MS * 60);
  const historyAnswer = fxHistory(ctx, family, from, to, FRESH_MS);
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
  // A past day the reader picked: its rounds and rates (Getfxrates); a day without rates shows the
  // nearest earlier day with rates, and says so.
  const asked = choice.day && choice.day < lastDay ? choice.day : undefined;
  const shownDay = asked ? await nearestFxDay(ctx, asked) : lastDay;
  const rounds = latest[0]
    ? await ctx.api.memo(
        `rounds/${shownDay}`,
        () => fresh.getFxUpdateInMonth(shownDay as DateInput),
        asked ? Infinity : FRESH_MS,
      )
    : [];
  const dayLatest = asked ? (rounds.at(-1)?.Update ?? '') : latestRound;
  const picked = choice.round && (choice.round.day ?? shownDay) === shownDay ? choice.round.update : '';
  const round = rounds.some((r) => r.Update === picked) ? picked : undefined;
  const shown =
    asked || (round && round !== latestRound)
      ? await ctx.api.memo(`round/${shownDay}/${round ?? dayLatest}`, (c) =>
          c.getFxRates(shownDay as DateInput, Number(round ?? dayLatest), 'en'),
        )
      : latest;
  const current = shown.find((r) => r.Family === family);
  const decimals = Math.max(
    ...latest.filter((r) => r.Family === family).map((r) => quotedDecimals(r.TT || r.BuyingRates)),
    4,
  );
  const keep = () =>
    ctx.keep([], {
      currency: family,
      period: periodParam(choice),
      points: choice.points,
      day: asked,
      round,
      ...conversionParams(),
    });

  const chart = h('div', { class: 'chart', id: 'fx-chart' });
  const source = await sourceLine(ctx, 'ExchangeRateService');
  const grouping = choice.points ?? fitGrouping(from, to);
  const points = groupRows(history, grouping);
  show(
    ctx,
    h(
      'div',
      { class: 'period' },
      familyPicker(ctx, families, family),
      watchToggle(ctx, 'currencies', family),
    ),
    h(
      'h2',
      { id: 'fx-today-title' },
      asked ? text(ctx, 'fxRatesOn', { date: day(ctx, shownDay) }) : latestTitle(ctx, current),
    ),
    printedFor(
      ctx,
      families,
      family,
      rounds.length > 1 ? rounds.find((r) => r.Update === (round ?? dayLatest)) : undefined,
    ),
    fxDayPicker(ctx, asked ?? lastDay, lastDay),
    ...(asked && shownDay !== asked
      ? [message(text(ctx, 'fxNearestDay', { asked: day(ctx, asked), shown: day(ctx, shownDay) }))]
      : []),
    ...(rounds.length > 1 ? [roundPicker(ctx, rounds, shownDay, round ?? dayLatest)] : []),
    current ? figures(ctx, current) : message(text(ctx, 'noRates'), 'empty'),
    ...(source ? [source] : []),
    // A phone's page is long: its parts a tap away.
    jumps(
      text(ctx, 'onThisPage'),
      (
        [
          ['jumpConverter', '#converter-part h2'],
          ['jumpCsv', '#fx-csv-part h2'],
          ['allRates', '#fx-all-title'],
        ] as const
      ).map(([key, selector]) => ({
        title: text(ctx, key),
        to: () => ctx.el.querySelector<HTMLElement>(selector),
      })),
    ),
    // The chart and its pickers as one part, which print leaves out whole (a heading on its own else).
    h(
      'section',
      { class: 'history' },
      h('h2', {}, text(ctx, 'history')),
      periodPicker(ctx, choice, 'fx', { from, to }, undefined, LONG_PRESETS),
      groupingPicker(ctx, grouping),
      history.length > 0 ? chart : message(text(ctx, 'noRates'), 'empty'),
    ),
    converter(ctx, families, latest, keep),
    fxDownload(ctx, family, addMonths(lastDay, -1), lastDay),
    h('h2', { id: 'fx-all-title' }, text(ctx, 'allRates')),
    h('p', { class: 'meta phone-only' }, text(ctx, 'compactRates')),
    latestTable(ctx, shown, family),
  );
  if (!ctx.current()) return;
  keep();
  if (history.length > 0) drawHistory(ctx, chart, points, decimals);
  if (announce) ctx.notify(text(ctx, 'newRound', announce));
  announce = undefined;
  watchRounds(ctx, { day: latest[0] ? lastDay : '', update: latestRound });
};

/**
 * What the figures are of, for print, where the currency and round pickers are left out: 'Currency:
 * EUR – Euro Zone. Round 3 (14:30)'. The screen has the pickers themselves.
 */
function printedFor(ctx: Context, families: FxFamily[], family: string, round: FxRound | undefined) {
  const name = currencyName(family, families.find((f) => f.Family === family)?.Description ?? '', ctx.lang);
  return h(
    'p',
    { class: 'print-only', id: 'fx-printed' },
    `${text(ctx, 'currency')}: ${family} – ${name}.`,
    round ? ` ${text(ctx, 'roundOption', { n: round.Update, time: round.Time })}` : '',
  );
}

/**
 * The heading of the latest rates: as of a past instant, named by its day (the answer's "today"), and
 * by the rates' own day when that is an earlier one.
 */
function latestTitle(ctx: Context, current: { Ddate: string } | undefined): string {
  const date = current ? day(ctx, fromDayFirst(current.Ddate)) : '–';
  const on = asOfDay(ctx);
  if (!on) return text(ctx, 'todayRates', { date });
  return date === day(ctx, on)
    ? text(ctx, 'fxRatesOn', { date })
    : text(ctx, 'asOfRates', { day: day(ctx, on), date });
}

/** The way back from a picked day: to the latest rates, or to the as-of day's, named. */
function latestButton(ctx: Context): string {
  const on = asOfDay(ctx);
  return on ? text(ctx, 'fxRatesOn', { date: day(ctx, on) }) : text(ctx, 'fxLatest');
}

/** "Rates on": a day field that shows the rates of any past day, and a way back to the latest. */
function fxDayPicker(ctx: Context, shown: string, lastDay: string) {
  const field = dateField(ctx.lang, { id: 'fx-day', label: text(ctx, 'fxDayLabel'), value: shown });
  const problem = h('p', { class: 'message error', id: 'fx-day-error', role: 'alert' });
  const apply = () => {
    const picked = field.value();
    if (!picked) {
      problem.textContent = text(ctx, 'badDay', { example: ctx.lang === 'th' ? '1/1/2569' : '2026-01-01' });
      return;
    }
    choice.day = picked < lastDay ? picked : undefined;
    choice.round = undefined;
    ctx.focusAfter('#fx-today-title');
    ctx.rerender();
  };
  const latest = () => {
    choice.day = undefined;
    choice.round = undefined;
    ctx.rerender();
  };
  return h(
    'div',
    { class: 'period' },
    h(
      'form',
      { class: 'range', id: 'fx-day-form', onsubmit: (e: Event) => (e.preventDefault(), apply()) },
      h('label', { for: 'fx-day' }, text(ctx, 'fxDayLabel')),
      field.element,
      h('button', { type: 'submit', id: 'fx-day-apply' }, text(ctx, 'apply')),
      ...(choice.day
        ? [h('button', { type: 'button', id: 'fx-latest', onclick: latest }, latestButton(ctx))]
        : []),
    ),
    problem,
  );
}

/** A point a day, a week or a month, as Frankfurter's group=week|month, chosen or fitted to the period. */
function groupingPicker(ctx: Context, current: Grouping) {
  return h(
    'div',
    { class: 'period', role: 'group', 'aria-label': text(ctx, 'pointsLabel') },
    h('span', { class: 'meta' }, text(ctx, 'pointsLabel')),
    toggles(
      GROUPINGS.map((g) => ({ value: g, label: text(ctx, `points_${g}`) })),
      current,
      (g) => {
        choice.points = g;
        ctx.rerender();
      },
    ),
  );
}

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
  // A phone's one line: transfer rates where the bank quotes them, notes for the families it does not.
  const compact = (transfer: string, notes: string) =>
    transfer !== '' ? transfer : h('span', {}, rate(notes), h('small', {}, ` ${text(ctx, 'notes')}`));
  const name = (r: FxBannerRow) => `${r.Family} (${currencyName(r.Family, r.Description, ctx.lang)})`;
  return table(
    [
      { title: text(ctx, 'currency'), value: name, compact: 'shown' },
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
      {
        title: text(ctx, 'buying'),
        value: (r) => compact(r.TT, r.BuyingRates),
        numeric: true,
        compact: 'only',
      },
      {
        title: text(ctx, 'selling'),
        value: (r) => compact(r.Bill_DD_TT, r.SellingRates),
        numeric: true,
        compact: 'only',
      },
    ],
    rows,
    'rates',
    {
      open: pick,
      current: (r) => r.Family === current,
      details: {
        label: (r) => text(ctx, 'rowDetails', { name: name(r) }),
        heading: text(ctx, 'detailsHeading'),
      },
    },
  );
}
