import type { Kysely } from 'kysely';
import type { Database, RequestLogTable } from './schema.js';
import type { Insertable, Selectable } from 'kysely';

// Rows per INSERT: 8 parameters each keeps a statement under SQLite's 32,766 and PostgreSQL's 65,535.
const CHUNK = 500;

export type RequestLogRow = Selectable<RequestLogTable>;

export interface RequestLogFilter {
  subscriptionId: number;
  /** '2xx', '4xx', '5xx' ... */
  statusClass?: string;
  operation?: string;
  /** A Bangkok day, YYYY-MM-DD. */
  day?: string;
  /** The oldest Bangkok day kept in view (30 days back). */
  since: string;
  /** Rows older than this id (the next page), newest first. */
  before?: number;
  limit: number;
}

/** The portal's request log: each keyed call of a subscription, written in batches, bounded. */
export class RequestLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(rows: Insertable<RequestLogTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK)
        await trx
          .insertInto('request_log')
          .values(rows.slice(i, i + CHUNK))
          .execute();
    });
  }

  /**
   * Of these subscriptions, those whose request log a page shows: a developer's. An operator's key
   * without one has its calls in the access log only.
   */
  async readable(subscriptionIds: number[]): Promise<Set<number>> {
    if (subscriptionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', 'in', subscriptionIds)
      .where('developer_id', 'is not', null)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Newest first, `limit` rows, by the filter. */
  async page(filter: RequestLogFilter): Promise<RequestLogRow[]> {
    let query = this.db
      .selectFrom('request_log')
      .selectAll()
      .where('subscription_id', '=', filter.subscriptionId)
      .where('day', '>=', filter.since);
    if (filter.day !== undefined) query = query.where('day', '=', filter.day);
    if (filter.operation !== undefined) query = query.where('operation', '=', filter.operation);
    if (filter.statusClass !== undefined) {
      const low = Number(filter.statusClass[0]) * 100;
      query = query.where('status', '>=', low).where('status', '<', low + 100);
    }
    if (filter.before !== undefined) query = query.where('id', '<', filter.before);
    const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), status: Number(r.status), ms: Number(r.ms) }));
  }

  /** The operations a subscription's kept rows name (the filter's choices). */
  async operations(subscriptionId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('request_log')
      .select('operation')
      .distinct()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('operation')
      .execute();
    return rows.map((r) => r.operation);
  }

  /** Keeps a subscription's newest `max` rows: the oldest go first. */
  async cap(subscriptionId: number, max: number): Promise<void> {
    const edge = await this.db
      .selectFrom('request_log')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id', 'desc')
      .offset(max)
      .limit(1)
      .executeTakeFirst();
    if (!edge) return;
    await this.db
      .deleteFrom('request_log')
      .where('subscription_id', '=', subscriptionId)
      .where('id', '<=', Number(edge.id))
      .execute();
  }

  /** Drops every row answered before `instant` (ISO). */
  async dropBefore(instant: string): Promise<void> {
    await this.db.deleteFrom('request_log').where('at', '<', instant).execute();
  }
}
