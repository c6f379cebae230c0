import type { MarketValue } from '../../src/client/index.js';
import { day, show, text, type Context, type View } from './context.js';
import { fromDayFirst } from './dates.js';
import { h, message } from './dom.js';
import { OUTLOOKS, SECTIONS, type Section } from './market-sections.js';
import { outlookInThai } from './outlook-thai.js';
import { safeHtml } from './safe-html.js';

/** The values of each code, by number ("1" first), as GetMarketsum lists them. */
function byCode(values: MarketValue[]): Map<string, Map<number, string>> {
  const codes = new Map<string, Map<number, string>>();
  for (const { mktcode, mktno, mktvalue } of values) {
    const no = Number(mktno);
    if (!Number.isInteger(no) || no < 1) continue;
    if (!codes.has(mktcode)) codes.set(mktcode, new Map());
    codes.get(mktcode)!.set(no, mktvalue);
  }
  return codes;
}

/**
 * A section's table, a value a row in number order as on the bank's page. A value the page has no
 * row for still shows, under its number; a missing one shows as '–'.
 */
function sectionTable(ctx: Context, section: Section, values: Map<number, string>): HTMLElement {
  const rowCount = Math.max(section.rows.length, ...values.keys());
  const rows = Array.from({ length: rowCount }, (_, i) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, section.rows[i]?.[ctx.lang] ?? text(ctx, 'valueNo', { n: i + 1 })),
      h('td', { class: 'num', 'data-mktno': i + 1 }, values.get(i + 1) || '–'),
    ),
  );
  return h(
    'table',
    { class: 'market-table', 'data-code': section.code },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, section.rowsAre[ctx.lang]),
        h('th', { scope: 'col', class: 'num' }, section.unit[ctx.lang]),
      ),
    ),
    h('tbody', {}, ...rows),
  );
}

/** An outlook: its texts in number order, each inserted through the allowed elements only. */
function outlook(ctx: Context, code: string, title: string, values: Map<number, string> | undefined) {
  const texts = [...(values ?? new Map<number, string>()).entries()]
    .sort(([a], [b]) => a - b)
    .map(([, html]) => html.trim())
    .filter(Boolean);
  return h(
    'section',
    { class: 'outlook', id: `outlook-${code}`, 'aria-labelledby': `outlook-${code}-title` },
    h('h3', { id: `outlook-${code}-title` }, title),
    ...(texts.length > 0
      ? texts.map((html) => {
          // In Thai, an outlook of a known phrasing in Thai; any other as written, said to be English.
          const thai = ctx.lang === 'th' ? outlookInThai(html) : undefined;
          const english = ctx.lang === 'th' && thai === undefined;
          const part = h('div', { class: 'outlook-text', ...(english ? { lang: 'en' } : {}) });
          part.append(safeHtml(thai ?? html));
          return part;
        })
      : [message(text(ctx, 'noData'), 'empty')]),
  );
}

/**
 * The latest daily market summary (GetMarketsum) as the bank's market summary page shows it: its
 * day, the two outlooks, and the sections' tables side by side (one under another on a phone).
 */
export const marketView: View = async (ctx) => {
  // Published once a business day: asked again after a minute, as the FX view's latest rates are.
  const [dates, values] = await ctx.api.memo('market', (c) => c.getMarketSummary(), 60_000);
  const mktdate = dates[0]?.mktdate;
  if (!mktdate) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  const codes = byCode(values);
  show(
    ctx,
    h('h2', { id: 'market-title' }, text(ctx, 'marketOn', { date: day(ctx, fromDayFirst(mktdate)) })),
    h(
      'div',
      { class: 'outlooks' },
      ...OUTLOOKS.map((o) => outlook(ctx, o.code, o.title[ctx.lang], codes.get(o.code))),
    ),
    h(
      'div',
      { class: 'market' },
      ...SECTIONS.map((section) =>
        h(
          'section',
          {
            class: 'market-section',
            id: `market-${section.code}`,
            'aria-labelledby': `market-${section.code}-title`,
          },
          h('h3', { id: `market-${section.code}-title` }, section.title[ctx.lang]),
          sectionTable(ctx, section, codes.get(section.code) ?? new Map()),
        ),
      ),
    ),
  );
};
