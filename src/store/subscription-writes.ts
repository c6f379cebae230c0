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

/** How a regenerated key ends, and how long the key it replaces keeps working. */
export interface NewKeyEnds {
  /** The new key's end (ISO); null or absent: none. */
  expiresAt?: string | null;
  /** The old key works until then (ISO; its own end if that comes first); absent: it stops now. */
  oldKeyUntil?: string;
}

/**
 * Puts a fresh key in a slot and returns its plaintext, the only time it exists. The slot's key stops
 * at once, or is kept as replaced until `oldKeyUntil` (a grace period); a key kept so by an earlier
 * regenerate goes now.
 */
export async function putNewKey(
  trx: Transaction<Database>,
  subscriptionId: number,
  slot: KeySlot,
  stamp: string,
  ends: NewKeyEnds = {},
): Promise<string> {
  const key = newKey();
  const inSlot = () =>
    trx
      .deleteFrom('subscription_keys')
      .where('subscription_id', '=', subscriptionId)
      .where('slot', '=', slot);
  const { oldKeyUntil } = ends;
  if (oldKeyUntil === undefined) await inSlot().execute();
  else {
    await inSlot().where('replaced_at', 'is not', null).execute();
    const old = await trx
      .selectFrom('subscription_keys')
      .select(['id', 'expires_at'])
      .where('subscription_id', '=', subscriptionId)
      .where('slot', '=', slot)
      .executeTakeFirst();
    if (old)
      await trx
        .updateTable('subscription_keys')
        .set({
          replaced_at: stamp,
          expires_at: old.expires_at !== null && old.expires_at < oldKeyUntil ? old.expires_at : oldKeyUntil,
        })
        .where('id', '=', old.id)
        .execute();
  }
  await trx
    .insertInto('subscription_keys')
    .values({
      subscription_id: subscriptionId,
      slot,
      key_hash: hashKey(key),
      key_hint: keyHint(key),
      created_at: stamp,
      expires_at: ends.expiresAt ?? null,
    })
    .execute();
  return key;
}
