import type { ExpressionBuilder } from 'kysely';
import type { Database, FxRateTable } from '../store/schema.js';

/**
 * Whether the row `r` of fx_rates is its family's last round of its day (of the rounds up to `upTo`,
 * if given): no later round that day. Both SQLite and PostgreSQL answer it from the covering index,
 * a probe per row, faster than comparing with each day's max(round) (measured: CONTRIBUTING.md, Measurements behind the code).
 */
export function lastRoundOfDay(upTo?: number) {
  return ({ not, exists, selectFrom }: ExpressionBuilder<Database & { r: FxRateTable }, 'r'>) => {
    let later = selectFrom('fx_rates as later')
      .select('later.round')
      .whereRef('later.family_code', '=', 'r.family_code')
      .whereRef('later.rate_date', '=', 'r.rate_date')
      .whereRef('later.round', '>', 'r.round');
    if (upTo !== undefined) later = later.where('later.round', '<=', upTo);
    return not(exists(later));
  };
}
