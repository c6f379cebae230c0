import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketRowProblem, MARKET_ROWS_A_DAY } from '../../src/domain/market-summary.js';
import { businessDays, isThaiBusinessDay } from '../../src/domain/thai-calendar.js';
import { FUND_CATEGORIES } from '../../src/data-types/demo/catalog.js';
import { depositRateRows, DEPOSIT_PRODUCTS } from '../../src/data-types/demo/deposits.js';
import { fundPriceRows, priceCalendar } from '../../src/data-types/demo/fund-prices.js';
import { planFunds } from '../../src/data-types/demo/funds.js';
import { FX_FAMILIES } from '../../src/data-types/demo/fx-families.js';
import { FxRateGenerator, roundTimes } from '../../src/data-types/demo/fx-rates.js';
import { CsvFilesTarget } from '../../src/ingest/demo/files.js';
import { DATA_TYPES, tableNameOf } from '../../src/data-types/index.js';
import { generateDemo, generateDemoInto, type DemoOptions } from '../../src/ingest/demo/generate.js';
import { collectInputs } from '../../src/ingest/files.js';
import { runImport } from '../../src/ingest/import.js';
import type { Store } from '../../src/store/db.js';
import { openTestStore } from '../helpers/store.js';

const SEED = 20260101;
const FAMILY_ORDER =
  'USD1 USD5 USD50 GBP EUR JPY HKD MYR SGD BND CNY IDR MMK INR KRW LAK PHP TWD AUD NZD CHF DKK NOK SEK CAD RUB VND ZAR AED BHD OMR QAR SAR'.split(
    ' ',
  );
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9\-&+._()]{0,39}$/;

const dir = mkdtempSync(join(tmpdir(), 'demo-test-'));
const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let opened = 0;
async function freshStore(): Promise<Store> {
  // Numbered before the first await: tests of this file open stores concurrently.
  const store = await openTestStore(dir, `db-${opened++}.sqlite`);
  stores.push(store);
  return store;
}

async function generated(options: DemoOptions): Promise<Store> {
  const store = await freshStore();
  await generateDemo(store, options);
  return store;
}

/** A digest of every generated value of every type (not of ids or batch numbers), `until` a date if given. */
async function digest(store: Store, until = '9999-12-31'): Promise<string> {
  const parts: unknown[] = [];
  for (const type of DATA_TYPES) {
    // A type without a day (a fund's facts) is the state on the last day, which a later one updates:
    // only a digest of the whole dataset holds it.
    if (type.kind === 'published' && type.day === undefined && until !== '9999-12-31') continue;
    const columns = sql.join(Object.keys(type.columns).map((c) => sql.ref(c)));
    const order = sql.join(type.keys.map((k) => sql.ref(k)));
    const upTo =
      type.kind === 'published' && type.day !== undefined
        ? sql`where ${sql.ref(type.day)} <= ${until}`
        : sql``;
    const { rows } =
      await sql`select ${columns} from ${sql.table(tableNameOf(type))} ${upTo} order by ${order}`.execute(
        store.db,
      );
    parts.push(rows);
  }
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

describe('demo funds', () => {
  const plans = planFunds(SEED, 120);

  it('has at least 100 funds in at least 8 categories with English and Thai names', () => {
    expect(plans.length).toBeGreaterThanOrEqual(100);
    expect(FUND_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(plans.map((p) => p.row.category_id)).size).toBe(FUND_CATEGORIES.length);
    for (const { row } of plans) {
      expect(row.name_en).toMatch(/ Fund/);
      expect(row.name_th).toMatch(/^กองทุนเปิด[\u0E00-\u0E7F]/);
      expect(row.link_en).toBe(`https://funds.example.com/en/fund/${row.code}`);
      expect(row.link_th).toBe(`https://funds.example.com/th/fund/${row.code}`);
      expect(row.factsheet_url).toBe(`https://funds.example.com/factsheet/${row.code}.pdf`);
    }
    const shortNames = plans.filter((p) => p.row.name_th_short !== null).length;
    expect(shortNames).toBeGreaterThan(0);
    expect(shortNames).toBeLessThan(plans.length);
  });

  it('gives unique, well-formed short codes', () => {
    const codes = plans.map((p) => p.row.code);
    expect(new Set(codes.map((c) => c.toUpperCase())).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect(codes).toContain('B-TREASURY');
    expect(codes).toContain('B-GLOBALEQ-R');
  });

  it('keeps codes unique at market scale too', () => {
    const market = planFunds(SEED, 2500);
    expect(market).toHaveLength(2500);
    expect(new Set(market.map((p) => p.row.code.toUpperCase())).size).toBe(2500);
    expect(market.slice(0, 120).map((p) => p.row)).toEqual(plans.map((p) => p.row));
  });

  it('launches about 10-15% of funds late, inside 2020-2025', () => {
    const late = plans.filter((p) => p.inception !== '');
    expect(late.length / plans.length).toBeGreaterThanOrEqual(0.08);
    expect(late.length / plans.length).toBeLessThanOrEqual(0.18);
    for (const p of late) expect(p.inception >= '2020-12-01' && p.inception <= '2025-10-31').toBe(true);
  });

  it('prices offer >= NAV >= redemption, money-market funds at one price', () => {
    const calendar = priceCalendar('2014-01-02', '2015-12-31');
    for (const plan of plans) {
      const rows = fundPriceRows(SEED, plan, calendar);
      if (plan.inception === '') expect(rows[0]).toMatchObject({ price_date: '2014-01-02', nav: 10 });
      for (const r of rows) {
        expect(r.offer >= r.nav && r.nav >= r.redemption && r.redemption > 0).toBe(true);
        if (plan.row.category_id === 1) expect(r.offer === r.nav && r.nav === r.redemption).toBe(true);
      }
    }
  });
});

describe('demo FX rates', () => {
  it('has 3 to 5 update rounds a day, the same for every family', () => {
    for (const day of ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09']) {
      const times = roundTimes(SEED, day);
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(times.length).toBeLessThanOrEqual(5);
      expect([...times].sort()).toEqual(times);
      for (const t of times) expect(t).toMatch(/^\d{2}:\d{2}$/);
    }
  });

  it('quotes selling TT > buying TT >= sight bill >= notes, rounded to the family decimals', () => {
    const fx = new FxRateGenerator(SEED);
    const decimals = new Map(FX_FAMILIES.map((f) => [f.code, f.decimals]));
    for (const day of priceCalendar('2014-01-02', '2014-06-30').days) {
      for (const r of fx.ratesOn(day)) {
        const d = decimals.get(r.family_code) ?? 0;
        for (const v of [r.buying_notes, r.selling_notes, r.buying_sight_bill, r.selling_tt, r.buying_tt]) {
          if (v !== null && v !== undefined) expect(Number(v.toFixed(d))).toBe(v);
        }
        if (r.buying_notes != null && r.selling_notes != null)
          expect(r.buying_notes).toBeLessThan(r.selling_notes);
        if (r.buying_tt != null && r.selling_tt != null && r.buying_sight_bill != null) {
          expect(r.selling_tt).toBeGreaterThan(r.buying_tt);
          expect(r.buying_tt).toBeGreaterThanOrEqual(r.buying_sight_bill);
          if (r.buying_notes != null) expect(r.buying_sight_bill).toBeGreaterThanOrEqual(r.buying_notes);
        }
      }
    }
  });
});

describe('demo deposit rates', () => {
  it('has at least 12 products, rates as 2-decimal strings, published before they take effect', () => {
    expect(DEPOSIT_PRODUCTS.length).toBeGreaterThanOrEqual(12);
    const rows = depositRateRows(SEED, '2014-01-02', '2026-11-20');
    for (const product of DEPOSIT_PRODUCTS) {
      const own = rows.filter((r) => r.product_id === product.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own[0]?.effective_date).toBe('2014-01-02');
    }
    for (const r of rows) {
      expect(r.rate).toMatch(/^\d\.\d{2}$/);
      expect(r.effective_date <= '2026-11-20').toBe(true);
      expect(r.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r.submitted_at < r.effective_date).toBe(true);
    }
  });
});

describe('generateDemo on a short span', () => {
  it('writes identical data for the same seed and different data for another', async () => {
    const until = '2014-03-14';
    const [a, b, c] = await Promise.all([
      generated({ until }),
      generated({ until, seed: SEED }),
      generated({ until, seed: 7 }),
    ]);
    const [ha, hb, hc] = await Promise.all([digest(a), digest(b), digest(c)]);
    expect(ha).toBe(hb);
    expect(hc).not.toBe(ha);
  });

  it('only appends days when `until` is later (and the days funds investing abroad had not published)', async () => {
    const [short, long] = await Promise.all([
      generated({ until: '2014-02-14' }),
      generated({ until: '2014-03-14' }),
    ]);
    // Up to a week before the short history's end, past the two business days a late fund lags.
    expect(await digest(long, '2014-02-07')).toBe(await digest(short, '2014-02-07'));
    expect(await digest(long, '2014-02-14')).not.toBe(await digest(short));
  });

  it('as import files (rates demo --out), imports into an empty database as one batch', async () => {
    const out = join(dir, 'files');
    const target = new CsvFilesTarget(out);
    await generateDemoInto(target, { until: '2014-01-17' });
    await target.close();
    const store = await freshStore();
    const report = await runImport(store, (await collectInputs(out)).inputs, { source: 'test' });
    expect(report).toMatchObject({ status: 'committed', errorCount: 0 });
  });

  it('refuses a malformed `until` or one before the history starts', async () => {
    const store = await freshStore();
    await expect(generateDemo(store, { until: '2014-13-01' })).rejects.toThrow(/until/);
    await expect(generateDemo(store, { until: '2013-12-31' })).rejects.toThrow(/before the history/);
  });
});

describe('the full default dataset', () => {
  let store: Store;
  const until = '2026-11-20';
  let summary: Awaited<ReturnType<typeof generateDemo>>;
  beforeAll(async () => {
    store = await freshStore();
    summary = await generateDemo(store, { until });
  });

  const count = async (query: Promise<{ n: number | bigint | string }>) => Number((await query).n);

  it('has the expected row counts', async () => {
    const { db } = store;
    expect(summary).toMatchObject({ from: '2014-01-02', until });
    expect(summary.counts['fx-families']).toBe(33);
    expect(
      await count(
        db
          .selectFrom('funds')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    ).toBe(summary.counts.funds);
    expect(summary.counts.funds).toBeGreaterThanOrEqual(100);
    expect(summary.counts['fund-categories']).toBeGreaterThanOrEqual(8);
    expect(summary.counts['fund-prices']).toBeGreaterThan(300_000);
    expect(summary.counts['fx-rates']).toBeGreaterThan(300_000);
    expect(summary.counts['deposit-products']).toBeGreaterThanOrEqual(12);
    expect(summary.counts['market-summary']).toBe(
      [...businessDays('2014-01-02', until)].length * MARKET_ROWS_A_DAY,
    );
    const prices = await count(
      db
        .selectFrom('fund_prices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(prices).toBe(summary.counts['fund-prices']);
    const batches = await db.selectFrom('batches').select(['kind', 'source', 'status']).distinct().execute();
    expect(batches).toEqual([{ kind: 'demo', source: 'demo-generator', status: 'committed' }]);
  });

  it('gives most funds at least 10 years of history up to `until`', async () => {
    const spans = await store.db
      .selectFrom('fund_prices')
      .select([
        'fund_id',
        (eb) => eb.fn.min('price_date').as('first'),
        (eb) => eb.fn.max('price_date').as('last'),
      ])
      .groupBy('fund_id')
      .execute();
    expect(spans.length).toBe(summary.counts.funds);
    // Funds investing abroad publish a day or two late: their last price is a business day or two
    // before `until` (2026-11-20 is a Friday), which AllFundPrices of `until` shows back-dated.
    const late = spans.filter((s) => s.last !== until);
    expect(late.length).toBeGreaterThanOrEqual(10);
    expect(new Set(late.map((s) => s.last))).toEqual(new Set(['2026-11-19', '2026-11-18']));
    const tenYears = spans.filter((s) => s.first <= '2016-11-20').length;
    expect(tenYears / spans.length).toBeGreaterThanOrEqual(0.8);
    expect(tenYears).toBeLessThan(spans.length);
  });

  it('has MLR, MOR, MRR and loan products with a history and a change announced for later', async () => {
    const names = await store.db
      .selectFrom('loan_products')
      .select('name_en')
      .orderBy('display_order')
      .execute();
    expect(names.slice(0, 3).map((p) => p.name_en)).toEqual([
      'Minimum Loan Rate (MLR)',
      'Minimum Overdraft Rate (MOR)',
      'Minimum Retail Rate (MRR)',
    ]);
    expect(names.length).toBeGreaterThanOrEqual(6);
    const rates = await store.db
      .selectFrom('loan_rates')
      .select(['product_id', 'effective_date', 'rate', 'submitted_at'])
      .execute();
    const byProduct = new Map<number, typeof rates>();
    for (const r of rates) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
    expect(byProduct.size).toBe(names.length);
    for (const rows of byProduct.values()) {
      expect(rows.filter((r) => r.effective_date <= until).length).toBeGreaterThanOrEqual(3);
      expect(rows.filter((r) => r.effective_date > until)).toHaveLength(1);
      expect(
        rows.every((r) => /^[0-9]+\.[0-9]{3}$/.test(r.rate) && r.submitted_at.slice(0, 10) <= until),
      ).toBe(true);
    }
  });

  it('has the market summary of every business day: all 60 values, each a good row, moving day to day', async () => {
    const rows = await store.db
      .selectFrom('market_summary')
      .select(['summary_date', 'code', 'number', 'value'])
      .execute();
    const byDay = new Map<string, typeof rows>();
    for (const r of rows) byDay.set(r.summary_date, [...(byDay.get(r.summary_date) ?? []), r]);
    expect([...byDay.keys()].sort()).toEqual([...businessDays('2014-01-02', until)]);
    for (const day of byDay.values()) expect(day).toHaveLength(MARKET_ROWS_A_DAY);
    expect(rows.filter((r) => marketRowProblem(r.code, r.number, r.value) !== undefined)).toEqual([]);
    // Moving: the reference rate differs from one day to the next nearly always, the policy rate
    // follows the demo's policy path, and the outlooks name the day's range.
    const series = (code: string, number: number) =>
      rows
        .filter((r) => r.code === code && r.number === number)
        .sort((a, b) => (a.summary_date < b.summary_date ? -1 : 1))
        .map((r) => r.value);
    const rr = series('RR', 1);
    const moves = rr.filter((v, i) => i > 0 && v !== rr[i - 1]).length;
    expect(moves / rr.length).toBeGreaterThan(0.95);
    expect(new Set(series('THBR', 1)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(series('FXMO', 1)).size).toBeGreaterThan(100);
    for (const wi of series('WI', 1)) expect(wi).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('keeps offer >= NAV >= redemption in every row', async () => {
    const bad = await store.db
      .selectFrom('fund_prices')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('offer', '<', eb.ref('nav')), eb('nav', '<', eb.ref('redemption'))]))
      .executeTakeFirstOrThrow();
    expect(Number(bad.n)).toBe(0);
  });

  it('has no price or rate on a weekend or a Thai holiday', async () => {
    const { db } = store;
    const priceDays = await db.selectFrom('fund_prices').select('price_date').distinct().execute();
    const rateDays = await db.selectFrom('fx_rates').select('rate_date').distinct().execute();
    const days = [...priceDays.map((d) => d.price_date), ...rateDays.map((d) => d.rate_date)];
    expect(days.filter((d) => !isThaiBusinessDay(d))).toEqual([]);
    for (const holiday of ['2025-04-14', '2025-12-05']) expect(days).not.toContain(holiday);
  });

  it('lists the 33 FX families in the bank order with their units', async () => {
    const families = await store.db.selectFrom('fx_families').selectAll().orderBy('display_order').execute();
    expect(families.map((f) => f.code)).toEqual(FAMILY_ORDER);
    const byCode = new Map(families.map((f) => [f.code, f]));
    expect(byCode.get('USD1')).toMatchObject({ name: 'US Dollar 1-2', description: 'USD: 1-2', unit: 1 });
    expect(byCode.get('JPY')).toMatchObject({ unit: 100, description: 'Japan (:100)' });
    expect(byCode.get('IDR')).toMatchObject({ unit: 1000, description: 'Indonesia (:1000)' });
    expect(byCode.get('VND')).toMatchObject({ unit: 1000, description: 'Vietnam (:1000)' });
  });

  it('quotes only bank notes for USD 1-2 and USD 5-20', async () => {
    const quoted = await store.db
      .selectFrom('fx_rates')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('family_code', 'in', ['USD1', 'USD5'])
      .where((eb) =>
        eb.or([
          eb('buying_sight_bill', 'is not', null),
          eb('selling_tt', 'is not', null),
          eb('buying_tt', 'is not', null),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(quoted.n)).toBe(0);
  });

  it('gives every fund its facts: risk by what it invests in, fees by category, dividends where the policy pays', async () => {
    const facts = await store.db
      .selectFrom('fund_facts as x')
      .innerJoin('funds as f', 'f.id', 'x.fund_id')
      .select(['f.code', 'f.category_id', 'x.risk_level', 'x.management_actual', 'x.management_max'])
      .select(['x.ter_actual', 'x.dividend_policy', 'x.front_end_actual', 'x.fees_updated'])
      .execute();
    expect(facts).toHaveLength(summary.counts.funds);
    expect(summary.counts['fund-facts']).toBe(summary.counts.funds);
    const riskOf = (category: number) =>
      new Set(facts.filter((f) => f.category_id === category).map((f) => f.risk_level));
    expect(riskOf(1)).toEqual(new Set(['1']));
    expect(riskOf(9)).toEqual(new Set(['8']));
    expect(riskOf(4)).toEqual(new Set(['6', '7'])); // sector funds one step higher
    for (const level of riskOf(5)) expect(['5', '6', '7']).toContain(level); // foreign bonds 5, equity 6-7
    expect(facts.find((f) => f.code === 'B-GOLD')?.risk_level).toBe('8');
    for (const f of facts) {
      expect(f.management_actual!).toBeLessThanOrEqual(f.management_max!);
      expect(f.ter_actual!).toBeGreaterThan(f.management_actual!);
      expect(f.fees_updated! <= until).toBe(true);
    }
    // Money-market funds charge less than equity funds.
    const mean = (c: number) => {
      const fees = facts.filter((f) => f.category_id === c).map((f) => f.ter_actual!);
      return fees.reduce((a, b) => a + b, 0) / fees.length;
    };
    expect(mean(1)).toBeLessThan(mean(4) / 3);
    const paying = facts.filter((f) => f.dividend_policy === 'Y').map((f) => f.code);
    expect(paying).toContain('B-FIXED-D');
    expect(paying).not.toContain('B-TREASURY');
    const dividends = await store.db
      .selectFrom('fund_dividends as d')
      .innerJoin('funds as f', 'f.id', 'd.fund_id')
      .select(['f.code', 'd.book_closing_date', 'd.payment_date', 'd.per_unit'])
      .execute();
    expect(dividends.length).toBe(summary.counts['fund-dividends']);
    expect(new Set(dividends.map((d) => d.code))).toEqual(new Set(paying));
    for (const d of dividends) {
      expect(d.payment_date > d.book_closing_date).toBe(true);
      expect(d.book_closing_date <= until).toBe(true);
      expect(d.per_unit).toBeGreaterThan(0);
    }
  });
});
