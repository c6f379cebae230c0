import type { Kysely } from 'kysely';
import type { HistoryEntry } from '../schemas/history.js';
import { RATE_COLUMNS } from './fx-rate-columns.js';
import type { Database } from './schema.js';

/**
 * What a fund price, a family's rates on a day, a loan rate or a day's market summary have been: served
 * value and earlier revisions.
 */
export class HistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async fundPrice(fundId: number, date: string): Promise<HistoryEntry[]> {
    const columns = ['nav', 'offer', 'redemption', 'total_net_assets'] as const;
    const served = await this.db
      .selectFrom('fund_prices')
      .select([...columns, 'batch_id'])
      .where('fund_id', '=', fundId)
      .where('price_date', '=', date)
      .execute();
    const revisions = await this.db
      .selectFrom('fund_price_revisions')
      .select([...columns, 'batch_id', 'replaced_by_batch_id', 'replaced_at'])
      .where('fund_id', '=', fundId)
      .where('price_date', '=', date)
      .orderBy('id', 'desc')
      .execute();
    return entries(served, revisions);
  }

  async fxRates(family: string, date: string): Promise<HistoryEntry[]> {
    const columns = ['round', 'rate_time', ...RATE_COLUMNS] as const;
    const served = await this.db
      .selectFrom('fx_rates')
      .select([...columns, 'batch_id'])
      .where('family_code', '=', family.toUpperCase())
      .where('rate_date', '=', date)
      .orderBy('round')
      .execute();
    const revisions = await this.db
      .selectFrom('fx_rate_revisions')
      .select([...columns, 'batch_id', 'replaced_by_batch_id', 'replaced_at'])
      .where('family_code', '=', family.toUpperCase())
      .where('rate_date', '=', date)
      .orderBy('round')
      .orderBy('id', 'desc')
      .execute();
    return entries(served, revisions);
  }

  /** A loan rate (MLR, MOR, MRR or a loan product, by id) of an effective date. */
  async loanRate(productId: number, effectiveDate: string): Promise<HistoryEntry[]> {
    const columns = ['rate', 'submitted_at'] as const;
    const served = await this.db
      .selectFrom('loan_rates')
      .select([...columns, 'batch_id'])
      .where('product_id', '=', productId)
      .where('effective_date', '=', effectiveDate)
      .execute();
    const revisions = await this.db
      .selectFrom('loan_rate_revisions')
      .select([...columns, 'batch_id', 'replaced_by_batch_id', 'replaced_at'])
      .where('product_id', '=', productId)
      .where('effective_date', '=', effectiveDate)
      .orderBy('id', 'desc')
      .execute();
    return entries(served, revisions);
  }

  /**
   * A day's market summary values (or one code's): the served ones by code and number, then every
   * replaced one, by code and number, newest first.
   */
  async marketSummary(date: string, code?: string): Promise<HistoryEntry[]> {
    const columns = ['code', 'number', 'value'] as const;
    let served = this.db
      .selectFrom('market_summary')
      .select([...columns, 'batch_id'])
      .where('summary_date', '=', date);
    let revisions = this.db
      .selectFrom('market_summary_revisions')
      .select([...columns, 'batch_id', 'replaced_by_batch_id', 'replaced_at'])
      .where('summary_date', '=', date);
    if (code !== undefined) {
      served = served.where('code', '=', code);
      revisions = revisions.where('code', '=', code);
    }
    return entries(
      await served.orderBy('code').orderBy('number').execute(),
      await revisions.orderBy('code').orderBy('number').orderBy('id', 'desc').execute(),
    );
  }
}

type Values = Record<string, number | string | null>;

/** The served value(s) first, then the revisions, newest first, in one shape. */
function entries(
  served: (Values & { batch_id: number })[],
  revisions: (Values & { batch_id: number; replaced_by_batch_id: number; replaced_at: string })[],
): HistoryEntry[] {
  return [
    ...served.map(({ batch_id, ...values }) => ({
      served: true,
      batchId: batch_id,
      replacedByBatchId: null,
      replacedAt: null,
      values,
    })),
    ...revisions.map(({ batch_id, replaced_by_batch_id, replaced_at, ...values }) => ({
      served: false,
      batchId: batch_id,
      replacedByBatchId: replaced_by_batch_id,
      replacedAt: replaced_at,
      values,
    })),
  ];
}
