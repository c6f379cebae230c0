import type { Kysely } from 'kysely';
import type { ProductRate } from './product-rate.js';
import type { Database } from '../store/schema.js';

/** What the group's routes are handed (by src/composition/repositories.ts): its own repositories only. */
export interface InterestRateRepositories {
  deposits: ProductRateRepository;
  loans: ProductRateRepository;
}

/** Deposit products (GetDepositRate) or loan rates (GetLoanRate): the same tables by another name. */
export type ProductKind = 'deposit' | 'loan';

export class ProductRateRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: ProductKind,
  ) {}

  /**
   * Each product's rate with the latest effective date not after `day`, in display order: a rate
   * announced for a later date is not served before it.
   */
  ratesOn(day: string): Promise<ProductRate[]> {
    // The loan tables have the deposit tables' columns (schema.ts), so the deposit types stand for both.
    const products = `${this.kind}_products` as 'deposit_products';
    const rates = `${this.kind}_rates` as 'deposit_rates';
    return this.db
      .selectFrom(`${products} as p`)
      .innerJoin(`${rates} as r`, 'r.product_id', 'p.id')
      .select(['p.name_en', 'p.name_th', 'r.rate', 'r.effective_date', 'r.submitted_at'])
      .where('r.effective_date', '=', (eb) =>
        eb
          .selectFrom(`${rates} as latest`)
          .select((e) => e.fn.max('latest.effective_date').as('effective_date'))
          .whereRef('latest.product_id', '=', 'p.id')
          .where('latest.effective_date', '<=', day),
      )
      .orderBy('p.display_order')
      .orderBy('p.id')
      .execute();
  }
}
