import type { FxFamily } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { fromDayFirst } from './dates.js';
import { explain } from './api.js';
import { h } from './dom.js';
import { formatNumber } from './i18n.js';

/** The ISO codes of the families (USD1, USD5 and USD50 are all USD), and baht. */
function currencies(families: FxFamily[]): string[] {
  const codes = families.map((f) => f.Family.replace(/\d+$/, ''));
  return ['THB', ...new Set(codes.filter((c) => c !== 'THB'))];
}

let last = { amount: '100', from: 'USD', to: 'THB' };

/** The currency converter: the service's Convert (the bank's buying TT rate to baht, selling from baht). */
export function converter(ctx: Context, families: FxFamily[]): HTMLElement {
  const codes = currencies(families);
  const select = (id: string, label: string, value: string) =>
    h(
      'select',
      { id, 'aria-label': label },
      ...codes.map((c) => h('option', { value: c, selected: c === value }, c)),
    );
  const amount = h('input', {
    id: 'convert-amount',
    type: 'text',
    inputmode: 'decimal',
    value: last.amount,
    'aria-label': text(ctx, 'amount'),
    size: 12,
  });
  const from = select('convert-from', text(ctx, 'from'), last.from);
  const to = select('convert-to', text(ctx, 'to'), last.to);
  const result = h('p', { id: 'convert-result', class: 'figure', 'aria-live': 'polite' });
  const convert = async () => {
    last = { amount: amount.value.trim().replace(/,/g, ''), from: from.value, to: to.value };
    try {
      const answer = await ctx.api.client.convert(last.amount, last.from, last.to);
      result.className = 'figure';
      result.textContent = text(ctx, 'converted', {
        amount: formatNumber(Number(last.amount), 2),
        from: answer.from,
        result: formatNumber(answer.convertedAmount, 2),
        to: answer.to,
        rate: String(answer.rate),
        date: day(ctx, fromDayFirst(answer.Ddate)),
        time: answer.DTime,
      });
    } catch (error) {
      const { text: said, detail } = explain(error, ctx.lang);
      result.className = 'message error';
      result.textContent = detail ? `${said} ${detail}` : said;
    }
  };
  return h(
    'section',
    { class: 'converter' },
    h('h2', {}, text(ctx, 'converterTitle')),
    h('p', { class: 'meta' }, text(ctx, 'converterHint')),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), void convert()) },
      amount,
      from,
      h('span', { 'aria-hidden': 'true' }, '→'),
      to,
      h('button', { type: 'submit', id: 'convert' }, text(ctx, 'convert')),
    ),
    result,
  );
}
