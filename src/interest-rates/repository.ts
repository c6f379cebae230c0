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
   * announced for a later date is not served before it. Each product's latest date is found once, in
   * one pass over the rates, rather than by a subquery for every rate of it: as of a past batch that
   * subquery scanned the product's rates back to one served then, for each of its rates (GetLoanRate
   * as of its first batch, with no rates yet: 3.6 ms at market scale, the latest answer 0.1 ms).
   */
  ratesOn(day: string): Promise<ProductRate[]> {
    // The loan tables have the deposit tables' columns (schema.ts), so the deposit types stand for both.
    const products = `${this.kind}_products` as 'deposit_products';
    const rates = `${this.kind}_rates` as 'deposit_rates';
    return this.db
      .selectFrom(`${products} as p`)
      .innerJoin(
        (eb) =>
          eb
            .selectFrom(rates)
            .select((e) => ['product_id', e.fn.max('effective_date').as('effective_date')])
            .where('effective_date', '<=', day)
            .groupBy('product_id')
            .as('latest'),
        (join) => join.onRef('latest.product_id', '=', 'p.id'),
      )
      .innerJoin(`${rates} as r`, (join) =>
        join
          .onRef('r.product_id', '=', 'latest.product_id')
          .onRef('r.effective_date', '=', 'latest.effective_date'),
      )
      .select(['p.name_en', 'p.name_th', 'r.rate', 'r.effective_date', 'r.submitted_at'])
      .orderBy('p.display_order')
      .orderBy('p.id')
      .execute();
  }
}
