import { addDays, bangkokToday } from '../dates.js';
import { h, table } from '../dom.js';
import { formatDay } from '../i18n.js';
import { requestsCsvUrl, type LoggedRequest, type RequestFilter } from './api.js';
import type { PortalContext } from './context.js';
import { title } from './forms.js';
import { bangkokTime } from './times.js';

const CLASSES = ['2xx', '3xx', '4xx', '5xx'];

/**
 * #requests/ID: the subscription's calls of the last 30 days, newest first, by status class, operation
 * and day; older pages appended on demand; the same rows as CSV.
 */
export async function requestsView(ctx: PortalContext): Promise<void> {
  const id = ctx.route[0] ?? '';
  const filter: RequestFilter = {};
  const [subscriptions, first] = await Promise.all([ctx.api.subscriptions(), ctx.api.requests(id, filter)]);
  if (!ctx.current()) return;
  const name = subscriptions.find((s) => String(s.id) === id)?.name ?? id;

  const status = h(
    'select',
    { id: 'requests-status' },
    h('option', { value: '' }, ctx.t('allStatuses')),
    ...CLASSES.map((c) => h('option', { value: c }, c)),
  );
  const operation = h(
    'select',
    { id: 'requests-operation' },
    h('option', { value: '' }, ctx.t('allOperations')),
    ...first.operations.map((op) => h('option', { value: op }, op)),
  );
  // The log's days, newest first, written as the page writes days (not the browser's date picker).
  const today = bangkokToday();
  const day = h(
    'select',
    { id: 'requests-day' },
    h('option', { value: '' }, ctx.t('everyDay')),
    ...Array.from({ length: first.days }, (_, i) => addDays(today, -i)).map((d) =>
      h('option', { value: d }, formatDay(d, ctx.lang)),
    ),
  );
  const rows: LoggedRequest[] = [];
  const list = h('div', { id: 'requests-list' });
  const more = h('button', { type: 'button', id: 'requests-older', hidden: true }, ctx.t('older'));
  const csv = h(
    'a',
    { class: 'button', id: 'requests-csv', download: `requests-${id}.csv` },
    ctx.t('downloadCsv'),
  );
  let next: number | null = null;

  const draw = () => {
    list.replaceChildren(
      rows.length === 0
        ? h('p', { class: 'message empty', id: 'requests-empty' }, ctx.t('noRequests'))
        : table(
            [
              { title: ctx.t('time'), value: (r: LoggedRequest) => bangkokTime(r.time, ctx.lang, true) },
              { title: ctx.t('operation'), value: (r: LoggedRequest) => r.operation },
              { title: ctx.t('path'), value: (r: LoggedRequest) => r.path },
              { title: ctx.t('statusCode'), value: (r: LoggedRequest) => String(r.status), numeric: true },
              { title: ctx.t('ms'), value: (r: LoggedRequest) => r.ms.toFixed(1), numeric: true },
              { title: ctx.t('requestId'), value: (r: LoggedRequest) => r.requestId },
            ],
            rows,
            'requests stack',
            { caption: ctx.t('requestsTitle', { name }), data: (r) => ({ requestId: r.requestId }) },
          ),
    );
    more.hidden = next === null;
    csv.setAttribute('href', requestsCsvUrl(id, filter));
  };
  const take = (page: { requests: LoggedRequest[]; next: number | null }) => {
    rows.push(...page.requests);
    next = page.next;
    draw();
  };
  const load = async () => {
    filter.status = status.value || undefined;
    filter.operation = operation.value || undefined;
    filter.day = day.value || undefined;
    try {
      const page = await ctx.api.requests(id, filter);
      rows.length = 0;
      take(page);
    } catch (error) {
      ctx.fail(error);
    }
  };
  more.addEventListener('click', () => {
    if (next === null) return;
    more.disabled = true;
    ctx.api
      .requests(id, { ...filter, before: next })
      .then(take)
      .catch((error: unknown) => ctx.fail(error))
      .finally(() => (more.disabled = false));
  });
  const filters = h(
    'form',
    { id: 'requests-filter', class: 'filters' },
    h('div', { class: 'field inline' }, h('label', { for: 'requests-status' }, ctx.t('statusClass')), status),
    h(
      'div',
      { class: 'field inline' },
      h('label', { for: 'requests-operation' }, ctx.t('operation')),
      operation,
    ),
    h('div', { class: 'field inline' }, h('label', { for: 'requests-day' }, ctx.t('day')), day),
    h('button', { type: 'submit', class: 'primary', id: 'requests-filter-submit' }, ctx.t('filter')),
  );
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    void load();
  });

  ctx.el.replaceChildren(
    title(ctx.t('requestsTitle', { name })),
    h('p', { class: 'meta' }, ctx.t('requestsIntro', { days: first.days })),
    h('p', {}, h('a', { href: '#profile' }, ctx.t('backToProfile'))),
    filters,
    list,
    h('p', { class: 'download' }, more, ' ', csv),
  );
  take(first);
}
