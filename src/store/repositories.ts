import type { Kysely } from 'kysely';
import { DepositRepository } from './deposit-repo.js';
import { FundRepository, type ListedFund } from './fund-repo.js';
import { FxRepository, type FxDailySeries } from './fx-repo.js';
import { FxRoundsRepository } from './fx-rounds-repo.js';
import { KeyRepository } from './key-repo.js';
import { LoanRepository } from './loan-repo.js';
import type { PriceSeries } from '../domain/price-series.js';
import type { NavSeriesCache } from './nav-series-cache.js';
import type { Database, Fund } from './schema.js';
import type { SeriesCache } from './series-cache.js';

export interface Repositories {
  funds: FundRepository;
  fx: FxRepository;
  fxRounds: FxRoundsRepository;
  deposits: DepositRepository;
  loans: LoanRepository;
  keys: KeyRepository;
}

/** Series kept in memory until the data changes, when the app keeps them (the API's reads). */
export interface SeriesCaches {
  nav?: NavSeriesCache;
  fxDaily?: SeriesCache<string, FxDailySeries>;
  funds?: SeriesCache<string, { fund: Fund | undefined }>;
  fundListing?: SeriesCache<'all', { funds: ListedFund[] }>;
  prices?: SeriesCache<number, PriceSeries>;
}

export function createRepositories(db: Kysely<Database>, series: SeriesCaches = {}): Repositories {
  return {
    funds: new FundRepository(db, series.nav, series.funds, series.fundListing, series.prices),
    fx: new FxRepository(db, series.fxDaily),
    fxRounds: new FxRoundsRepository(db),
    deposits: new DepositRepository(db),
    loans: new LoanRepository(db),
    keys: new KeyRepository(db),
  };
}
