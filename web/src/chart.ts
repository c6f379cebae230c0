import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fromSeconds } from './dates.js';
import { formatAxisDay, formatDay, formatNumber, t, type Lang } from './i18n.js';
import { tickDecimals } from './numbers.js';

export interface LineSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Marks on the days that have a value (a dividend's day on the NAV line), no line between them. */
  marks?: boolean;
}

const charts = new WeakMap<HTMLElement, { plot: uPlot; resize: ResizeObserver }>();
const DAY = 24 * 60 * 60;
const MONTH = 30 * DAY; // uPlot's month: an increment of 30 days or more is split on the 1st of months
const YEAR = 365 * DAY;
/**
 * Whole days at least: a finer step would label the same day twice. Steps of several years too: when
 * no step leaves room for its labels, uPlot draws no date axis at all (13 years at 1280 px, 5 at 390).
 */
const DAY_INCRS = [
  ...[DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY],
  ...[MONTH, 2 * MONTH, 3 * MONTH, 6 * MONTH],
  ...[1, 2, 5, 10, 20, 50].map((n) => n * YEAR),
];
const SHORT_SPAN_S = 120 * DAY;

/**
 * Whether `step` puts at least two labels between `min` and `max`, where uPlot puts them: a step of a
 * month or more starts on the 1st of the month (of January, for years) one step after `min`'s, unless
 * `min` is that 1st; a shorter one on `min`'s day or the next. A 3-month step over six months from
 * 2 June to 30 November labels 1 September alone.
 */
function twoLabels(step: number, min: number, max: number): boolean {
  if (step < MONTH) return min + DAY + step <= max;
  const months = step >= YEAR ? Math.round(step / YEAR) * 12 : Math.round(step / MONTH);
  const at = new Date(min * 1000);
  const month = step >= YEAR ? 0 : at.getUTCMonth();
  const first = Date.UTC(at.getUTCFullYear(), month, 1) / 1000 === min ? 0 : 1;
  return Date.UTC(at.getUTCFullYear(), month + months * (first + 1), 1) / 1000 <= max;
}

/** The steps that label the span at least twice (the day alone when none does: a span of a day). */
const stepsFor = (min: number, max: number) => {
  const steps = DAY_INCRS.filter((step) => twoLabels(step, min, max));
  return steps.length > 0 ? steps : [DAY];
};

/** A short text of the chart for screen readers: the period, and each line's first, last, high and low. */
function describe(days: number[], series: LineSeries[], lang: Lang, decimals: number): string {
  const when = (i: number) => formatDay(fromSeconds(days[i]!), lang);
  const parts = series.map((s) => {
    if (s.marks) {
      const on = s.values.flatMap((v, i) => (v === null ? [] : [when(i)]));
      return `${s.label}: ${on.join(', ') || '–'}.`;
    }
    let [lo, hi, first, last] = [-1, -1, -1, -1];
    s.values.forEach((v, i) => {
      if (v === null) return;
      if (first < 0) first = i;
      last = i;
      if (lo < 0 || v < s.values[lo]!) lo = i;
      if (hi < 0 || v > s.values[hi]!) hi = i;
    });
    if (first < 0) return `${s.label}: –`;
    const value = (i: number) => formatNumber(s.values[i], decimals);
    return t(lang, 'chartLine', {
      label: s.label,
      first: value(first),
      last: value(last),
      high: value(hi),
      highDate: when(hi),
      low: value(lo),
      lowDate: when(lo),
    });
  });
  const period = t(lang, 'chartPeriod', { n: days.length, from: when(0), to: when(days.length - 1) });
  return [period, ...parts].join(' ');
}

/**
 * A line chart of daily values into `el` (which must be in the page, for its width). x values are the
 * days' UTC midnights in seconds, drawn in UTC so a day never shifts with the browser's time zone.
 * `data-points` on `el` tells how many days it holds; `data-x-ticks` and `data-y-ticks` the axis labels
 * as drawn (the canvas has no text to read back), with their x positions for the day axis.
 */
export function lineChart(
  el: HTMLElement,
  days: number[],
  series: LineSeries[],
  lang: Lang,
  { dayLabel, decimals }: { dayLabel: string; decimals: number },
) {
  charts.get(el)?.plot.destroy();
  charts.get(el)?.resize.disconnect();
  const height = window.matchMedia('(max-width: 640px)').matches ? 220 : 320;
  const axisColor = '#4b5563';
  // A finger has no hover: a tap or a drag along the chart moves the cursor, which shows the values.
  // The browser follows a tap with a mouseleave, which would hide them again: ignored after a touch.
  let touched = false;
  const short = (u: uPlot) => (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0) < SHORT_SPAN_S;
  const plot: uPlot = new uPlot(
    {
      width: Math.max(el.clientWidth, 280),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: {
        drag: { x: false, y: false },
        bind: {
          mouseleave: (_u, _target, handler) => (event) => (touched ? null : handler(event)),
        },
      },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: axisColor,
          incrs: (_u, _axis, min, max) => stepsFor(min, max),
          // Room for a whole label between ticks: '30 Sep', 'Sep 2026' (longer in Thai), or '2026' once
          // not even 6 months leave room for a month's label (3 years on a phone: one tick at 88 px);
          // less when only a narrower step labels the span twice (6 months on a phone: 2 months, 83 px).
          // Asked before each layout pass; `values` below then writes the labels, unless no step fits,
          // when none are drawn: so the labels of an earlier pass are not left in data-x-ticks.
          space: (_u, _axis, min, max, width) => {
            el.dataset.xTicks = '[]';
            // Years alone ('2026', '2569') once not even 6 months leave 56 px: 34 px hold one, so 12
            // years on a phone are labelled every 2 years, not at 2019 and 2024 alone (and more than a
            // 6-month step's width, which would write months).
            const halfYear = (width * 6 * MONTH) / (max - min);
            const room =
              max - min < SHORT_SPAN_S
                ? 64
                : halfYear >= 88
                  ? 88
                  : halfYear >= 56
                    ? 56
                    : Math.max(34, halfYear + 1);
            // uPlot takes a step when its width in pixels, computed alike, is at least this.
            return Math.min(room, (width * stepsFor(min, max).at(-1)!) / (max - min));
          },
          // Steps of a year or more label the year alone: every label would be January's.
          values: (u, splits, _axis, _space, step) => {
            const unit = short(u) ? 'day' : step >= YEAR ? 'year' : 'month';
            const labels = splits.map((s) => formatAxisDay(fromSeconds(s), lang, unit));
            el.dataset.xTicks = JSON.stringify(
              labels.map((l, i) => [l, Math.round(u.valToPos(splits[i]!, 'x'))]),
            );
            return labels;
          },
        },
        {
          stroke: axisColor,
          size: 72,
          values: (_u, splits) => {
            const d = tickDecimals(splits);
            const labels = splits.map((s) => formatNumber(s, d));
            el.dataset.yTicks = JSON.stringify(labels);
            return labels;
          },
        },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v === null ? '' : formatDay(fromSeconds(v), lang)) },
        ...series.map((s) =>
          s.marks
            ? {
                label: s.label,
                stroke: s.color,
                fill: s.color,
                width: 0,
                paths: () => null,
                points: { show: true, size: 10, fill: s.color, stroke: '#ffffff', width: 1.5 },
                value: (_u: uPlot, v: number | null) => formatNumber(v, decimals),
              }
            : {
                label: s.label,
                stroke: s.color,
                width: 2,
                points: { show: days.length <= 31 },
                value: (_u: uPlot, v: number | null) => formatNumber(v, decimals),
              },
        ),
      ],
    },
    [days, ...series.map((s) => s.values)],
    el,
  );
  const touch = (event: PointerEvent) => {
    touched = event.pointerType !== 'mouse';
    if (!touched) return;
    const box = plot.over.getBoundingClientRect();
    plot.setCursor({ left: event.clientX - box.left, top: event.clientY - box.top });
  };
  plot.over.addEventListener('pointerdown', touch);
  plot.over.addEventListener('pointermove', touch);
  // Follow the width of the page (phones turn, windows resize).
  const resize = new ResizeObserver(() => {
    if (el.clientWidth > 0 && Math.abs(el.clientWidth - plot.width) > 4) {
      plot.setSize({ width: el.clientWidth, height });
    }
  });
  resize.observe(el);
  charts.set(el, { plot, resize });
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', describe(days, series, lang, decimals));
  el.dataset.points = String(days.length);
  const marked = series.filter((s) => s.marks).flatMap((s) => s.values.filter((v) => v !== null));
  if (marked.length > 0) el.dataset.marks = String(marked.length);
  else delete el.dataset.marks;
}
