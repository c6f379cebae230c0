// The watch-list (issue 47, item 21): currencies and funds the reader follows, saved in this browser
// only (local storage, as the key), shown first on the explorer's first view, each FX family with its
// change since the day before.
import type { DateInput } from '../../src/client/index.js';
import { asOfDay, day, text, type Context } from './context.js';
import { currencyName } from './currencies.js';
import { addDays, fromDateTime, fromDayFirst, fromMonthFirst } from './dates.js';
import { h } from './dom.js';
import { formatNumber } from './i18n.js';
import { quotedDecimals } from './numbers.js';

const STORE = 'rates-explorer.watch';
export type WatchKind = 'currencies' | 'funds';
type WatchList = Record<WatchKind, string[]>;

export function watchList(): WatchList {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? '{}') as Partial<WatchList>;
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    return { currencies: list(saved.currencies), funds: list(saved.funds) };
  } catch {
    return { currencies: [], funds: [] }; // a list another version wrote: started anew
  }
}

function setWatched(kind: WatchKind, id: string, on: boolean) {
  const list = watchList();
  list[kind] = on ? [...new Set([...list[kind], id])] : list[kind].filter((x) => x !== id);
  localStorage.setItem(STORE, JSON.stringify(list));
}

/** A button that adds `id` to the watch-list or takes it off, pressed while it is on. */
export function watchToggle(ctx: Context, kind: WatchKind, id: string): HTMLButtonElement {
  const button = h('button', {
    type: 'button',
    class: 'watch-toggle',
    id: `watch-${kind}`,
  });
  const draw = () => {
    const on = watchList()[kind].includes(id);
    button.setAttribute('aria-pressed', String(on));
    button.textContent = `${on ? '★' : '☆'} ${text(ctx, 'watchButton')}`;
  };
  button.addEventListener('click', () => {
    setWatched(kind, id, !watchList()[kind].includes(id));
    draw();
  });
  draw();
  return button;
}

const change = (ctx: Context, now: number, before: number | undefined, decimals: number) => {
  if (before === undefined) return h('span', { class: 'meta' }, text(ctx, 'watchNoChange'));
  const d = now - before;
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±';
  return h(
    'span',
    { class: d > 0 ? 'up' : d < 0 ? 'down' : '' },
    `${sign}${formatNumber(Math.abs(d), decimals)} (${sign}${Math.abs((d / before) * 100).toFixed(2)}%)`,
  );
};

/**
 * The watch-list's section, or null when it is empty (no call is made then): each currency's latest
 * transfer buying rate (notes for a family without) and its change from the day before's last rate,
 * each fund's latest NAV and its change from the price before.
 */
export async function watchPanel(ctx: Context): Promise<HTMLElement | null> {
  const { currencies, funds } = watchList();
  if (currencies.length === 0 && funds.length === 0) return null;
  const fresh = ctx.api.fresh;
  const [latest, [latestFundDay], names] = await Promise.all([
    ctx.api.memo('latest', () => fresh.getLatestFxRates(), 60_000),
    ctx.api.memo('latest-date', (c) => c.latestDate(), 5 * 60_000),
    funds.length > 0 ? ctx.api.memo('funds-names', (c) => c.allFundsName(), 5 * 60_000) : [],
  ]);
  const lastDay = latest[0] ? fromDayFirst(latest[0].Ddate) : '';
  const fxItems = await Promise.all(
    currencies.map(async (family) => {
      const row = latest.find((r) => r.Family === family);
      if (!row) return null;
      // The family's days up to the latest: the row before the latest day is yesterday's close.
      const days = await ctx.api.memo(`fx/${family}/${addDays(lastDay, -14)}/${lastDay}`, () =>
        fresh.getDownloadFxRates(family, addDays(lastDay, -14) as DateInput, lastDay as DateInput, 'en'),
      );
      const transfer = row.TT !== '';
      const value = transfer ? row.TT : row.BuyingRates;
      const before = days.filter((d) => fromMonthFirst(d.Ddate) < fromDayFirst(row.Ddate)).at(-1);
      const previous = before ? Number(transfer ? before.TT : before.BuyingRates) : undefined;
      return h(
        'div',
        { 'data-watch': family },
        h(
          'dt',
          {},
          h('a', { href: `#fx?currency=${encodeURIComponent(family)}` }, family),
          ` ${currencyName(family, row.Description, ctx.lang)} · ${text(ctx, transfer ? 'buyingTt' : 'buyingNotes')}`,
        ),
        h(
          'dd',
          {},
          value,
          ' ',
          change(ctx, Number(value), previous || undefined, Math.max(quotedDecimals(value), 2)),
        ),
      );
    }),
  );
  const latestFund = latestFundDay ? fromDateTime(latestFundDay.mDate) : '';
  const fundItems = await Promise.all(
    funds.map(async (code) => {
      const prices = latestFund
        ? await ctx.api.memo(`prices/${code}/recent/${latestFund}`, (c) =>
            c.fundPriceByFundCode(code, addDays(latestFund, -14) as DateInput, latestFund as DateInput),
          )
        : [];
      const [before, last] = prices.slice(-2);
      const fund = names.find((f) => f.mf_iNumber === code);
      const name = fund ? (ctx.lang === 'th' ? fund.mf_sTha : fund.mf_sEng) : '';
      return h(
        'div',
        { 'data-watch': code },
        h('dt', {}, h('a', { href: `#funds/${encodeURIComponent(code)}` }, `${code} ${name}`)),
        h(
          'dd',
          {},
          last ? `${text(ctx, 'nav')} ${formatNumber(last.mfr_fNav)} ` : '–',
          last ? change(ctx, last.mfr_fNav, before?.mfr_fNav, 4) : '',
        ),
      );
    }),
  );
  return h(
    'section',
    { class: 'watch', id: 'watch', 'aria-labelledby': 'watch-title' },
    h('h2', { id: 'watch-title' }, text(ctx, 'watchTitle')),
    h('p', { class: 'meta' }, lastDay ? since(ctx, lastDay) : text(ctx, 'watchHint')),
    h('dl', { class: 'figures' }, ...fxItems, ...fundItems),
  );
}

/** What the figures are: the latest, or as of a past instant those published by its day, named. */
function since(ctx: Context, lastDay: string): string {
  const on = asOfDay(ctx);
  const date = day(ctx, lastDay);
  return on ? text(ctx, 'asOfWatchSince', { day: day(ctx, on), date }) : text(ctx, 'watchSince', { date });
}
