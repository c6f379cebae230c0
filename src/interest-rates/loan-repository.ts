import type { Kysely } from 'kysely';
import type { ProductRate } from './product-rate.js';
import type { Database } from '../store/schema.js';

export class LoanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Each loan rate's (MLR, MOR, MRR, loan products) rate with the latest effective date not after
   * `today`, in display order: a rate announced for a later date is not served before it.
   */
  currentRates(today: string): Promise<ProductRate[]> {
    return this.db
      .selectFrom('loan_products as p')
      .innerJoin('loan_rates as r', 'r.product_id', 'p.id')
      .select(['p.name_en', 'p.name_th', 'r.rate', 'r.effective_date', 'r.submitted_at'])
      .where('r.effective_date', '=', (eb) =>
        eb
          .selectFrom('loan_rates as latest')
          .select((e) => e.fn.max('latest.effective_date').as('effective_date'))
          .whereRef('latest.product_id', '=', 'p.id')
          .where('latest.effective_date', '<=', today),
      )
      .orderBy('p.display_order')
      .orderBy('p.id')
      .execute();
  }
}
