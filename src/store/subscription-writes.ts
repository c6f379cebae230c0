import type { Kysely, Transaction } from 'kysely';
import { hashKey, keyHint, newKey } from '../domain/keys.js';
import type { KeySlot } from '../domain/subscriptions.js';
import { bumpCounter } from './counters.js';
import type { Database } from './schema.js';

// Writes shared by the key and subscription repositories.

export const VERSION_SETTING = 'subscriptions_version';

/**
 * Every change that can alter what a key may do bumps this counter in the same transaction; each
 * server process polls it and drops its cached view of subscriptions when it moves.
 */
export async function bumpVersion(trx: Kysely<Database> | Transaction<Database>): Promise<void> {
  await bumpCounter(trx, VERSION_SETTING);
}

/** Puts a fresh key in a slot (replacing the one there) and returns its plaintext, the only time it exists. */
export async function putNewKey(
  trx: Transaction<Database>,
  subscriptionId: number,
  slot: KeySlot,
  stamp: string,
): Promise<string> {
  const key = newKey();
  await trx
    .deleteFrom('subscription_keys')
    .where('subscription_id', '=', subscriptionId)
    .where('slot', '=', slot)
    .execute();
  await trx
    .insertInto('subscription_keys')
    .values({
      subscription_id: subscriptionId,
      slot,
      key_hash: hashKey(key),
      key_hint: keyHint(key),
      created_at: stamp,
    })
    .execute();
  return key;
}
