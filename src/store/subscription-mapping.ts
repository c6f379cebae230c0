import type { Selectable } from 'kysely';
import { ActionError } from '../domain/errors.js';
import { effectiveState, parseGroups, type KeySlot, type Limits } from '../domain/subscriptions.js';
import type { SubscriptionInfo, SubscriptionUpdate } from '../schemas/subscriptions.js';
import type { SubscriptionKeyTable, SubscriptionTable } from './schema.js';

// The one mapping between stored subscription rows and what the admin API and the CLI take and show.

type Row = Selectable<SubscriptionTable>;
/** The key columns a subscription's view reads. */
export const KEY_COLUMNS = [
  'subscription_id',
  'slot',
  'key_hint',
  'created_at',
  'expires_at',
  'replaced_at',
] as const;
export type KeyRow = Pick<Selectable<SubscriptionKeyTable>, (typeof KEY_COLUMNS)[number]>;

export function toInfo(row: Row, keys: KeyRow[], now: Date): SubscriptionInfo {
  const hint = (slot: KeySlot) => {
    const inSlot = keys.filter((k) => k.subscription_id === row.id && k.slot === slot);
    const key = inSlot.find((k) => k.replaced_at === null);
    // A replaced key still in its grace period: shown with its end until that passes.
    const old = inSlot.find(
      (k) => k.replaced_at !== null && k.expires_at !== null && Date.parse(k.expires_at) > now.getTime(),
    );
    return {
      hint: key?.key_hint ?? '',
      createdAt: key?.created_at ?? '',
      expiresAt: key?.expires_at ?? null,
      previous: old ? { hint: old.key_hint, expiresAt: old.expires_at! } : null,
    };
  };
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    groups: row.groups,
    state: effectiveState(row, now),
    rateLimit:
      row.rate_limit_calls !== null && row.rate_limit_period_s !== null
        ? { calls: row.rate_limit_calls, periodSeconds: row.rate_limit_period_s }
        : null,
    quota:
      row.quota_calls !== null && row.quota_period !== null
        ? { calls: row.quota_calls, period: row.quota_period }
        : null,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    keys: { primary: hint('primary'), secondary: hint('secondary') },
    developerId: row.developer_id,
    productId: row.product_id,
    rejectionReason: row.rejection_reason,
    activatedAt: row.activated_at,
  };
}

/** Limits after an update: a field left out keeps `base`, `null` removes that limit. */
export function limitsOf(update: SubscriptionUpdate, base: Limits): Limits {
  const { rateLimit, quota } = update;
  return {
    rateLimitCalls: rateLimit === undefined ? base.rateLimitCalls : (rateLimit?.calls ?? null),
    rateLimitPeriodS: rateLimit === undefined ? base.rateLimitPeriodS : (rateLimit?.periodSeconds ?? null),
    quotaCalls: quota === undefined ? base.quotaCalls : (quota?.calls ?? null),
    quotaPeriod: quota === undefined ? base.quotaPeriod : (quota?.period ?? null),
  };
}

export function groupsOf(groups: string): string {
  try {
    return parseGroups(groups);
  } catch (error) {
    throw new ActionError('invalid', `Invalid groups: ${(error as Error).message}`);
  }
}

/** Stored as a UTC ISO instant, so it compares as text with `now.toISOString()`. */
export function expiryOf(expiresAt: string | null): string | null {
  if (expiresAt === null) return null;
  const instant = new Date(expiresAt);
  if (Number.isNaN(instant.getTime())) {
    throw new ActionError('invalid', `Invalid expiresAt: expected an ISO date-time, got '${expiresAt}'`);
  }
  return instant.toISOString();
}

export function limitsOfRow(row: Row): Limits {
  return {
    rateLimitCalls: row.rate_limit_calls,
    rateLimitPeriodS: row.rate_limit_period_s,
    quotaCalls: row.quota_calls,
    quotaPeriod: row.quota_period,
  };
}
