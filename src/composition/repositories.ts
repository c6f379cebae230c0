import type { Kysely } from 'kysely';
import { FundRepository } from '../funds/repository.js';
import { FxRepository } from '../exchange-rates/repository.js';
import { FxRoundsRepository } from '../exchange-rates/rounds-repository.js';
import { KeyRepository } from '../store/key-repo.js';
import { ProductRateRepository } from '../interest-rates/repository.js';
import { MarketRepository } from '../market/repository.js';
import type { Caches } from './caches.js';
import type { Database } from '../store/schema.js';

// Built here, above the groups; src/routes/api.ts hands each group's routes its own part.
export interface Repositories {
  funds: FundRepository;
  fx: FxRepository;
  fxRounds: FxRoundsRepository;
  deposits: ProductRateRepository;
  loans: ProductRateRepository;
  market: MarketRepository;
  keys: KeyRepository;
}

/** The repositories on `db`, with the caches of src/composition/caches.ts (makeCaches, or noCaches). */
export function createRepositories(db: Kysely<Database>, caches: Caches): Repositories {
  return {
    funds: new FundRepository(db, caches),
    fx: new FxRepository(db, caches),
    fxRounds: new FxRoundsRepository(db),
    deposits: new ProductRateRepository(db, 'deposit'),
    loans: new ProductRateRepository(db, 'loan'),
    market: new MarketRepository(db),
    keys: new KeyRepository(db),
  };
}
