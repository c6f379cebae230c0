import type { DateInput, FundNameItem, FundPriceRecord } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { show, text, type Context, type View } from './context.js';
import { fromDateTime, toSeconds } from './dates.js';
import { h, message } from './dom.js';
import { fundPricesCsv } from './csv-files.js';
import { fundSearch } from './fund-search.js';
import { fundFactsSection } from './fund-facts.js';
import { fundSummary } from './fund-summary.js';
import { priceTable, statistics } from './fund-tables.js';
import { sourceLine } from './sources.js';
import { watchPanel, watchToggle } from './watch.js';
import { periodParam, periodPicker, periodRange, readPeriod, type Period } from './period.js';

/** The period the user chose; it stays while they switch funds. */
const period: Period = { preset: '1Y' };

interface FundList {
  latest?: string;
  funds: FundNameItem[];
}

/** How long the latest price date is kept: funds publish through the evening. */
const FRESH_MS = 5 * 60_000;

/**
 * Every listed fund (AllFundsName, the website's picker: also funds not priced on the latest day,
 * which a day's price list leaves out while it is partly published) and the latest price date.
 */
const loadFunds = (ctx: Context) =>
  ctx.api.memo<FundList>(
    'funds',
    async (client) => {
      const [[latest], funds] = await Promise.all([client.latestDate(), client.allFundsName()]);
      return { latest: latest ? fromDateTime(latest.mDate) : undefined, funds };
    },
    FRESH_MS,
  );

export const fundsView: View = async (ctx) => {
  if (ctx.linked) readPeriod(ctx.params.get('period'), period);
  const { latest, funds } = await loadFunds(ctx);
  const search = fundSearch(ctx, funds);
  const code = ctx.route[0];
  if (!latest) return show(ctx, search, message(text(ctx, 'noData'), 'empty'));
  // The first view: the reader's watch-list first, when they keep one.
  if (!code)
    return show(
      ctx,
      ...[await watchPanel(ctx)].filter((x) => x !== null),
      search,
      message(text(ctx, 'pickFund')),
    );

  const { from, to } = periodRange(period, latest);
  const id = `${code}/${from}/${to}`;
  const listed = funds.find((f) => f.mf_iNumber === code);
  const [prices, stats, summary, facts] = await Promise.all([
    ctx.api.memo(`prices/${id}`, (c) => c.fundPriceByFundCode(code, from as DateInput, to as DateInput)),
    ctx.api.memo(`stats/${id}`, (c) => c.fundNavByFundCode(code, from as DateInput, to as DateInput)),
    fundSummary(ctx, code, latest, listed),
    fundFactsSection(ctx, code, from, to),
  ]);
  if (!listed && stats.length === 0)
    return show(ctx, search, message(text(ctx, 'noMatch', { q: code }), 'empty'));

  const chart = h('div', { class: 'chart', id: 'fund-chart' });
  // An empty period is said once; the statistics still show the last 12 months and since inception.
  const pricesPart =
    prices.length > 0
      ? [
          chart,
          h('h3', {}, text(ctx, 'statsTitle')),
          statistics(ctx, stats[0]),
          h('h3', {}, text(ctx, 'pricesTitle')),
          fundPricesCsv(ctx, code, from, to, prices),
          priceTable(ctx, prices),
        ]
      : [
          message(text(ctx, 'noPrices'), 'empty'),
          ...(stats[0] ? [h('h3', {}, text(ctx, 'statsTitle')), statistics(ctx, stats[0])] : []),
        ];
  const source = await sourceLine(ctx, 'FundPriceService');
  show(
    ctx,
    search,
    h(
      'section',
      { class: 'fund' },
      heading(ctx, listed, prices[0]),
      h('p', {}, watchToggle(ctx, 'funds', listed?.mf_iNumber ?? code)),
      summary,
      ...(facts ? [facts.section] : []),
      periodPicker(ctx, period, 'fund', { from, to }),
      ...pricesPart,
      ...(source ? [source] : []),
    ),
  );
  ctx.keep([code], { period: periodParam(period) });
  if (prices.length > 0 && ctx.current()) {
    const days = prices.map((p) => toSeconds(fromDateTime(p.mfr_dDataDate)));
    const nav = { label: text(ctx, 'nav'), values: prices.map((p) => p.mfr_fNav), color: '#1d4ed8' };
    // A dividend marked on the NAV line on its book-closing day, or the first price day after it.
    const marked = new Set(
      (facts?.dividends ?? [])
        .map((d) => days.findIndex((s) => s >= toSeconds(d.bookClosingDate)))
        .filter((i) => i >= 0),
    );
    const dividends = {
      label: text(ctx, 'dividendMark'),
      values: prices.map((p, i) => (marked.has(i) ? p.mfr_fNav : null)),
      color: '#b45309',
      marks: true,
    };
    lineChart(chart, days, marked.size > 0 ? [nav, dividends] : [nav], ctx.lang, {
      dayLabel: text(ctx, 'date'),
      decimals: 4,
    });
  }
};

function heading(ctx: Context, listed: FundNameItem | undefined, first: FundPriceRecord | undefined) {
  const th = ctx.lang === 'th';
  const name = listed ? (th ? listed.mf_sTha : listed.mf_sEng) : th ? first?.mf_sTha : first?.mf_sEng;
  const number = listed?.mf_iNumber ?? String(first?.mf_iNumber ?? '');
  const category = listed ? (th ? listed.mf_cateTha : listed.mf_cateEng) : '';
  return h(
    'header',
    {},
    h('h2', { id: 'fund-name' }, name ?? ''),
    h('p', { class: 'meta' }, [text(ctx, 'fundNo', { n: number }), category].filter(Boolean).join(' · ')),
  );
}
