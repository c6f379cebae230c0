import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fromSeconds } from './dates.js';
import { formatAxisDay, formatDay, formatNumber, type Lang } from './i18n.js';

export interface LineSeries {
  label: string;
  values: (number | null)[];
  color: string;
}

const charts = new WeakMap<HTMLElement, { plot: uPlot; resize: ResizeObserver }>();
const SHORT_SPAN_S = 120 * 24 * 60 * 60;

/**
 * A line chart of daily values into `el` (which must be in the page, for its width). x values are the
 * days' UTC midnights in seconds, drawn in UTC so a day never shifts with the browser's time zone.
 * `data-points` on `el` tells how many days it holds.
 */
export function lineChart(
  el: HTMLElement,
  days: number[],
  series: LineSeries[],
  lang: Lang,
  { dayLabel, decimals = 4 }: { dayLabel: string; decimals?: number },
) {
  charts.get(el)?.plot.destroy();
  charts.get(el)?.resize.disconnect();
  const height = window.matchMedia('(max-width: 640px)').matches ? 220 : 320;
  const axisColor = '#4b5563';
  const plot = new uPlot(
    {
      width: Math.max(el.clientWidth, 280),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: axisColor,
          values: (u, splits) => {
            const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
            return splits.map((s) => formatAxisDay(fromSeconds(s), lang, span < SHORT_SPAN_S));
          },
        },
        { stroke: axisColor, size: 64, values: (_u, splits) => splits.map((s) => formatNumber(s, 2)) },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v === null ? '' : formatDay(fromSeconds(v), lang)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          points: { show: days.length <= 31 },
          value: (_u: uPlot, v: number | null) => formatNumber(v, decimals),
        })),
      ],
    },
    [days, ...series.map((s) => s.values)],
    el,
  );
  // Follow the width of the page (phones turn, windows resize).
  const resize = new ResizeObserver(() => {
    if (el.clientWidth > 0 && Math.abs(el.clientWidth - plot.width) > 4) {
      plot.setSize({ width: el.clientWidth, height });
    }
  });
  resize.observe(el);
  charts.set(el, { plot, resize });
  el.dataset.points = String(days.length);
}
