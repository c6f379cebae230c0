import { FUND_CODE } from '../domain/fund-code.js';
import type { BatchWriter } from '../store/publisher.js';
import { decodeRows, type RowSlice } from '../store/row-slice.js';
import { marketRowProblem, MAX_OUTLOOK_LENGTH } from '../domain/market-summary.js';
import type {
  DepositProductTable,
  NewDepositRate,
  NewFundPrice,
  NewFxRate,
  NewMarketSummaryRow,
} from '../store/schema.js';
import {
  blankOr,
  date,
  decimal,
  decimalText,
  integer,
  optional,
  string,
  time,
  timestamp,
  url,
} from './fields.js';
import type { References } from './references.js';
import { defineSpec, RowError, type ImportSpec, type ImportType, type RowContext } from './spec.js';

/** A product row of deposit-products or loan-products (the two tables have the same columns). */
type ProductRow = DepositProductTable;

const name = string(300);
const order = integer(0, 1_000_000);
const rate = optional(decimal(8));

/** Refuses a second row for the same key; `what` names the key, e.g. `fund 101`, `product 1`. */
function once(ctx: RowContext, what: string): void {
  if (ctx.ids.has(what)) throw new RowError(null, `duplicate ${what} in this batch`);
  ctx.ids.add(what);
}

function notFuture(ctx: RowContext, column: string, value: string): void {
  if (value > ctx.today) throw new RowError(column, `is after today (${ctx.today})`);
}

type V = Record<string, unknown>;
const n = (v: V, k: string) => v[k] as number;
const s = (v: V, k: string) => v[k] as string;
const ns = (v: V, k: string) => v[k] as number | null;
/** A slice's rows as the objects `build` made: reference rows are few, and are upserted as objects. */
const objects = <T>(rows: RowSlice) => decodeRows(rows) as unknown as T[];

export const SPECS: Readonly<Record<ImportType, ImportSpec>> = {
  'fund-categories': defineSpec({
    type: 'fund-categories',
    columns: { id: integer(1, 9999), name_en: name, name_th: name, display_order: order },
    build: (v, ctx) => {
      once(ctx, `category ${n(v, 'id')}`);
      ctx.refs.categories.add(n(v, 'id'));
      return {
        id: n(v, 'id'),
        name_en: s(v, 'name_en'),
        name_th: s(v, 'name_th'),
        display_order: n(v, 'display_order'),
      };
    },
    write: (w, rows) => w.upsert('fund_categories', objects(rows)),
  }),

  funds: defineSpec({
    type: 'funds',
    columns: {
      id: integer(1, 2_147_483_647),
      code: string(40, FUND_CODE, 'a fund short code (letters, digits, - & + . _ ( ))'),
      category_id: integer(1, 9999),
      name_en: name,
      name_th: name,
      name_th_short: optional(name),
      link_en: url,
      link_th: url,
      // A fund is listed before it has prices; its fact sheet is published only with them.
      factsheet_url: blankOr(url),
      display_order: order,
    },
    build: (v, ctx) => {
      const id = n(v, 'id');
      const code = s(v, 'code');
      once(ctx, `fund ${id}`);
      once(ctx, `fund code ${code.toUpperCase()}`);
      if (!ctx.refs.categories.has(n(v, 'category_id'))) {
        throw new RowError('category_id', `unknown category ${n(v, 'category_id')}`);
      }
      const owner = ctx.refs.fundByCode.get(code.toUpperCase());
      if (owner !== undefined && owner !== id)
        throw new RowError('code', `${code} is already the code of fund ${owner}`);
      ctx.refs.addFund(id, code);
      return {
        id,
        code,
        category_id: n(v, 'category_id'),
        name_en: s(v, 'name_en'),
        name_th: s(v, 'name_th'),
        name_th_short: v.name_th_short as string | null,
        link_en: s(v, 'link_en'),
        link_th: s(v, 'link_th'),
        factsheet_url: s(v, 'factsheet_url'),
        display_order: n(v, 'display_order'),
      };
    },
    write: (w, rows) => w.upsert('funds', objects(rows)),
  }),

  'fx-families': defineSpec({
    type: 'fx-families',
    columns: {
      code: string(10, /^[A-Za-z0-9]+$/, 'a family code of letters and digits'),
      description: string(100),
      name: string(100),
      unit: integer(1, 1_000_000),
      decimals: integer(0, 8),
      display_order: order,
    },
    build: (v, ctx) => {
      const code = s(v, 'code').toUpperCase();
      once(ctx, `family ${code}`);
      ctx.refs.families.add(code);
      return {
        code,
        description: s(v, 'description'),
        name: s(v, 'name'),
        unit: n(v, 'unit'),
        decimals: n(v, 'decimals'),
        display_order: n(v, 'display_order'),
      };
    },
    write: (w, rows) => w.upsert('fx_families', objects(rows)),
  }),

  'deposit-products': productSpec(
    'deposit-products',
    'product',
    (refs) => refs.products,
    (w, rows) => w.upsert('deposit_products', rows),
  ),

  'loan-products': productSpec(
    'loan-products',
    'loan product',
    (refs) => refs.loanProducts,
    (w, rows) => w.upsert('loan_products', rows),
  ),

  'fund-prices': defineSpec<NewFundPrice>({
    type: 'fund-prices',
    columns: {
      fund: string(40, FUND_CODE, 'a fund number or short code'),
      date,
      nav: decimal(6),
      offer: decimal(6),
      redemption: decimal(6),
      total_net_assets: optional(decimal(2, { allowZero: true })),
    },
    build: (v, ctx) => {
      const fund = ctx.refs.resolveFund(s(v, 'fund'));
      if (fund === undefined) throw new RowError('fund', `unknown fund ${s(v, 'fund')}`);
      notFuture(ctx, 'date', s(v, 'date'));
      const [nav, offer, redemption] = [n(v, 'nav'), n(v, 'offer'), n(v, 'redemption')];
      if (offer < nav) throw new RowError('offer', `offer ${offer} is below the NAV ${nav}`);
      if (redemption > nav)
        throw new RowError('redemption', `redemption ${redemption} is above the NAV ${nav}`);
      if (!ctx.dates.add(fund, s(v, 'date'))) {
        throw new RowError(null, `duplicate price of fund ${s(v, 'fund')} on ${s(v, 'date')} in this batch`);
      }
      return {
        fund_id: fund,
        price_date: s(v, 'date'),
        nav,
        offer,
        redemption,
        total_net_assets: ns(v, 'total_net_assets'),
      };
    },
    write: (w, rows) => w.write('fund_prices', rows),
  }),

  'fx-rates': defineSpec<NewFxRate>({
    type: 'fx-rates',
    columns: {
      family: string(10, /^[A-Za-z0-9]+$/, 'a family code'),
      date,
      round: integer(1, 99),
      time,
      buying_notes: rate,
      selling_notes: rate,
      buying_sight_bill: rate,
      selling_tt: rate,
      buying_tt: rate,
    },
    build: (v, ctx) => {
      const family = s(v, 'family').toUpperCase();
      if (!ctx.refs.families.has(family)) throw new RowError('family', `unknown family ${s(v, 'family')}`);
      notFuture(ctx, 'date', s(v, 'date'));
      const r = {
        buying_notes: ns(v, 'buying_notes'),
        selling_notes: ns(v, 'selling_notes'),
        buying_sight_bill: ns(v, 'buying_sight_bill'),
        selling_tt: ns(v, 'selling_tt'),
        buying_tt: ns(v, 'buying_tt'),
      };
      if (Object.values(r).every((x) => x === null)) throw new RowError(null, 'has no rate at all');
      if (r.buying_notes !== null && r.selling_notes !== null && r.selling_notes < r.buying_notes) {
        throw new RowError(
          'selling_notes',
          `selling rate ${r.selling_notes} is below the buying rate ${r.buying_notes}`,
        );
      }
      if (r.buying_tt !== null && r.selling_tt !== null && r.selling_tt < r.buying_tt) {
        throw new RowError(
          'selling_tt',
          `selling rate ${r.selling_tt} is below the buying rate ${r.buying_tt}`,
        );
      }
      if (!ctx.dates.add(`${family}|${n(v, 'round')}`, s(v, 'date'))) {
        throw new RowError(
          null,
          `duplicate rates of ${family} round ${n(v, 'round')} on ${s(v, 'date')} in this batch`,
        );
      }
      return {
        family_code: family,
        rate_date: s(v, 'date'),
        round: n(v, 'round'),
        rate_time: s(v, 'time'),
        ...r,
      };
    },
    write: (w, rows) => w.write('fx_rates', rows),
  }),

  'deposit-rates': rateSpec(
    'deposit-rates',
    'product',
    (refs) => refs.products,
    (w, rows) => w.write('deposit_rates', rows),
  ),

  'loan-rates': rateSpec(
    'loan-rates',
    'loan product',
    (refs) => refs.loanProducts,
    (w, rows) => w.write('loan_rates', rows),
  ),

  'market-summary': defineSpec<NewMarketSummaryRow>({
    type: 'market-summary',
    // The codes, their counts and the values' limits: domain/market-summary.ts.
    columns: {
      date,
      code: string(10),
      number: integer(1, 99),
      value: string(MAX_OUTLOOK_LENGTH),
    },
    build: (v, ctx) => {
      const [day, code, number, value] = [s(v, 'date'), s(v, 'code'), n(v, 'number'), s(v, 'value')];
      notFuture(ctx, 'date', day);
      // A batch is one day's summary (a correction of a day is a batch of that day).
      ctx.summaryDate ??= day;
      if (day !== ctx.summaryDate)
        throw new RowError(
          'date',
          `${day} is a second day in this batch (one day per batch: ${ctx.summaryDate})`,
        );
      const problem = marketRowProblem(code, number, value);
      if (problem) throw new RowError(problem.column, problem.reason);
      once(ctx, `market summary value ${code} ${number}`);
      return { summary_date: day, code, number, value };
    },
    write: (w, rows) => w.write('market_summary', rows),
  }),
};

/** Products of a rate list (deposit products, loan products): id, names, display order. */
function productSpec(
  type: ImportType,
  what: string,
  known: (refs: References) => Set<number>,
  upsert: (w: BatchWriter, rows: ProductRow[]) => Promise<void>,
): ImportSpec {
  return defineSpec<ProductRow>({
    type,
    columns: { id: integer(1, 1_000_000), name_en: name, name_th: name, display_order: order },
    build: (v, ctx) => {
      once(ctx, `${what} ${n(v, 'id')}`);
      known(ctx.refs).add(n(v, 'id'));
      return {
        id: n(v, 'id'),
        name_en: s(v, 'name_en'),
        name_th: s(v, 'name_th'),
        display_order: n(v, 'display_order'),
      };
    },
    write: (w, rows) => upsert(w, objects(rows)),
  });
}

/** Rates of products by effective date (deposit rates, loan rates), as published. */
function rateSpec(
  type: ImportType,
  what: string,
  known: (refs: References) => Set<number>,
  write: (w: BatchWriter, rows: RowSlice) => Promise<void>,
): ImportSpec {
  return defineSpec<NewDepositRate>({
    type,
    // A rate may be announced ahead of its effective date, so only the submission time must be past.
    columns: {
      product: integer(1, 1_000_000),
      effective_date: date,
      rate: decimalText(100, 4),
      submitted_at: timestamp,
    },
    build: (v, ctx) => {
      if (!known(ctx.refs).has(n(v, 'product')))
        throw new RowError('product', `unknown ${what} ${n(v, 'product')}`);
      notFuture(ctx, 'submitted_at', s(v, 'submitted_at').slice(0, 10));
      if (!ctx.dates.add(`${type}:${n(v, 'product')}`, s(v, 'effective_date'))) {
        throw new RowError(
          null,
          `duplicate rate of ${what} ${n(v, 'product')} on ${s(v, 'effective_date')} in this batch`,
        );
      }
      return {
        product_id: n(v, 'product'),
        effective_date: s(v, 'effective_date'),
        rate: s(v, 'rate'),
        submitted_at: s(v, 'submitted_at'),
      };
    },
    write,
  });
}
