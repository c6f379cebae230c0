// Compare funds (issue 47, item 19): two to five funds on one chart, each rebased to 100 on the
// period's first day; and a sortable table of a category's returns, 1M to since inception, annualised
// where longer than a year. Loaded only when opened (#compare), so the first view stays light.
import type { DateInput, FundNameItem, FundPriceListItem } from '../../src/client/index.js';
import { lineChart } from './chart.js';
import { day, show, text, type Context, type View } from './context.js';
import { returnsCsv } from './csv-files.js';
import { addDays, fromDateTime, toSeconds } from './dates.js';
import { h, message } from './dom.js';
import {
  BASE_LOOKBACK_DAYS,
  baseDay,
  formatReturn,
  fundReturns,
  navOn,
  RETURN_WINDOWS,
  returnTitle,
  type ReturnWindow,
} from './returns.js';
import { periodParam, periodPicker, periodRange, readPeriod, type Period } from './period.js';

const MAX_FUNDS = 5;
/** The lines' colours, the same as the chips' (features.css .chips .line-N). */
const COLORS = ['#1d4ed8', '#b91c1c', '#15803d', '#a16207', '#7e22ce'];
const period: Period = { preset: '1Y' };
/** The column the returns are sorted by, and which way. */
let sort = { column: '1Y', descending: true };

export const compareView: View = async (ctx) => {
  if (ctx.linked) readPeriod(ctx.params.get('period'), period);
  const [[latestRow], funds] = await Promise.all([
    ctx.api.memo('latest-date', (c) => c.latestDate(), 5 * 60_000),
    ctx.api.memo('funds-names', (c) => c.allFundsName(), 5 * 60_000),
  ]);
  if (!latestRow || funds.length === 0) return show(ctx, message(text(ctx, 'noData'), 'empty'));
  const latest = fromDateTime(latestRow.mDate);
  const known = new Map(funds.map((f) => [f.mf_iNumber, f]));
  const codes = (ctx.params.get('funds') ?? '')
    .split(',')
    .filter((c, i, all) => known.has(c) && all.indexOf(c) === i)
    .slice(0, MAX_FUNDS);
  const categories = [...new Map(funds.map((f) => [f.mf_catenumber, f])).values()];
  const askedCategory = Number(ctx.params.get('category'));
  const category = categories.some((f) => f.mf_catenumber === askedCategory)
    ? askedCategory
    : (known.get(codes[0] ?? '')?.mf_catenumber ?? categories[0]!.mf_catenumber);
  const link = (next: { funds?: string[]; category?: number }) => {
    const params = new URLSearchParams({
      funds: (next.funds ?? codes).join(','),
      period: periodParam(period),
      category: String(next.category ?? category),
    });
    return `#compare?${params.toString().replace(/%2C/g, ',')}`;
  };
  const { from, to } = periodRange(period, latest);
  const keep = () =>
    ctx.keep([], { funds: codes.join(','), period: periodParam(period), category: String(category) });

  const chart = h('div', { class: 'chart', id: 'compare-chart' });
  const [series, returns] = await Promise.all([
    Promise.all(
      codes.map((code) =>
        ctx.api.memo(`prices/${code}/${from}/${to}`, (c) =>
          c.fundPriceByFundCode(code, from as DateInput, to as DateInput),
        ),
      ),
    ),
    categoryReturns(
      ctx,
      funds.filter((f) => f.mf_catenumber === category),
      latest,
    ),
  ]);
  show(
    ctx,
    h('h2', { id: 'compare-title' }, text(ctx, 'compareTitle')),
    h('p', { class: 'meta' }, text(ctx, 'compareHint', { n: MAX_FUNDS })),
    fundPicker(ctx, funds, codes, (next) => {
      ctx.focusAfter('#compare-add');
      ctx.navigate(link({ funds: next }));
    }),
    periodPicker(ctx, period, 'compare', { from, to }),
    codes.length >= 2 ? chart : message(text(ctx, 'comparePick'), 'info'),
    h('h2', { id: 'returns-title' }, text(ctx, 'returnsByCategory')),
    categoryPicker(ctx, categories, category, (c) => ctx.navigate(link({ category: c }))),
    returnsTable(ctx, returns, latest),
  );
  if (!ctx.current()) return;
  keep();
  if (codes.length < 2) return;
  // One day axis for all: each fund rebased to 100 on its first price of the period, its last value
  // carried over a day it has no price (a holiday of its own), so the lines do not break.
  const allDays = [...new Set(series.flatMap((s) => s.map((p) => fromDateTime(p.mfr_dDataDate))))].sort();
  lineChart(
    chart,
    allDays.map(toSeconds),
    codes.map((code, i) => {
      const navs = new Map(series[i]!.map((p) => [fromDateTime(p.mfr_dDataDate), p.mfr_fNav]));
      const base = series[i]![0]?.mfr_fNav;
      let last: number | null = null;
      const fund = known.get(code)!;
      return {
        label: `${code} ${ctx.lang === 'th' ? fund.mf_sTha : fund.mf_sEng}`,
        values: allDays.map((d) => {
          const nav = navs.get(d);
          if (nav !== undefined && base) last = (nav / base) * 100;
          return last;
        }),
        color: COLORS[i]!,
      };
    }),
    ctx.lang,
    { dayLabel: text(ctx, 'date'), decimals: 2 },
  );
};

/** The funds compared, each with a way to take it out, and a field to add one (up to five). */
function fundPicker(ctx: Context, funds: FundNameItem[], codes: string[], go: (codes: string[]) => void) {
  const name = (f: FundNameItem) => `${f.mf_iNumber} ${ctx.lang === 'th' ? f.mf_sTha : f.mf_sEng}`;
  const input = h('input', {
    id: 'compare-fund',
    type: 'text',
    list: 'compare-funds',
    autocomplete: 'off',
    placeholder: text(ctx, 'searchHint'),
    disabled: codes.length >= MAX_FUNDS,
  });
  const problem = h('p', { class: 'message error', id: 'compare-error', role: 'alert' });
  const add = () => {
    const typed = input.value.trim().toLowerCase();
    const found = funds.find(
      (f) =>
        f.mf_iNumber === typed || name(f).toLowerCase() === typed || name(f).toLowerCase().includes(typed),
    );
    if (!typed || !found) return void (problem.textContent = text(ctx, 'noMatch', { q: input.value }));
    if (!codes.includes(found.mf_iNumber)) go([...codes, found.mf_iNumber]);
  };
  const byCode = new Map(funds.map((f) => [f.mf_iNumber, f]));
  return h(
    'div',
    { class: 'compare-picker' },
    h(
      'ul',
      { class: 'chips', id: 'compare-funds-chosen', 'aria-label': text(ctx, 'compareChosen') },
      ...codes.map((code, i) =>
        h(
          'li',
          // Each chip in its line's colour (a class: the page's CSP allows no inline style).
          { class: `line-${i}` },
          h('a', { href: `#funds/${code}` }, name(byCode.get(code)!)),
          ' ',
          h(
            'button',
            {
              type: 'button',
              class: 'remove',
              'data-focus': `remove-${code}`,
              'aria-label': text(ctx, 'compareRemove', { fund: name(byCode.get(code)!) }),
              onclick: () => go(codes.filter((c) => c !== code)),
            },
            '×',
          ),
        ),
      ),
    ),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), add()) },
      h('label', { for: 'compare-fund' }, text(ctx, 'compareAdd')),
      input,
      h('datalist', { id: 'compare-funds' }, ...funds.map((f) => h('option', { value: name(f) }))),
      h(
        'button',
        { type: 'submit', id: 'compare-add', disabled: codes.length >= MAX_FUNDS },
        text(ctx, 'compareAddButton'),
      ),
    ),
    problem,
  );
}

function categoryPicker(
  ctx: Context,
  categories: FundNameItem[],
  current: number,
  go: (category: number) => void,
) {
  const select = h(
    'select',
    { id: 'returns-category' },
    ...categories.map((c) =>
      h(
        'option',
        { value: c.mf_catenumber, selected: c.mf_catenumber === current },
        ctx.lang === 'th' ? c.mf_cateTha : c.mf_cateEng,
      ),
    ),
  );
  select.addEventListener('change', () => go(Number(select.value)));
  return h(
    'p',
    { class: 'range' },
    h('label', { for: 'returns-category' }, text(ctx, 'category')),
    ' ',
    select,
  );
}

interface FundReturns {
  fund: FundNameItem;
  returns: Record<ReturnWindow, number | undefined>;
  /** SEC's risk level ('1' to '8', '8+') and the actual total expense ratio (% a year), when published. */
  risk?: string;
  ter?: number;
}

/**
 * Each fund's returns over the windows (returns.ts), from every fund's price on each window's base
 * day (AllFundPrices: one call a window for the whole category) and on the latest day; since
 * inception from each fund's first NAV (Fund_Nav_ByFundCode, one call a fund).
 */
async function categoryReturns(ctx: Context, funds: FundNameItem[], latest: string): Promise<FundReturns[]> {
  const windows = RETURN_WINDOWS.filter(([w]) => w !== 'since').map(([w]) => w);
  const onDay = (d: string) => ctx.api.memo(`all/${d}`, (c) => c.allFundPrices(d as DateInput), 5 * 60_000);
  // A base day with no fund priced (a weekend, a holiday: an empty list) falls back to the price day
  // before it.
  const onPriceDay = async (d: string) => {
    for (let back = 0; back < BASE_LOOKBACK_DAYS; back++) {
      const prices = await onDay(addDays(d, -back));
      if (prices.length > 0) return prices;
    }
    return [];
  };
  const [end, ...begins] = await Promise.all([
    onDay(latest),
    ...windows.map((w) => onPriceDay(baseDay(w, latest)!)),
  ]);
  const inception = await Promise.all(
    funds.map((f) =>
      ctx.api
        .memo(`stats/${f.mf_iNumber}/1990-01-01/${latest}`, (c) =>
          c.fundNavByFundCode(f.mf_iNumber, '1990-01-01' as DateInput, latest as DateInput),
        )
        .then((s) => s[0]),
    ),
  );
  // Each fund's facts (risk, TER), beside its returns; none from a service without the operation.
  const facts = await Promise.all(
    funds.map((f) =>
      ctx.api.memo(`facts/${f.mf_iNumber}`, (c) => c.fundFacts(f.mf_iNumber)).catch(() => null),
    ),
  );
  const priceOf = (list: FundPriceListItem[], code: string) => {
    const p = list.find((x) => x.mf_iNumber === code);
    return p ? navOn(p) : undefined;
  };
  return funds.map((fund, i) => {
    const s = inception[i];
    const first =
      s?.Begin_mfr_fNav && s.Begin_mfr_dDataDate
        ? { day: fromDateTime(s.Begin_mfr_dDataDate), nav: s.Begin_mfr_fNav }
        : undefined;
    const returns = fundReturns(priceOf(end!, fund.mf_iNumber), (w) =>
      w === 'since' ? first : priceOf(begins[windows.indexOf(w)]!, fund.mf_iNumber),
    );
    const f = facts[i];
    return {
      fund,
      returns,
      risk: f?.risk?.label,
      ter: f?.fees?.totalExpenseRatio.actual ?? undefined,
    };
  });
}

/** A total expense ratio as the table writes it: '0.68%', '–' when not published. */
const terText = (ter: number | undefined) => (ter === undefined ? '–' : `${ter.toFixed(2)}%`);

/** The returns, sorted by a column the reader picks (its heading is a button); missing ones last. */
function returnsTable(ctx: Context, rows: FundReturns[], latest: string): HTMLElement {
  if (rows.length === 0) return message(text(ctx, 'noData'), 'empty');
  const columns = RETURN_WINDOWS.map(([w]) => w);
  const title = (c: ReturnWindow) => returnTitle(ctx, c);
  const value = (r: FundReturns, c: string) => r.returns[c as ReturnWindow];
  const sorted = [...rows].sort((a, b) => {
    if (sort.column === 'fund')
      return a.fund.mf_iNumber.localeCompare(b.fund.mf_iNumber, 'en', { numeric: true });
    const [x, y] = [value(a, sort.column), value(b, sort.column)];
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return sort.descending ? y - x : x - y;
  });
  if (sort.column === 'fund' && sort.descending) sorted.reverse();
  const heading = (column: string, label: string, numeric: boolean) => {
    const active = sort.column === column;
    return h(
      'th',
      {
        scope: 'col',
        class: numeric ? 'num' : '',
        'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : undefined,
      },
      h(
        'button',
        {
          type: 'button',
          class: 'sort',
          'data-focus': `sort-${column}`,
          onclick: () => {
            sort = { column, descending: active ? !sort.descending : column !== 'fund' };
            ctx.rerender();
          },
        },
        label,
        active ? (sort.descending ? ' ↓' : ' ↑') : '',
      ),
    );
  };
  // The same order from a select: on a phone the table is a list of cards without its headings.
  const sortBy = h(
    'select',
    { id: 'returns-sort' },
    ...['fund', ...columns].map((c) =>
      h(
        'option',
        { value: c, selected: c === sort.column },
        c === 'fund' ? text(ctx, 'fund') : title(c as ReturnWindow),
      ),
    ),
  );
  sortBy.addEventListener('change', () => {
    sort = { column: sortBy.value, descending: sortBy.value !== 'fund' };
    ctx.focusAfter('#returns-sort');
    ctx.rerender();
  });
  return h(
    'div',
    {},
    h('p', { class: 'range' }, h('label', { for: 'returns-sort' }, text(ctx, 'sortBy')), ' ', sortBy),
    h(
      'div',
      { class: 'scroll', tabindex: 0, role: 'region', 'aria-labelledby': 'returns-title' },
      h(
        'table',
        { class: 'returns-table stack' },
        h('caption', { class: 'visually-hidden' }, text(ctx, 'returnsByCategory')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            heading('fund', text(ctx, 'fund'), false),
            ...columns.map((c) => heading(c, title(c), true)),
            h('th', { scope: 'col', class: 'num' }, text(ctx, 'riskShort')),
            h('th', { scope: 'col', class: 'num' }, text(ctx, 'terShort')),
          ),
        ),
        h(
          'tbody',
          {},
          ...sorted.map((r) =>
            h(
              'tr',
              {},
              h(
                'td',
                { 'data-label': text(ctx, 'fund') },
                h(
                  'a',
                  { href: `#funds/${r.fund.mf_iNumber}` },
                  `${r.fund.mf_iNumber} ${ctx.lang === 'th' ? r.fund.mf_sTha : r.fund.mf_sEng}`,
                ),
              ),
              ...columns.map((c) =>
                h('td', { class: 'num', 'data-label': title(c) }, formatReturn(value(r, c))),
              ),
              h('td', { class: 'num risk', 'data-label': text(ctx, 'riskShort') }, r.risk ?? '–'),
              h('td', { class: 'num ter', 'data-label': text(ctx, 'terShort') }, terText(r.ter)),
            ),
          ),
        ),
      ),
    ),
    h('p', { class: 'meta' }, text(ctx, 'returnsNote', { date: day(ctx, latest) })),
    returnsCsv(ctx, latest, sorted, columns),
  );
}
