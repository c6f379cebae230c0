import { lineChart } from '../chart.js';
import { addDays, bangkokToday, toSeconds } from '../dates.js';
import { h, table } from '../dom.js';
import { formatDay } from '../i18n.js';
import { usageCsvUrl, type UsageDay } from './api.js';
import type { PortalContext } from './context.js';
import { title } from './forms.js';
import { count } from './limits.js';

const OUTCOMES = ['answered', 'limited', 'failed'] as const;
const COLORS = { answered: '#1d4ed8', limited: '#b45309', failed: '#b91c1c' };
const ALL = '';

/** The last 30 Bangkok days, oldest first: every day on the chart, also those without a call. */
function lastDays(rows: UsageDay[]): string[] {
  const last = rows.reduce((max, r) => (r.date > max ? r.date : max), bangkokToday());
  return Array.from({ length: 30 }, (_, i) => addDays(last, i - 29));
}

/** #usage/ID: calls per day by operation and outcome, as a chart and a table, and the CSV. */
export async function usageView(ctx: PortalContext): Promise<void> {
  const id = ctx.route[0] ?? '';
  const [subscriptions, usage] = await Promise.all([ctx.api.subscriptions(), ctx.api.usage(id)]);
  if (!ctx.current()) return;
  const subscription = subscriptions.find((s) => String(s.id) === id);
  const rows = [...usage.days].sort(
    (a, b) => a.date.localeCompare(b.date) || a.operation.localeCompare(b.operation),
  );
  const operations = [...new Set(rows.map((r) => r.operation))].sort();
  const days = lastDays(rows);

  const chart = h('div', { class: 'chart', id: 'usage-chart' });
  const picker = h(
    'select',
    { id: 'usage-operation' },
    h('option', { value: ALL }, ctx.t('allOperations')),
    ...operations.map((op) => h('option', { value: op }, op)),
  );
  const draw = () => {
    const chosen = rows.filter((r) => picker.value === ALL || r.operation === picker.value);
    const series = OUTCOMES.map((outcome) => ({
      label: ctx.t(outcome),
      color: COLORS[outcome],
      values: days.map((d) => chosen.filter((r) => r.date === d).reduce((sum, r) => sum + r[outcome], 0)),
    }));
    lineChart(chart, days.map(toSeconds), series, ctx.lang, { dayLabel: ctx.t('day'), decimals: 0 });
  };
  picker.addEventListener('change', draw);

  ctx.el.replaceChildren(
    title(ctx.t('usageTitle', { name: subscription?.name ?? id })),
    h('p', { class: 'meta' }, ctx.t('usageIntro')),
    h('p', {}, h('a', { href: '#profile' }, ctx.t('backToProfile'))),
    h('div', { class: 'field inline' }, h('label', { for: 'usage-operation' }, ctx.t('operation')), picker),
    chart,
    rows.length === 0
      ? h('p', { class: 'message empty', id: 'usage-empty' }, ctx.t('noUsage'))
      : table(
          [
            { title: ctx.t('day'), value: (r: UsageDay) => formatDay(r.date, ctx.lang) },
            { title: ctx.t('operation'), value: (r: UsageDay) => r.operation },
            ...OUTCOMES.map((o) => ({ title: ctx.t(o), value: (r: UsageDay) => count(r[o]), numeric: true })),
          ],
          rows,
          'usage stack',
          { caption: ctx.t('usageTitle', { name: subscription?.name ?? id }) },
        ),
    h(
      'p',
      { class: 'download' },
      h(
        'a',
        { class: 'button', id: 'usage-csv', href: usageCsvUrl(id), download: `usage-${id}.csv` },
        ctx.t('downloadCsv'),
      ),
    ),
  );
  draw();
}
