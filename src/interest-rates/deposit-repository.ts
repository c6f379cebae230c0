import type { Kysely } from 'kysely';
import type { ProductRate } from './product-rate.js';
import type { Database } from '../store/schema.js';

export class DepositRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Each product's rate with the latest effective date not after `today`, in display order. */
  currentRates(today: string): Promise<ProductRate[]> {
    return this.db
      .selectFrom('deposit_products as p')
      .innerJoin('deposit_rates as r', 'r.product_id', 'p.id')
      .select(['p.name_en', 'p.name_th', 'r.rate', 'r.effective_date', 'r.submitted_at'])
      .where('r.effective_date', '=', (eb) =>
        eb
          .selectFrom('deposit_rates as latest')
          .select((e) => e.fn.max('latest.effective_date').as('effective_date'))
          .whereRef('latest.product_id', '=', 'p.id')
          .where('latest.effective_date', '<=', today),
      )
      .orderBy('p.display_order')
      .orderBy('p.id')
      .execute();
  }
}
