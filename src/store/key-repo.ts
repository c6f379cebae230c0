import type { Kysely, Selectable } from 'kysely';
import { hashKey, hashesMatch, keyHint, newKey } from '../domain/keys.js';
import type { Database, SubscriptionTable } from './schema.js';

export type Subscription = Selectable<SubscriptionTable>;

export interface CreatedSubscription {
  subscription: Subscription;
  primaryKey: string;
  secondaryKey: string;
}

export class KeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new subscription with its two keys; the plaintext keys are returned once and never stored. */
  async create(name: string, owner: string | null = null, now = new Date()): Promise<CreatedSubscription> {
    const primaryKey = newKey();
    const secondaryKey = newKey();
    const stamp = now.toISOString();
    const subscription = await this.db.transaction().execute(async (trx) => {
      const sub = await trx
        .insertInto('subscriptions')
        .values({ name, owner, groups: 'all', state: 'active', created_at: stamp, updated_at: stamp })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('subscription_keys')
        .values([
          {
            subscription_id: sub.id,
            slot: 'primary',
            key_hash: hashKey(primaryKey),
            key_hint: keyHint(primaryKey),
            created_at: stamp,
          },
          {
            subscription_id: sub.id,
            slot: 'secondary',
            key_hash: hashKey(secondaryKey),
            key_hint: keyHint(secondaryKey),
            created_at: stamp,
          },
        ])
        .execute();
      return sub;
    });
    return { subscription, primaryKey, secondaryKey };
  }

  /** The subscription a presented key belongs to, whatever its state; undefined for an unknown key. */
  async findByKey(key: string): Promise<Subscription | undefined> {
    const hash = hashKey(key);
    const row = await this.db
      .selectFrom('subscription_keys as k')
      .innerJoin('subscriptions as s', 's.id', 'k.subscription_id')
      .selectAll('s')
      .select('k.key_hash')
      .where('k.key_hash', '=', hash)
      .executeTakeFirst();
    // The index lookup finds the row; the final say is a constant-time comparison of the hashes.
    if (!row || !hashesMatch(row.key_hash, hash)) return undefined;
    const { key_hash: _unused, ...subscription } = row;
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

/** Whether a subscription may call the API at `now`. */
export function isUsable(sub: Subscription, now = new Date()): boolean {
  if (sub.state !== 'active') return false;
  return sub.expires_at === null || sub.expires_at > now.toISOString();
}
