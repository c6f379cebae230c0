import type { DateInput, FundDividend, FundFacts } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { h, table } from './dom.js';
import { formatNumber } from './i18n.js';

type Fees = NonNullable<FundFacts['fees']>;
const FEES = [
  'frontEnd',
  'backEnd',
  'switchingIn',
  'switchingOut',
  'management',
  'totalExpenseRatio',
] as const;

/** English or Thai of a pair, the other when the page's language has none. */
const pick = (ctx: Context, texts: { en: string | null; th: string | null } | null) =>
  texts ? ((ctx.lang === 'th' ? texts.th : texts.en) ?? texts.en ?? texts.th ?? '') : '';

const updated = (ctx: Context, date: string | null) =>
  date ? h('span', { class: 'meta' }, ` (${text(ctx, 'factsUpdated', { date: day(ctx, date) })})`) : null;

/** SEC's risk level as a scale of 1 to 8, the fund's level marked. */
function riskScale(ctx: Context, risk: NonNullable<FundFacts['risk']>): HTMLElement {
  return h(
    'div',
    {
      class: 'risk-scale',
      id: 'fund-risk',
      role: 'img',
      'aria-label': text(ctx, 'riskScale', { level: risk.label }),
    },
    ...Array.from({ length: 8 }, (_, i) =>
      h(
        'span',
        { class: i + 1 === risk.level ? `step step-${i + 1} current` : `step step-${i + 1}` },
        i + 1 === 8 ? (risk.level === 8 ? risk.label : '8') : String(i + 1),
      ),
    ),
  );
}

function feesTable(ctx: Context, fees: Fees): HTMLElement {
  const percent = (v: number | null) => (v === null ? '–' : `${formatNumber(v, 2)}%`);
  return table(
    [
      { title: text(ctx, 'feeName'), value: (f: (typeof FEES)[number]) => text(ctx, `fee_${f}`) },
      { title: text(ctx, 'feeMax'), value: (f) => percent(fees[f].prospectusMax), numeric: true },
      { title: text(ctx, 'feeActual'), value: (f) => percent(fees[f].actual), numeric: true },
    ],
    [...FEES],
    'fees',
  );
}

function dividendsTable(ctx: Context, dividends: FundDividend[]): HTMLElement {
  if (dividends.length === 0) return h('p', { class: 'meta' }, text(ctx, 'noDividends'));
  return table(
    [
      { title: text(ctx, 'bookClosing'), value: (d: FundDividend) => day(ctx, d.bookClosingDate) },
      { title: text(ctx, 'payment'), value: (d) => day(ctx, d.paymentDate) },
      { title: text(ctx, 'perUnit'), value: (d) => formatNumber(d.perUnit, 4), numeric: true },
    ],
    [...dividends].reverse(),
    'dividends',
  );
}

/**
 * The fund's facts as SEC publishes them (FundFacts): fund house, type, risk on a 1-8 scale, fees
 * (prospectus maximum and actual), benchmark, policy, dividend policy and the dividends of the period
 * (FundDividends). Null when the service has no such operation (an older upstream).
 */
export async function fundFactsSection(
  ctx: Context,
  code: string,
  from: string,
  to: string,
): Promise<{ section: HTMLElement; dividends: FundDividend[] } | null> {
  let facts: FundFacts | null;
  let dividends: FundDividend[];
  try {
    [facts, dividends] = await Promise.all([
      ctx.api.memo(`facts/${code}`, (c) => c.fundFacts(code)),
      ctx.api.memo(`dividends/${code}/${from}/${to}`, (c) =>
        c.fundDividends(code, from as DateInput, to as DateInput),
      ),
    ]);
  } catch {
    return null;
  }
  if (!facts) return null;
  const rows: [string, Node | string][] = [];
  const row = (label: string, value: Node | string | null) => {
    if (value) rows.push([label, value]);
  };
  row(text(ctx, 'fundHouse'), pick(ctx, facts.fundHouse));
  row(text(ctx, 'fundType'), pick(ctx, facts.fundType));
  if (facts.inception?.date) row(text(ctx, 'inception'), day(ctx, facts.inception.date));
  if (facts.benchmark)
    row(
      text(ctx, 'benchmark'),
      h('span', {}, pick(ctx, facts.benchmark), updated(ctx, facts.benchmark.updated)),
    );
  if (facts.policy)
    row(text(ctx, 'policy'), h('span', {}, pick(ctx, facts.policy), updated(ctx, facts.policy.updated)));
  if (facts.dividendPolicy)
    row(
      text(ctx, 'dividendPolicy'),
      h('span', {}, pick(ctx, facts.dividendPolicy), updated(ctx, facts.dividendPolicy.updated)),
    );
  const published = facts.risk || facts.fees || rows.length > 0;
  const section = h(
    'section',
    { class: 'facts', id: 'fund-facts' },
    h('h3', {}, text(ctx, 'factsTitle')),
    published ? null : h('p', { class: 'meta' }, text(ctx, 'noFacts')),
    facts.risk
      ? h(
          'div',
          { class: 'risk' },
          h('h4', {}, text(ctx, 'riskLevel'), updated(ctx, facts.risk.updated)),
          riskScale(ctx, facts.risk),
        )
      : null,
    rows.length > 0
      ? h(
          'dl',
          { class: 'facts-list' },
          ...rows.map(([label, value]) => h('div', {}, h('dt', {}, label), h('dd', {}, value))),
        )
      : null,
    facts.fees ? h('h4', {}, text(ctx, 'feesTitle'), updated(ctx, facts.fees.updated)) : null,
    facts.fees ? feesTable(ctx, facts.fees) : null,
    facts.dividendPolicy?.pays ? h('h4', {}, text(ctx, 'dividendsTitle')) : null,
    facts.dividendPolicy?.pays ? dividendsTable(ctx, dividends) : null,
    facts.links?.prospectus
      ? h(
          'p',
          {},
          h(
            'a',
            { href: facts.links.prospectus, rel: 'noopener noreferrer', target: '_blank' },
            text(ctx, 'prospectus'),
          ),
        )
      : null,
  );
  return { section, dividends };
}
