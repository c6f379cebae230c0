import { FUND_CODE } from '../domain/fund-code.js';
import { name, order } from './columns.js';
import { column, reference, referenceType } from './define.js';
import { blankOr, integer, optional, string, url } from './fields.js';
import { once, RowError } from './row-context.js';

export const funds = referenceType({
  name: 'funds',
  label: 'funds',
  description: 'Funds (mf_iNumber), their codes, names and links',
  checks: 'known category; code unique among funds; http(s) links',
  what: 'fund',
  columns: {
    id: column(integer(1, 2_147_483_647)),
    code: column(string(40, FUND_CODE, 'a fund short code (letters, digits, - & + . _ ( ))')),
    category_id: reference<number>('fund-categories', integer(1, 9999)),
    name_en: name(),
    name_th: name(),
    /** mf_sThaLCD; the Thai name is served when null. */
    name_th_short: column(optional(string(300))),
    link_en: column(url),
    link_th: column(url),
    // A fund is listed before it has prices; its fact sheet is published only with them.
    factsheet_url: column(blankOr(url)),
    display_order: order(),
  },
  keys: ['id'],
  // A source names a fund it gives by its code (the number is the service's own).
  sourceKey: 'code',
  duplicate: (row) => `fund ${row.id}`,
  check: (row, _file, ctx) => {
    once(ctx, `fund code ${row.code.toUpperCase()}`);
    const owner = ctx.refs.fundByCode.get(row.code.toUpperCase());
    if (owner !== undefined && owner !== row.id)
      throw new RowError('code', `${row.code} is already the code of fund ${owner}`);
    ctx.refs.addFund(row.id, row.code);
  },
  // A fund is found by its short code in any case (FundPrice/{code}/...): the key of that search.
  derive: { code_key: (row: { code: string }) => row.code.toUpperCase() },
  resolve: (value, refs) => refs.resolveFund(String(value)),
  demo: async (plan) => plan.funds.map((p) => p.row),
});
