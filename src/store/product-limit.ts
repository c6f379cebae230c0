import { PostgresAdapter, type Transaction } from 'kysely';
import { ActionError } from '../domain/errors.js';
import type { Database } from './schema.js';

/**
 * Refuses (ActionError 'conflict') a new subscription to `productId` when the developer holds as many as
 * `limit` already: active, suspended or waiting for approval, not cancelled, rejected or expired. Run
 * inside the transaction that adds the subscription, so that the count and the insert are one step for
 * every node on the database: SQLite's transactions here take the write lock when they begin (BEGIN
 * IMMEDIATE), and on PostgreSQL the developer's row is locked first, so a second subscribe of the same
 * developer waits for the first to commit and then counts its row.
 */
export async function checkProductLimit(
  trx: Transaction<Database>,
  developerId: number,
  productId: number,
  limit: number,
  now: Date,
): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await trx.selectFrom('developers').select('id').where('id', '=', developerId).forUpdate().execute();
  const stamp = now.toISOString();
  const row = await trx
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('developer_id', '=', developerId)
    .where('product_id', '=', productId)
    .where('state', 'not in', ['cancelled', 'rejected'])
    // An active one past its expiry is expired (effectiveState): it no longer counts.
    .where((eb) =>
      eb.or([eb('state', '!=', 'active'), eb('expires_at', 'is', null), eb('expires_at', '>', stamp)]),
    )
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= limit)
    throw new ActionError('conflict', `The developer holds ${limit} subscription(s) of this product already`);
}
