import type { Kysely, Transaction } from 'kysely';
import { hashesMatch } from '../domain/keys.js';
import { DEFAULT_LIMITS, type Limits, type Subscription } from '../domain/subscriptions.js';
import type { Database } from './schema.js';
import { putNewKey } from './subscription-writes.js';

export interface CreatedSubscription {
  subscription: Subscription;
  primaryKey: string;
  secondaryKey: string;
}

/** Settings of a new subscription beyond name and owner; limits default to DEFAULT_LIMITS. */
export interface NewSubscriptionRow {
  groups?: string;
  limits?: Limits;
  expiresAt?: string | null;
  /** A portal subscription's owner and product, and `submitted` when the product needs approval. */
  developerId?: number | null;
  productId?: number | null;
  state?: 'active' | 'submitted';
  /** Runs first in the transaction that adds the subscription, to refuse it (a product's per-developer limit). */
  check?: (trx: Transaction<Database>) => Promise<void>;
}

export class KeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new subscription with its two keys; the plaintext keys are returned once and never stored. */
  async create(
    name: string,
    owner: string | null = null,
    now = new Date(),
    settings: NewSubscriptionRow = {},
  ): Promise<CreatedSubscription> {
    const stamp = now.toISOString();
    const limits = settings.limits ?? DEFAULT_LIMITS;
    return this.db.transaction().execute(async (trx) => {
      await settings.check?.(trx);
      const subscription = await trx
        .insertInto('subscriptions')
        .values({
          name,
          owner,
          groups: settings.groups ?? 'all',
          state: settings.state ?? 'active',
          developer_id: settings.developerId ?? null,
          product_id: settings.productId ?? null,
          activated_at: (settings.state ?? 'active') === 'active' ? stamp : null,
          rate_limit_calls: limits.rateLimitCalls,
          rate_limit_period_s: limits.rateLimitPeriodS,
          quota_calls: limits.quotaCalls,
          quota_period: limits.quotaPeriod,
          expires_at: settings.expiresAt ?? null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new key cannot be in any cache yet, so creating one needs no version bump.
      const primaryKey = await putNewKey(trx, subscription.id, 'primary', stamp);
      const secondaryKey = await putNewKey(trx, subscription.id, 'secondary', stamp);
      return { subscription, primaryKey, secondaryKey };
    });
  }

  /** The subscription a key hash belongs to, whatever its state; undefined for an unknown key. */
  async findByHash(hash: string): Promise<Subscription | undefined> {
    const row = await this.db
      .selectFrom('subscription_keys as k')
      .innerJoin('subscriptions as s', 's.id', 'k.subscription_id')
      .selectAll('s')
      .select(['k.key_hash', 'k.expires_at as key_expires_at'])
      .where('k.key_hash', '=', hash)
      .executeTakeFirst();
    // The index lookup finds the row; the final say is a constant-time comparison of the hashes.
    if (!row || !hashesMatch(row.key_hash, hash)) return undefined;
    const { key_hash: _unused, key_expires_at: keyEnd, ...subscription } = row;
    // A key with an end of its own (the developer's, or a grace period's) is seen as a subscription
    // ending then: the gateway's expiry check stops it at that time on every node, with no notice needed.
    if (keyEnd !== null && (subscription.expires_at === null || keyEnd < subscription.expires_at))
      return { ...subscription, expires_at: keyEnd };
    return subscription;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
