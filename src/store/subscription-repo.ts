import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { ActionError } from '../domain/errors.js';
import {
  DEFAULT_LIMITS,
  nextState,
  validateLimits,
  type KeySlot,
  type StateAction,
} from '../domain/subscriptions.js';
import type { NewSubscription, SubscriptionInfo, SubscriptionUpdate } from '../schemas/subscriptions.js';
import { KeyRepository } from './key-repo.js';
import type { Database, SubscriptionTable } from './schema.js';
import { expiryOf, groupsOf, limitsOf, limitsOfRow, toInfo } from './subscription-mapping.js';
import { KEY_COLUMNS } from './subscription-mapping.js';
import { bumpVersion, putNewKey, VERSION_SETTING, type NewKeyEnds } from './subscription-writes.js';

/**
 * Subscription ids are 32-bit integers (PostgreSQL `integer`, as SQLite stores them): a larger id names
 * no subscription, and PostgreSQL would refuse to compare with it ("out of range for type integer").
 */
const MAX_ID = 2_147_483_647;

/** Subscriptions as operators manage them (admin API and CLI); listings show key hints, never keys. */
export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new subscription; its plaintext keys are in the answer and nowhere else. */
  async create(
    input: NewSubscription,
    now = new Date(),
  ): Promise<{ subscription: SubscriptionInfo; primaryKey: string; secondaryKey: string }> {
    const limits = limitsOf(input, DEFAULT_LIMITS);
    check(() => validateLimits(limits));
    const created = await new KeyRepository(this.db).create(input.name, input.owner ?? null, now, {
      groups: groupsOf(input.groups ?? 'all'),
      limits,
      expiresAt: expiryOf(input.expiresAt ?? null),
      developerId: input.developerId ?? null,
    });
    const subscription = await this.get(created.subscription.id, now);
    return { ...created, subscription: subscription! };
  }

  async list(now = new Date()): Promise<SubscriptionInfo[]> {
    const rows = await this.db.selectFrom('subscriptions').selectAll().orderBy('id').execute();
    const keys = await this.db.selectFrom('subscription_keys').select(KEY_COLUMNS).execute();
    return rows.map((row) => toInfo(row, keys, now));
  }

  async get(id: number, now = new Date()): Promise<SubscriptionInfo | undefined> {
    if (id > MAX_ID) return undefined;
    const row = await this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const keys = await this.db
      .selectFrom('subscription_keys')
      .select(KEY_COLUMNS)
      .where('subscription_id', '=', id)
      .execute();
    return toInfo(row, keys, now);
  }

  /** Changes name, owner, groups, limits or expiry; fields left out keep their value. */
  async update(id: number, update: SubscriptionUpdate, now = new Date()): Promise<SubscriptionInfo> {
    await this.change(id, now, async (row, trx) => {
      const limits = limitsOf(update, limitsOfRow(row));
      check(() => validateLimits(limits));
      // Said by its id, not left to the foreign key (a driver's error, worded per database).
      const developer = update.developerId;
      if (typeof developer === 'number') {
        const found = await trx
          .selectFrom('developers')
          .select('id')
          .where('id', '=', developer)
          .executeTakeFirst();
        if (!found) throw new ActionError('invalid', `Developer ${developer} was not found`);
      }
      return {
        ...(update.name !== undefined && { name: update.name }),
        ...(update.owner !== undefined && { owner: update.owner }),
        ...(update.groups !== undefined && { groups: groupsOf(update.groups) }),
        ...(update.expiresAt !== undefined && { expires_at: expiryOf(update.expiresAt) }),
        ...(update.developerId !== undefined && { developer_id: update.developerId }),
        rate_limit_calls: limits.rateLimitCalls,
        rate_limit_period_s: limits.rateLimitPeriodS,
        quota_calls: limits.quotaCalls,
        quota_period: limits.quotaPeriod,
      };
    });
    return (await this.get(id, now))!;
  }

  /** Suspend, resume or cancel (see nextState for what is allowed). */
  async act(id: number, action: StateAction, now = new Date()): Promise<SubscriptionInfo> {
    await this.change(id, now, (row) => {
      const state = nextState(row.state, action);
      if (typeof state === 'object')
        throw new ActionError('conflict', `Subscription ${id}: ${state.refused}`);
      return { state };
    });
    return (await this.get(id, now))!;
  }

  /** Approves a submitted subscription: it becomes active, and its keys work. */
  async approve(id: number, now = new Date()): Promise<SubscriptionInfo> {
    await this.change(id, now, (row) => {
      if (row.state !== 'submitted')
        throw new ActionError(
          'conflict',
          `Subscription ${id}: only a submitted subscription can be approved`,
        );
      return { state: 'active', activated_at: now.toISOString() };
    });
    return (await this.get(id, now))!;
  }

  async reject(id: number, reason: string, now = new Date()): Promise<SubscriptionInfo> {
    await this.change(id, now, (row) => {
      if (row.state !== 'submitted')
        throw new ActionError(
          'conflict',
          `Subscription ${id}: only a submitted subscription can be rejected`,
        );
      return { state: 'rejected', rejection_reason: reason };
    });
    return (await this.get(id, now))!;
  }

  /** Subscriptions waiting for approval, oldest first. */
  async pending(now = new Date()): Promise<SubscriptionInfo[]> {
    return (await this.list(now)).filter((s) => s.state === 'submitted');
  }

  /** Every subscription a developer owns, oldest first. */
  async ownedBy(developerId: number, now = new Date()): Promise<SubscriptionInfo[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('id')
      .execute();
    if (rows.length === 0) return [];
    const keys = await this.db
      .selectFrom('subscription_keys')
      .select(KEY_COLUMNS)
      .where(
        'subscription_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((row) => toInfo(row, keys, now));
  }

  /**
   * A developer's block suspends their active subscriptions (marked as held by it) and the unblock
   * resumes just those (closing an account: DeveloperRepository.close). One transaction and one version bump.
   */
  async holdOwned(developerId: number, action: 'block' | 'unblock', now = new Date()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const stamp = now.toISOString();
      const owned = trx.updateTable('subscriptions').where('developer_id', '=', developerId);
      if (action === 'block')
        await owned
          .set({ state: 'suspended', held_by_block: 1, updated_at: stamp })
          .where('state', '=', 'active')
          .execute();
      else
        await owned
          .set({ state: 'active', held_by_block: 0, updated_at: stamp })
          .where('held_by_block', '=', 1)
          .where('state', '=', 'suspended')
          .execute();
      await bumpVersion(trx);
    });
  }

  /**
   * A new key in one slot; the other slot's key keeps working, so clients can rotate without downtime.
   * `ends`: the new key's end, and a grace period for the old one (the portal's regenerate).
   */
  async regenerate(id: number, slot: KeySlot, now = new Date(), ends: NewKeyEnds = {}): Promise<string> {
    return this.change(
      id,
      now,
      () => ({}),
      (trx) => putNewKey(trx, id, slot, now.toISOString(), ends),
    );
  }

  /** 1 when the subscription's developer is mailed quota warnings, 0 when they opted out. */
  async quotaWarnings(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('quota_warnings')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(row?.quota_warnings ?? 0);
  }

  async setQuotaWarnings(id: number, on: boolean): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ quota_warnings: on ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  /** Gives the slot's key an end (ISO), or none (null); it stops at that time on every node. */
  async setKeyExpiry(id: number, slot: KeySlot, expiresAt: string | null, now = new Date()): Promise<void> {
    await this.change(
      id,
      now,
      () => ({}),
      async (trx) => {
        await trx
          .updateTable('subscription_keys')
          .set({ expires_at: expiresAt })
          .where('subscription_id', '=', id)
          .where('slot', '=', slot)
          .where('replaced_at', 'is', null)
          .execute();
      },
    );
  }

  /** The change counter every process polls. */
  async version(): Promise<number> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', VERSION_SETTING)
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /** Reads the row, applies `values` and `also` in one transaction, and bumps the change counter. */
  private async change<T = void>(
    id: number,
    now: Date,
    values: (
      row: Selectable<SubscriptionTable>,
      trx: Transaction<Database>,
    ) => Updateable<SubscriptionTable> | Promise<Updateable<SubscriptionTable>>,
    also?: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    if (id > MAX_ID) throw new ActionError('not-found', `Subscription ${id} was not found`);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new ActionError('not-found', `Subscription ${id} was not found`);
      await trx
        .updateTable('subscriptions')
        .set({ ...(await values(row, trx)), updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
      const result = also ? await also(trx) : (undefined as T);
      await bumpVersion(trx);
      return result;
    });
  }
}

function check(validate: () => void): void {
  try {
    validate();
  } catch (error) {
    throw new ActionError('invalid', (error as Error).message);
  }
}
