import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A portal subscription past a warning's mark, with what its email says. */
export interface WarningCandidate {
  subscriptionId: number;
  name: string;
  developerId: number;
  /** Calls counted (the quota's) or refused with 429 (the rate limit's). */
  count: number;
  /** The daily quota, or the rate limit's calls and seconds. */
  calls: number;
  seconds: number | null;
}

/** What the quota and rate-limit warnings read (usage, the request log) and the record of those sent. */
export class WarningsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Active portal subscriptions with a daily quota and warnings on whose calls counted today (every
   * status class but 4xx, as the quota counts them) reached `share` of it.
   */
  async nearQuota(day: string, share: number): Promise<WarningCandidate[]> {
    const rows = await this.db
      .selectFrom('subscriptions as s')
      .innerJoin('usage as u', 'u.subscription_id', 's.id')
      .select(['s.id', 's.name', 's.developer_id', 's.quota_calls'])
      .select((eb) => eb.fn.sum<number>('u.count').as('used'))
      .where('s.quota_period', '=', 'day')
      .where('s.quota_warnings', '=', 1)
      .where('s.state', '=', 'active')
      .where('s.developer_id', 'is not', null)
      .where('u.day', '=', day)
      .where('u.status_class', '!=', '4xx')
      .groupBy(['s.id', 's.name', 's.developer_id', 's.quota_calls'])
      .execute();
    return rows
      .map((r) => ({
        subscriptionId: Number(r.id),
        name: r.name,
        developerId: Number(r.developer_id),
        count: Number(r.used),
        calls: Number(r.quota_calls),
        seconds: null,
      }))
      .filter((r) => r.count >= r.calls * share);
  }

  /** Portal subscriptions with warnings on refused with 429 more than `over` times since `since` (ISO). */
  async oftenLimited(since: string, over: number): Promise<WarningCandidate[]> {
    const rows = await this.db
      .selectFrom('request_log as l')
      .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
      .select(['s.id', 's.name', 's.developer_id', 's.rate_limit_calls', 's.rate_limit_period_s'])
      .select((eb) => eb.fn.countAll<number>().as('refused'))
      // A literal: a bound parameter would not let SQLite use the partial index (migration 021).
      .where('l.status', '=', sql.lit(429))
      .where('l.at', '>=', since)
      .where('s.quota_warnings', '=', 1)
      .where('s.developer_id', 'is not', null)
      .groupBy(['s.id', 's.name', 's.developer_id', 's.rate_limit_calls', 's.rate_limit_period_s'])
      .having((eb) => eb.fn.countAll(), '>', over)
      .execute();
    return rows.map((r) => ({
      subscriptionId: Number(r.id),
      name: r.name,
      developerId: Number(r.developer_id),
      count: Number(r.refused),
      calls: Number(r.rate_limit_calls ?? 0),
      seconds: r.rate_limit_period_s === null ? null : Number(r.rate_limit_period_s),
    }));
  }

  /**
   * Claims the warning `kind` of a subscription for `day`: true for the one process, of any node, whose
   * insert made the row (its primary key is the lock), which then sends it; false when it was sent.
   */
  async claim(subscriptionId: number, day: string, kind: string, now: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('quota_warnings')
      .values({ subscription_id: subscriptionId, day, kind, sent_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['subscription_id', 'day', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
