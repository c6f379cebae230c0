import type { Kysely } from 'kysely';
import { DepositRepository } from './deposit-repo.js';
import { FundRepository } from './fund-repo.js';
import { FxRepository } from './fx-repo.js';
import { KeyRepository } from './key-repo.js';
import type { NavSeriesCache } from './nav-series-cache.js';
import type { Database } from './schema.js';

export interface Repositories {
  funds: FundRepository;
  fx: FxRepository;
  deposits: DepositRepository;
  keys: KeyRepository;
}

export function createRepositories(db: Kysely<Database>, navSeries?: NavSeriesCache): Repositories {
  return {
    funds: new FundRepository(db, navSeries),
    fx: new FxRepository(db),
    deposits: new DepositRepository(db),
    keys: new KeyRepository(db),
  };
}
