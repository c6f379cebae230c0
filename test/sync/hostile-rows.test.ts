import { describe, expect, it } from 'vitest';
import { sync, syncFrom, type Service } from './services.js';
import { hostileSuite, json, type Handler } from './hostile.js';

// Issue 45, item 2: an upstream answers of the interface, but with rows `rates import` refuses. A sync
// checks every row with the import's own checks (src/ingest/specs.ts): a batch with a refused row
// publishes nothing, and the run says which operation, day and row, and why, as an import does.

const UNTIL = '2014-03-31';
const suite = hostileSuite(UNTIL);
const { upstream, mirror } = suite;

type Row = Record<string, unknown>;

/** A's answer to the requests whose path matches `path`, with its rows changed by `change`. */
const changing =
  (path: RegExp, change: (rows: Row[]) => void): Handler =>
  async (req, res, real) => {
    if (!path.test(req.url ?? '')) return false;
    const answer = await real();
    const rows = JSON.parse(answer.text) as Row[];
    change(rows);
    return json(res, rows, answer.status);
  };

/** Fund 101's prices (the first fund of the first batch of funds). */
const FUND_101 = /FundPrice_ByFundCode\/101\//;
/** The first Getfxrates a first sync reads: the last day with rates, every round. */
const LAST_FX_DAY = /Getfxrates\/31\/03\/2014\//;
const PRICES = /^FundPrice_ByFundCode \(fund 101, 1900-01-01 to \d{4}-\d{2}-\d{2}\)/.source;

const cases: {
  kind: string;
  handler: Handler;
  error: RegExp;
  published: (b: Service) => Promise<unknown[]>;
}[] = [
  {
    kind: 'a negative NAV',
    handler: changing(FUND_101, (rows) => (rows[2]!.mfr_fNav = -1)),
    error: new RegExp(
      `${PRICES}, row 3 \\(\\d{4}-\\d{2}-\\d{2}\\): nav: expected a number above 0, got '-1'$`,
    ),
    published: (b) => pricesOf(b, 101),
  },
  {
    kind: 'an offer below the NAV',
    handler: changing(FUND_101, (rows) => (rows[1]!.mfr_fSel = (rows[1]!.mfr_fNav as number) / 2)),
    error: new RegExp(
      `${PRICES}, row 2 \\(\\d{4}-\\d{2}-\\d{2}\\): offer: offer [\\d.]+ is below the NAV [\\d.]+$`,
    ),
    published: (b) => pricesOf(b, 101),
  },
  {
    kind: 'a price dated in year 9999',
    handler: changing(FUND_101, (rows) => (rows[0]!.mfr_dDataDate = '9999-01-04T00:00:00')),
    error: new RegExp(
      `${PRICES}, row 1 \\(9999-01-04\\): date: expected a real A.D. date, got '9999-01-04'$`,
    ),
    published: (b) => pricesOf(b, 101),
  },
  {
    kind: 'two prices of one fund and day',
    handler: changing(FUND_101, (rows) => rows.push({ ...rows[0]!, mfr_iId: 999_999 })),
    error: new RegExp(
      `${PRICES}, row \\d+ \\((\\d{4}-\\d{2}-\\d{2})\\): duplicate price of fund 101 on \\1 in this batch$`,
    ),
    published: (b) => pricesOf(b, 101),
  },
  {
    kind: 'a selling rate below the buying rate',
    handler: changing(LAST_FX_DAY, (rows) =>
      Object.assign(rows[0]!, { BuyingRates: '2.0000', SellingRates: '1.0000' }),
    ),
    error:
      /^Getfxrates 2014-03-31 round \d+, row 1 \(2014-03-31\): selling_notes: selling rate 1 is below the buying rate 2$/,
    published: (b) =>
      b.store.db.selectFrom('fx_rates').select('rate_date').where('rate_date', '>=', '2014-03-01').execute(),
  },
  {
    kind: 'a loan rate of 401 digits',
    handler: changing(/GetLoanRate$/, (rows) => (rows[0]!.LoanRates = '7'.repeat(401))),
    error:
      /^GetLoanRate, row 1 \(\d{4}-\d{2}-\d{2}\): rate: expected a percentage 0-100 with at most 4 decimals, got '7{40}\.\.\.'$/,
    // The catalogue's batch is the first: nothing at all is published.
    published: (b) => b.store.db.selectFrom('batches').select('id').execute(),
  },
  {
    kind: 'market summary values without their date',
    // GetMarketsum is [[{mktdate}], [values]]: the values stay, their day goes.
    handler: changing(/GetMarketsum$/, (answer) => void (answer as unknown as unknown[][])[0]!.splice(0)),
    error: /^GetMarketsum, row 1 \(\): date: expected a date YYYY-MM-DD, got ''$/,
    published: (b) => b.store.db.selectFrom('market_summary').select('code').execute(),
  },
];

function pricesOf(b: Service, fund: number): Promise<unknown[]> {
  return b.store.db.selectFrom('fund_prices').select('price_date').where('fund_id', '=', fund).execute();
}

describe('sync from a hostile upstream', () => {
  it.each(cases)(
    'refuses a batch with $kind: publishes nothing of it, and names the operation, day and row',
    async ({ handler, error, published }) => {
      const hostile = await upstream(handler);
      const b = await mirror();
      const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url });
      expect(summary.result).toBe('failed');
      expect(summary.error).toMatch(error);
      expect(await published(b)).toEqual([]);
    },
    120_000,
  );
});
