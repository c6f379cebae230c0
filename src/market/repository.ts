import type { Kysely } from 'kysely';
import { byCodeThenNumber } from '../domain/market-summary.js';
import type { Database } from '../store/schema.js';

/** A day's summary as stored: its day and values (code, number, value). */
export interface StoredSummary {
  day: string;
  values: { code: string; number: number; value: string }[];
}

export class MarketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The latest day's summary, values by code then number; undefined before any. */
  async latest(): Promise<StoredSummary | undefined> {
    const last = await this.db
      .selectFrom('market_summary_dates')
      .select((e) => e.fn.max('summary_date').as('day'))
      .executeTakeFirst();
    const day = last?.day;
    if (!day) return undefined;
    const values = await this.db
      .selectFrom('market_summary')
      .select(['code', 'number', 'value'])
      .where('summary_date', '=', day)
      .execute();
    // Sorted here, not by the database: a PostgreSQL collation may order text its own way.
    return { day, values: values.sort(byCodeThenNumber) };
  }
}
