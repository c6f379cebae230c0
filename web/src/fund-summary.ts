import type { DateInput, FundNameItem } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { addDays, addMonths, fromDateTime } from './dates.js';
import { h } from './dom.js';
import { formatNumber } from './i18n.js';
import { periodLabel } from './period.js';

/** The windows of the returns, as the bank's fund pages show them: months back, or from a fixed day. */
const WINDOWS = [
  ['1M', (end: string) => addMonths(end, -1)],
  ['3M', (end: string) => addMonths(end, -3)],
  ['6M', (end: string) => addMonths(end, -6)],
  ['YTD', (end: string) => `${end.slice(0, 4)}-01-01`],
  ['1Y', (end: string) => addMonths(end, -12)],
  ['3Y', (end: string) => addMonths(end, -36)],
  ['sinceInception', () => '1990-01-01'],
] as const;

const percent = (first: number, last: number) => {
  const r = (last / first - 1) * 100;
  return `${r >= 0 ? '+' : ''}${r.toFixed(2)}%`;
};

/**
 * The fund's latest NAV and its change from the price before (the headline), its returns over the
 * usual windows (from Fund_Nav_ByFundCode's first and last NAV of each), and its page at the bank.
 */
export async function fundSummary(
  ctx: Context,
  code: string,
  latest: string,
  listed: FundNameItem | undefined,
): Promise<HTMLElement> {
  const stats = (from: string) =>
    ctx.api
      .memo(`stats/${code}/${from}/${latest}`, (c) =>
        c.fundNavByFundCode(code, from as DateInput, latest as DateInput),
      )
      .then((s) => s[0]);
  const [recent, ...windows] = await Promise.all([
    ctx.api.memo(`prices/${code}/recent/${latest}`, (c) =>
      c.fundPriceByFundCode(code, addDays(latest, -14) as DateInput, latest as DateInput),
    ),
    ...WINDOWS.map(([, start]) => stats(start(latest))),
  ]);
  const [before, last] = recent.slice(-2);
  const headline = last
    ? h(
        'p',
        { class: 'headline', id: 'fund-headline' },
        h('strong', {}, `${text(ctx, 'nav')} ${formatNumber(last.mfr_fNav)}`),
        ' ',
        before
          ? h(
              'span',
              { class: last.mfr_fNav >= before.mfr_fNav ? 'up' : 'down' },
              `${last.mfr_fNav >= before.mfr_fNav ? '+' : ''}${formatNumber(last.mfr_fNav - before.mfr_fNav)} (${percent(before.mfr_fNav, last.mfr_fNav)})`,
            )
          : null,
        ' ',
        h('span', { class: 'meta' }, day(ctx, fromDateTime(last.mfr_dDataDate))),
      )
    : null;
  const returns = h(
    'dl',
    { class: 'figures returns', id: 'fund-returns', 'aria-label': text(ctx, 'returnsTitle') },
    ...WINDOWS.map(([label, start], i) => {
      const s = windows[i];
      // A window that starts before the fund's first price has no return of its own (but since inception).
      const whole =
        label === 'sinceInception' ||
        (s?.Begin_mfr_dDataDate && fromDateTime(s.Begin_mfr_dDataDate) <= addDays(start(latest), 7));
      const value =
        s?.Begin_mfr_fNav && s.End_mfr_fNav && whole ? percent(s.Begin_mfr_fNav, s.End_mfr_fNav) : '–';
      return h(
        'div',
        {},
        h('dt', {}, label === 'sinceInception' ? text(ctx, 'sinceInception') : periodLabel(ctx, label)),
        h('dd', {}, value),
      );
    }),
  );
  const link = listed ? (ctx.lang === 'th' ? listed.mf_linkTha : listed.mf_linkEng) : '';
  return h(
    'div',
    { class: 'summary' },
    headline,
    h('h3', {}, text(ctx, 'returnsTitle')),
    returns,
    link
      ? h(
          'p',
          {},
          h(
            'a',
            { href: link, rel: 'noopener noreferrer', target: '_blank', id: 'fund-link' },
            text(ctx, 'factSheet'),
          ),
        )
      : null,
  );
}
