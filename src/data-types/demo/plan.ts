import type { FundPlan } from './funds.js';

/** What every type's demo rows are made from: one seed, one history, one set of funds. */
export interface DemoPlan {
  seed: number;
  /** The history's first and last days, 'YYYY-MM-DD'. */
  from: string;
  until: string;
  /** The demo's funds (their rows, and what their prices are made from). */
  funds: readonly FundPlan[];
  /** Funds whose prices go in one batch: every transaction stays bounded at market scale. */
  fundsPerBatch: number;
}

/** The history's years, each as its first and last day within [from, until]. */
export function* yearsOf(plan: DemoPlan): Generator<{ first: string; last: string }> {
  for (let year = Number(plan.from.slice(0, 4)); year <= Number(plan.until.slice(0, 4)); year++) {
    const first = `${year}-01-01` < plan.from ? plan.from : `${year}-01-01`;
    const last = `${year}-12-31` > plan.until ? plan.until : `${year}-12-31`;
    yield { first, last };
  }
}

/** Rows handed to the writer at a time: large enough to amortise, small enough to stay bounded. */
export const SLICE = 5000;

/** `rows` in slices of at most SLICE. */
export function* sliced<T>(rows: Iterable<T>): Generator<T[]> {
  let slice: T[] = [];
  for (const row of rows) {
    slice.push(row);
    if (slice.length >= SLICE) {
      yield slice;
      slice = [];
    }
  }
  yield slice;
}
