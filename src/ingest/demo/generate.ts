import { DEFAULTS } from '../../settings.js';
import type { Store } from '../../store/db.js';
import { bangkokToday, dateParts, isRealDate } from '../../domain/dates.js';
import { businessDays } from '../../domain/thai-calendar.js';
import { publishBatch, type BatchWriter } from '../../store/publisher.js';
import type { NewVersionedRow, VersionedTableName } from '../../store/versioned-tables.js';
import type { NewFxRate } from '../../store/schema.js';
import { FUND_CATEGORIES } from './catalog.js';
import { depositProductRows, depositRateRows } from './deposits.js';
import { fundPriceRows, priceCalendar } from './fund-prices.js';
import { loanProductRows, loanRateRows } from './loans.js';
import { planFunds } from './funds.js';
import { fxFamilyRows } from './fx-families.js';
import { FxRateGenerator } from './fx-rates.js';
import { MarketSummaryGenerator } from './market-summary.js';

export interface DemoOptions {
  seed?: number;
  scale?: 'default' | 'market';
  /** Last day of the history, 'YYYY-MM-DD'; today in Bangkok by default. */
  until?: string;
  onProgress?: (message: string) => void;
}

export interface DemoSummary {
  funds: number;
  categories: number;
  fundPrices: number;
  fxFamilies: number;
  fxRates: number;
  depositProducts: number;
  depositRates: number;
  loanProducts: number;
  loanRates: number;
  /** Values of the daily market summary: 60 a business day. */
  marketSummary: number;
  batches: number;
  from: string;
  until: string;
}

export const DEFAULT_DEMO_SEED = DEFAULTS.demoSeed;

// The history starts on a fixed day, whatever `until` is, so a later `until` only appends days.
// `fundsPerBatch` keeps every transaction (and what it holds in memory) bounded at market scale.
interface Scale {
  from: string;
  funds: number;
  fundsPerBatch: number;
}

const SCALES: Readonly<Record<string, Scale>> = {
  default: { from: '2014-01-02', funds: 120, fundsPerBatch: 100 },
  market: { from: '2006-01-03', funds: 2500, fundsPerBatch: 100 },
};

/** Rows handed to the writer at a time: large enough to amortise, small enough to stay bounded. */
const SLICE = 5000;
const META = { kind: 'demo', source: 'demo-generator' };

/** What the demo writes through: the batch writer's two writes, given rows as objects. */
export type DemoWriter = Pick<BatchWriter, 'upsert'> & {
  /** Rows of a versioned table, as BatchWriter.write takes them (objects only). */
  write<T extends VersionedTableName>(table: T, rows: NewVersionedRow<T>[]): Promise<void>;
};

/** Where the demo goes: batches into a database, or files in the import formats. */
export interface DemoTarget {
  batch(write: (writer: DemoWriter) => Promise<void>): Promise<void>;
}

export function storeTarget(store: Store): DemoTarget {
  return { batch: async (write) => void (await publishBatch(store, META, write)) };
}

export function generateDemo(store: Store, options: DemoOptions = {}): Promise<DemoSummary> {
  return generateDemoInto(storeTarget(store), options);
}

/**
 * Writes a deterministic demo dataset: the same seed and `until` give identical rows. Reference data
 * goes first, then deposit rates, FX rates one batch per year, and fund prices a group of funds per
 * batch, so no batch is huge and nothing holds the whole history in memory.
 */
export async function generateDemoInto(target: DemoTarget, options: DemoOptions = {}): Promise<DemoSummary> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const scale = SCALES[options.scale ?? 'default'];
  if (!scale) throw new RangeError(`scale must be 'default' or 'market', got '${String(options.scale)}'`);
  const until = options.until ?? bangkokToday();
  const progress = options.onProgress ?? (() => undefined);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || !isRealDate(dateParts(until))) {
    throw new RangeError(`until must be a date 'YYYY-MM-DD', got '${until}'`);
  }
  if (until < scale.from) {
    throw new RangeError(`until (${until}) is before the history starts (${scale.from})`);
  }

  const plans = planFunds(seed, scale.funds);
  const families = fxFamilyRows();
  const products = depositProductRows();
  const loanProducts = loanProductRows();
  const summary: DemoSummary = {
    funds: plans.length,
    categories: FUND_CATEGORIES.length,
    fundPrices: 0,
    fxFamilies: families.length,
    fxRates: 0,
    depositProducts: products.length,
    depositRates: 0,
    loanProducts: loanProducts.length,
    loanRates: 0,
    marketSummary: 0,
    batches: 0,
    from: scale.from,
    until,
  };
  const publish = async (write: (writer: DemoWriter) => Promise<void>) => {
    await target.batch(write);
    summary.batches++;
  };

  await publish(async (w) => {
    await w.upsert('fund_categories', [...FUND_CATEGORIES]);
    await w.upsert(
      'funds',
      plans.map((p) => p.row),
    );
    await w.upsert('fx_families', families);
    await w.upsert('deposit_products', products);
    await w.upsert('loan_products', loanProducts);
  });
  progress(
    `Reference data: ${plans.length} funds, ${families.length} FX families, ${products.length} deposit products`,
  );

  const deposits = depositRateRows(seed, scale.from, until);
  await publish((w) => w.write('deposit_rates', deposits));
  summary.depositRates = deposits.length;
  progress(`Deposit rates: ${deposits.length} rows`);

  const loans = loanRateRows(seed, scale.from, until);
  await publish((w) => w.write('loan_rates', loans));
  summary.loanRates = loans.length;
  progress(`Loan rates: ${loans.length} rows`);

  const fx = new FxRateGenerator(seed);
  for (let year = Number(scale.from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    const first = `${year}-01-01` < scale.from ? scale.from : `${year}-01-01`;
    const last = `${year}-12-31` > until ? until : `${year}-12-31`;
    await publish(async (w) => {
      let rows: NewFxRate[] = [];
      for (const day of businessDays(first, last)) {
        rows.push(...fx.ratesOn(day));
        if (rows.length >= SLICE) {
          await w.write('fx_rates', rows);
          summary.fxRates += rows.length;
          rows = [];
        }
      }
      await w.write('fx_rates', rows);
      summary.fxRates += rows.length;
    });
    progress(`FX rates: ${year} done, ${summary.fxRates} rows`);
  }

  // The market summary a year per batch, as FX rates (the import takes one day per batch; the demo
  // writes through the batch writer, which has no such rule).
  const market = new MarketSummaryGenerator(seed);
  for (let year = Number(scale.from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    const first = `${year}-01-01` < scale.from ? scale.from : `${year}-01-01`;
    const last = `${year}-12-31` > until ? until : `${year}-12-31`;
    await publish(async (w) => {
      const rows = [...businessDays(first, last)].flatMap((day) => market.rowsOn(day));
      await w.write('market_summary', rows);
      summary.marketSummary += rows.length;
    });
  }
  progress(`Market summary: ${summary.marketSummary} values`);

  const calendar = priceCalendar(scale.from, until);
  for (let start = 0; start < plans.length; start += scale.fundsPerBatch) {
    const group = plans.slice(start, start + scale.fundsPerBatch);
    await publish(async (w) => {
      // one fund's history (a few thousand rows) at a time
      for (const plan of group) {
        const rows = fundPriceRows(seed, plan, calendar);
        await w.write('fund_prices', rows);
        summary.fundPrices += rows.length;
      }
    });
    progress(`Fund prices: ${start + group.length}/${plans.length} funds, ${summary.fundPrices} rows`);
  }
  return summary;
}
