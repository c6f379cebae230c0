// Rate history charts (issue 47, item 20): a deposit or loan rate over time, from the service's rate
// history. The API has no series operation; what a key can call is the rates in effect on a day
// (GetDepositRate/{date}, GetLoanRate/{date}), each with the day it took effect. So the history is
// walked back step by step: the rate in effect on a day took effect on its EffectiveDate, and the one
// before it is the rate in effect the day before that. A product with 30 changes costs 30 calls,
// each kept for the page's life (past rates do not change), shared with the "rates on a day" tables.
import type { DateInput } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { day, text, type Context } from './context.js';
import { addDays, fromDayFirst, toSeconds } from './dates.js';
import { h, message, table } from './dom.js';

export type RateKind = 'deposit' | 'loan';
/** One product, as the history is asked for it: its kind and English name ('loan:Minimum Loan Rate (MLR)'). */
export interface RateProduct {
  kind: RateKind;
  en: string;
  th: string;
}
/** A step of a rate: the day it took effect and the rate, latest first. */
export interface RateStep {
  effective: string;
  rate: string;
}

/** At most this many steps back: more than any product's changes since the data starts. */
const MAX_STEPS = 200;

async function ratesOn(ctx: Context, kind: RateKind, on: string) {
  if (kind === 'deposit') {
    const rows = await ctx.api.memo(`deposits/${on}`, (c) => c.getDepositRateOn(on as DateInput));
    return rows.map((r) => ({ en: r.DepositNameEn, rate: r.DepositRates, effective: r.EffectiveDate }));
  }
  const rows = await ctx.api.memo(`loans/${on}`, (c) => c.getLoanRateOn(on as DateInput));
  return rows.map((r) => ({ en: r.LoanNameEn, rate: r.LoanRates, effective: r.EffectiveDate }));
}

/** The product's steps up to `until`, latest first, walked back through the rates in effect on each day. */
export async function rateSteps(ctx: Context, product: RateProduct, until: string): Promise<RateStep[]> {
  const steps: RateStep[] = [];
  for (let on = until; steps.length < MAX_STEPS;) {
    const row = (await ratesOn(ctx, product.kind, on)).find((r) => r.en === product.en);
    if (!row) break;
    const effective = fromDayFirst(row.effective);
    // A rate the same as the one after it (a republished step) is not a change.
    if (steps.at(-1)?.rate === row.rate) steps.at(-1)!.effective = effective;
    else steps.push({ effective, rate: row.rate });
    on = addDays(effective, -1);
  }
  return steps;
}

const productId = (p: RateProduct) => `${p.kind}:${p.en}`;

/**
 * The rate history section: a product picker (every deposit and loan product shown above), a step
 * chart of its rate from its first step to `until`, and the steps as a table. `picked` is the product
 * asked for (the link's), MLR by default; `onPick` writes a new pick into the link.
 */
export async function rateHistory(
  ctx: Context,
  products: RateProduct[],
  picked: string | undefined,
  until: string,
  onPick: (id: string) => void,
): Promise<{ section: HTMLElement; draw: () => void }> {
  const product =
    products.find((p) => productId(p) === picked) ??
    products.find((p) => p.en.includes('(MLR)')) ??
    products[0];
  const title = h('h2', { id: 'rate-history-title' }, text(ctx, 'rateHistoryTitle'));
  if (!product) {
    const empty = message(text(ctx, 'noData'), 'empty');
    return { section: h('section', { class: 'rate-history' }, title, empty), draw: () => undefined };
  }
  const name = (p: RateProduct) => (ctx.lang === 'th' ? p.th : p.en);
  const group = (kind: RateKind, label: string) =>
    h(
      'optgroup',
      { label },
      ...products
        .filter((p) => p.kind === kind)
        .map((p) => h('option', { value: productId(p), selected: p === product }, name(p))),
    );
  const select = h(
    'select',
    { id: 'rate-history-product' },
    group('deposit', text(ctx, 'rateHistoryDeposits')),
    group('loan', text(ctx, 'rateHistoryLoans')),
  );
  select.addEventListener('change', () => onPick(select.value));
  const steps = await rateSteps(ctx, product, until);
  const chart = h('div', { class: 'chart', id: 'rate-history-chart' });
  const section = h(
    'section',
    { class: 'rate-history' },
    title,
    h(
      'p',
      { class: 'range' },
      h('label', { for: 'rate-history-product' }, text(ctx, 'rateHistoryProduct')),
      ' ',
      select,
    ),
    steps.length === 0
      ? message(text(ctx, 'noData'), 'empty')
      : h(
          'p',
          { class: 'meta', id: 'rate-history-summary' },
          text(ctx, 'rateHistorySummary', {
            n: steps.length,
            from: day(ctx, steps.at(-1)!.effective),
            first: steps.at(-1)!.rate,
            last: steps[0]!.rate,
          }),
        ),
    ...(steps.length === 0
      ? []
      : [
          chart,
          table(
            [
              { title: text(ctx, 'effective'), value: (s: RateStep) => day(ctx, s.effective) },
              { title: text(ctx, 'rate'), value: (s: RateStep) => s.rate, numeric: true },
            ],
            steps,
            'rate-steps',
            { caption: `${text(ctx, 'rateHistoryTitle')}: ${name(product)}`, region: name(product) },
          ),
        ]),
  );
  // Drawn once the section is in the page (the chart takes its width): a step is the day before at
  // the old rate, then its day at the new one, so the line is flat between changes.
  const draw = () => {
    if (!ctx.current() || steps.length === 0 || !chart.isConnected) return;
    const ordered = [...steps].reverse();
    const points: [string, number][] = [];
    ordered.forEach((s, i) => {
      if (i > 0) points.push([addDays(s.effective, -1), Number(ordered[i - 1]!.rate)]);
      points.push([s.effective, Number(s.rate)]);
    });
    if (points.at(-1)![0] < until) points.push([until, Number(steps[0]!.rate)]);
    lineChart(
      chart,
      points.map(([d]) => toSeconds(d)),
      [{ label: `${name(product)} (%)`, values: points.map(([, v]) => v), color: '#1d4ed8' }],
      ctx.lang,
      { dayLabel: text(ctx, 'date'), decimals: 3 },
    );
  };
  return { section, draw };
}
