import type { Kysely } from 'kysely';
import { DepositRepository } from './deposit-repo.js';
import { FundRepository } from './fund-repo.js';
import { FxRepository } from './fx-repo.js';
import { FxRoundsRepository } from './fx-rounds-repo.js';
import { KeyRepository } from './key-repo.js';
import { LoanRepository } from './loan-repo.js';
import type { Caches } from '../cache/caches.js';
import type { Database } from './schema.js';

export interface Repositories {
  funds: FundRepository;
  fx: FxRepository;
  fxRounds: FxRoundsRepository;
  deposits: DepositRepository;
  loans: LoanRepository;
  keys: KeyRepository;
}

/** The repositories on `db`, with the caches of src/cache/caches.ts (makeCaches, or noCaches). */
export function createRepositories(db: Kysely<Database>, caches: Caches): Repositories {
  return {
    funds: new FundRepository(db, caches),
    fx: new FxRepository(db, caches),
    fxRounds: new FxRoundsRepository(db),
    deposits: new DepositRepository(db),
    loans: new LoanRepository(db),
    keys: new KeyRepository(db),
  };
}
