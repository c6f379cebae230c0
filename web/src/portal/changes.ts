import type { Changes } from '../../../src/schemas/changes.js';
import { h } from '../dom.js';
import { formatDay } from '../i18n.js';
import type { PortalContext } from './context.js';
import { title } from './forms.js';

/** #changes and #changes/ID: the API's change log (docs/changes.json), newest first. */
export async function changesView(ctx: PortalContext): Promise<void> {
  const res = await fetch('/changes.json');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const changes = (await res.json()) as Changes;
  if (!ctx.current()) return;
  ctx.el.replaceChildren(
    title(ctx.t('changesTitle')),
    h(
      'p',
      { class: 'meta' },
      ctx.t('changesIntro'),
      ' ',
      h('a', { href: '/changes.atom', type: 'application/atom+xml' }, ctx.t('changesFeed')),
    ),
    h(
      'ol',
      { class: 'changes' },
      ...changes.entries.map((entry) =>
        h(
          'li',
          { id: `change-${entry.id}`, class: 'card' },
          h('h3', {}, entry.title[ctx.lang]),
          h('p', { class: 'meta' }, h('time', { datetime: entry.date }, formatDay(entry.date, ctx.lang))),
          h('p', {}, entry.summary[ctx.lang]),
          h(
            'p',
            { class: 'operations' },
            `${ctx.t('operations')}: `,
            entry.operations.length === 0 ? ctx.t('everyOperation') : entry.operations.join(', '),
          ),
        ),
      ),
    ),
  );
  // #changes/ID (a feed entry's link) shows that entry.
  const target = ctx.route[0] ? document.getElementById(`change-${ctx.route[0]}`) : null;
  target?.scrollIntoView();
}
