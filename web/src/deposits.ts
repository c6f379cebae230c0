import type { DepositRate, LoanRate } from '../../src/client/index.js';
import { asOfDay, day, show, text, todayOf, type Context, type View } from './context.js';
import { dateField } from './date-field.js';
import { fromDayFirst } from './dates.js';
import { ratesCsv } from './csv-files.js';
import { h, message, table } from './dom.js';
import type { Key } from './i18n.js';
import { sourceLine } from './sources.js';

/** One rate as both operations write it: names in two languages, a rate, two dates. */
interface Rate {
  en: string;
  th: string;
  rate: string;
  effective: string;
  submitted: string;
}

const fromDeposit = (r: DepositRate): Rate => ({
  en: r.DepositNameEn,
  th: r.DepositNameTh,
  rate: r.DepositRates,
  effective: r.EffectiveDate,
  submitted: r.TimeSubmit,
});
const fromLoan = (r: LoanRate): Rate => ({
  en: r.LoanNameEn,
  th: r.LoanNameTh,
  rate: r.LoanRates,
  effective: r.EffectiveDate,
  submitted: r.TimeSubmit,
});

/**
 * The groups of the bank's rates page, found by the products' English names (the API has no group
 * field): each group's products keep the service's display order, the groups the bank's order.
 */
const DEPOSIT_GROUPS: [Key, RegExp][] = [
  ['groupSavings', /^(?!.*foreign currency).*savings/i],
  ['groupCurrent', /^(?!.*foreign currency).*current/i],
  ['groupFixed', /^(?!.*foreign currency).*fixed/i],
  ['groupForeign', /foreign currency/i],
];
const LOAN_GROUPS: [Key, RegExp][] = [
  ['groupReference', /\((MLR|MOR|MRR)\)$/],
  ['groupLoans', /./],
];

function grouped(rates: Rate[], groups: [Key, RegExp][]): [Key, Rate[]][] {
  const found = new Map<Key, Rate[]>(groups.map(([key]) => [key, []]));
  const others: Rate[] = [];
  for (const r of rates) {
    const group = groups.find(([, pattern]) => pattern.test(r.en));
    (group ? found.get(group[0])! : others).push(r);
  }
  return [...found.entries(), ['groupOther', others] as [Key, Rate[]]].filter(([, list]) => list.length > 0);
}

/** A kind of rates (deposit or loan) in its groups: a heading, when the group's rates took effect, the table. */
function groupedTables(ctx: Context, rates: Rate[], groups: [Key, RegExp][], className: string) {
  if (rates.length === 0) return [message(text(ctx, 'noData'), 'empty')];
  return grouped(rates, groups).flatMap(([key, list]) => {
    const days = [...new Set(list.map((r) => fromDayFirst(r.effective)))].sort();
    const since =
      days.length === 1
        ? text(ctx, 'effectiveSince', { date: day(ctx, days[0]!) })
        : text(ctx, 'effectiveBetween', { from: day(ctx, days[0]!), to: day(ctx, days.at(-1)!) });
    return [
      h('h3', { 'data-group': key }, text(ctx, key)),
      h('p', { class: 'meta' }, since),
      ratesTable(ctx, list, className, text(ctx, key)),
    ];
  });
}

function ratesTable(ctx: Context, rates: Rate[], className: string, caption: string) {
  // A loan's column says loan (in Thai the deposits' heading reads "kind of deposit").
  const product = className === 'loans' ? 'loanProduct' : 'product';
  return table(
    [
      { title: text(ctx, product), value: (r) => (ctx.lang === 'th' ? r.th : r.en) },
      { title: text(ctx, 'rate'), value: (r) => r.rate, numeric: true },
      { title: text(ctx, 'effective'), value: (r) => day(ctx, fromDayFirst(r.effective)) },
      {
        title: text(ctx, 'published'),
        value: (r) =>
          `${day(ctx, fromDayFirst(r.submitted))} ${r.submitted.split(' ')[1]?.slice(0, 5) ?? ''}`,
      },
    ],
    rates,
    `${className} stack`,
    { caption },
  );
}

/** The day whose rates are shown ('YYYY-MM-DD'); undefined for today's. Kept while the page is open. */
let asOf: string | undefined;

/** The way back from a picked day: to today's rates, or to the as-of day's, named. */
function todayButton(ctx: Context): string {
  const on = asOfDay(ctx);
  return on ? text(ctx, 'fxRatesOn', { date: day(ctx, on) }) : text(ctx, 'ratesToday');
}

/** "Rates in effect on": a day field that redraws the view with that day's rates (their history). */
function dayPicker(ctx: Context, shown: string) {
  const field = dateField(ctx.lang, { id: 'rates-on', label: text(ctx, 'ratesOn'), value: shown });
  const problem = h('p', { class: 'message error', id: 'rates-on-error', role: 'alert' });
  const apply = () => {
    const picked = field.value();
    if (!picked) {
      problem.textContent = text(ctx, 'badDay', { example: ctx.lang === 'th' ? '1/1/2569' : '2026-01-01' });
      return;
    }
    asOf = picked === todayOf(ctx) ? undefined : picked;
    ctx.rerender();
  };
  const today = () => {
    asOf = undefined;
    ctx.rerender();
  };
  return h(
    'div',
    { class: 'period' },
    h(
      'form',
      { class: 'range', id: 'rates-on-form', onsubmit: (e: Event) => (e.preventDefault(), apply()) },
      h('label', { for: 'rates-on' }, text(ctx, 'ratesOn')),
      field.element,
      h('button', { type: 'submit', id: 'rates-on-apply' }, text(ctx, 'apply')),
      ...(asOf ? [h('button', { type: 'button', id: 'rates-today', onclick: today }, todayButton(ctx))] : []),
    ),
    problem,
  );
}

/**
 * The deposit rates and the loan reference rates in effect today, or on a past day the reader picks
 * (GetDepositRate/{date}, GetLoanRate/{date}), as the bank's rates page shows them.
 */
export const depositsView: View = async (ctx) => {
  // #deposits/2025-01-31: the rates in effect on that day; #deposits: today's.
  if (ctx.linked) asOf = /^\d{4}-\d{2}-\d{2}$/.test(ctx.route[0] ?? '') ? ctx.route[0] : undefined;
  const on = asOf;
  ctx.keep(on ? [on] : [], { history: ctx.params.get('history') ?? undefined });
  const [deposits, loans] = await Promise.all(
    on
      ? [
          ctx.api.memo(`deposits/${on}`, (c) => c.getDepositRateOn(on as `${number}-${number}-${number}`)),
          ctx.api.memo(`loans/${on}`, (c) => c.getLoanRateOn(on as `${number}-${number}-${number}`)),
        ]
      : [ctx.api.memo('deposits', (c) => c.getDepositRate()), ctx.api.memo('loans', (c) => c.getLoanRate())],
  );
  const picker = dayPicker(ctx, on ?? todayOf(ctx));
  if (deposits.length === 0 && loans.length === 0)
    return show(ctx, picker, message(text(ctx, 'noData'), 'empty'));
  // As of a past instant, its day is the answer's "today": named, not called today.
  const dated = on ?? asOfDay(ctx);
  const titles = dated
    ? [text(ctx, 'depositsOn', { date: day(ctx, dated) }), text(ctx, 'loansOn', { date: day(ctx, dated) })]
    : [text(ctx, 'depositsTitle'), text(ctx, 'loansTitle')];
  const source = await sourceLine(ctx, 'InterestRatesService');
  // Each rate over time, picked below the tables (#deposits?history=loan:Minimum Loan Rate (MLR)):
  // drawn after the tables, since its history takes a call per step.
  const slot = h('div', { id: 'rate-history' }, message(text(ctx, 'loading')));
  show(
    ctx,
    picker,
    h('h2', { id: 'deposits-title' }, titles[0]),
    ...groupedTables(ctx, deposits.map(fromDeposit), DEPOSIT_GROUPS, 'deposits'),
    h('h2', { id: 'loans-title' }, titles[1]),
    ...groupedTables(ctx, loans.map(fromLoan), LOAN_GROUPS, 'loans'),
    ...(source ? [source] : []),
    h('p', {}, ratesCsv(ctx, on ?? todayOf(ctx), deposits, loans)),
    slot,
  );
  // Not awaited: the view is done (and no longer busy) once its tables are shown; the history fills
  // its own slot, which says it is loading, as its calls come back.
  void drawHistory(ctx, slot, deposits, loans, on);
};

/** Whether the reader just picked a rate in the history's own picker (its focus goes back there). */
let historyPicked = false;

async function drawHistory(
  ctx: Context,
  slot: HTMLElement,
  deposits: DepositRate[],
  loans: LoanRate[],
  on: string | undefined,
) {
  slot.setAttribute('aria-busy', 'true');
  try {
    const { rateHistory } = await import('./rate-history.js');
    const history = await rateHistory(
      ctx,
      [
        ...deposits.map((r) => ({ kind: 'deposit' as const, en: r.DepositNameEn, th: r.DepositNameTh })),
        ...loans.map((r) => ({ kind: 'loan' as const, en: r.LoanNameEn, th: r.LoanNameTh })),
      ],
      ctx.params.get('history') ?? undefined,
      on ?? todayOf(ctx),
      (id) => {
        // The view redraws at once and this slot later: the slot takes the focus back when drawn.
        historyPicked = true;
        ctx.navigate(`#deposits${on ? `/${on}` : ''}?history=${encodeURIComponent(id)}`);
      },
    );
    if (!ctx.current()) return;
    slot.replaceChildren(history.section);
    history.draw();
    if (historyPicked) slot.querySelector<HTMLElement>('#rate-history-product')?.focus();
    historyPicked = false;
  } catch (error) {
    // The tables stay; the history's failure is told where the history was to be.
    slot.replaceChildren();
    if (ctx.current()) ctx.fail(error, slot);
  } finally {
    slot.removeAttribute('aria-busy');
  }
}
