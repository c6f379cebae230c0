import type { DateInput, FundNameItem } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { addDays, fromDateTime } from './dates.js';
import { h } from './dom.js';
import { formatNumber } from './i18n.js';
import {
  baseDay,
  earliestBase,
  formatReturn,
  fundReturns,
  navOn,
  RETURN_WINDOWS,
  returnTitle,
} from './returns.js';

const percent = (first: number, last: number) => {
  const r = (last / first - 1) * 100;
  return `${r >= 0 ? '+' : ''}${r.toFixed(2)}%`;
};

/**
 * The fund's latest NAV and its change from the price before (the headline), its returns over the
 * usual windows (by the one rule of returns.ts), and its page at the bank.
 */
export async function fundSummary(
  ctx: Context,
  code: string,
  latest: string,
  listed: FundNameItem | undefined,
): Promise<HTMLElement> {
  // Each window's base: the fund's last price in the week up to its base day (returns.ts), and its
  // first NAV for since inception.
  const baseOn = (d: string) =>
    ctx.api
      .memo(`prices/${code}/${earliestBase(d)}/${d}`, (c) =>
        c.fundPriceByFundCode(code, earliestBase(d) as DateInput, d as DateInput),
      )
      .then((prices) => (prices.length > 0 ? navOn(prices.at(-1)!) : undefined));
  const inception = () =>
    ctx.api
      .memo(`stats/${code}/1990-01-01/${latest}`, (c) =>
        c.fundNavByFundCode(code, '1990-01-01' as DateInput, latest as DateInput),
      )
      .then(([s]) =>
        s?.Begin_mfr_dDataDate && s.Begin_mfr_fNav
          ? { day: fromDateTime(s.Begin_mfr_dDataDate), nav: s.Begin_mfr_fNav }
          : undefined,
      );
  const [recent, ...bases] = await Promise.all([
    ctx.api.memo(`prices/${code}/recent/${latest}`, (c) =>
      c.fundPriceByFundCode(code, addDays(latest, -14) as DateInput, latest as DateInput),
    ),
    ...RETURN_WINDOWS.map(([w]) => {
      const d = baseDay(w, latest);
      return d ? baseOn(d) : inception();
    }),
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
  const returns = fundReturns(
    last ? navOn(last) : undefined,
    (w) => bases[RETURN_WINDOWS.findIndex(([x]) => x === w)],
  );
  const figures = h(
    'dl',
    { class: 'figures returns', id: 'fund-returns', 'aria-label': text(ctx, 'returnsTitle') },
    ...RETURN_WINDOWS.map(([w]) =>
      h('div', { 'data-window': w }, h('dt', {}, returnTitle(ctx, w)), h('dd', {}, formatReturn(returns[w]))),
    ),
  );
  const link = listed ? (ctx.lang === 'th' ? listed.mf_linkTha : listed.mf_linkEng) : '';
  return h(
    'div',
    { class: 'summary' },
    headline,
    h('h3', {}, text(ctx, 'returnsTitle')),
    figures,
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
