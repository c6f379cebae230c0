import type { Kysely } from 'kysely';
import type { UsageRow } from '../schemas/subscriptions.js';
import type { Database, UsageTable } from './schema.js';

// Rows per INSERT: 5 parameters each keeps a statement well under SQLite's and PostgreSQL's limits.
const CHUNK = 1000;

export interface UsageFilter {
  subscriptionId?: number;
  /** Bangkok days, inclusive, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds counted calls to the stored totals, in one transaction (INSERT ... ON CONFLICT DO UPDATE). */
  async add(rows: UsageTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('usage')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc
              .columns(['subscription_id', 'day', 'operation', 'status_class'])
              .doUpdateSet((eb) => ({ count: eb('usage.count', '+', eb.ref('excluded.count')) })),
          )
          .execute();
      }
    });
  }

  async report(filter: UsageFilter = {}): Promise<UsageRow[]> {
    let query = this.db
      .selectFrom('usage as u')
      .innerJoin('subscriptions as s', 's.id', 'u.subscription_id')
      .select([
        'u.subscription_id as subscriptionId',
        's.name as subscription',
        'u.day',
        'u.operation',
        'u.status_class as statusClass',
        'u.count',
      ]);
    if (filter.subscriptionId !== undefined)
      query = query.where('u.subscription_id', '=', filter.subscriptionId);
    if (filter.from !== undefined) query = query.where('u.day', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('u.day', '<=', filter.to);
    const rows = await query
      .orderBy('u.subscription_id')
      .orderBy('u.day')
      .orderBy('u.operation')
      .orderBy('u.status_class')
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }
}
