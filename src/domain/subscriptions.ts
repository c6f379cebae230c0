// What a subscription may do, as pure rules: service groups, limits, states. No I/O here; the store
// keeps subscriptions, the gateway enforces these rules on every /api/ call.

import { SERVICE_GROUP_NAMES } from './service-groups.js';

/** `submitted`: waiting for the operator's approval (a product that needs it); `rejected`: refused. */
export type StoredState = 'active' | 'suspended' | 'cancelled' | 'submitted' | 'rejected';
/** `expired` is never stored: an active subscription whose expiry has passed is expired. */
export type State = StoredState | 'expired';
export type QuotaPeriod = 'day' | 'month';
export type KeySlot = 'primary' | 'secondary';

/** The longest rate-limit period: windows are kept in memory, so they stay short. */
export const MAX_RATE_PERIOD_S = 300;
/** The most calls a limit may count: the integer columns that keep limits on PostgreSQL end there. */
export const MAX_CALLS = 2_147_483_647;

export interface Limits {
  rateLimitCalls: number | null;
  rateLimitPeriodS: number | null;
  quotaCalls: number | null;
  quotaPeriod: QuotaPeriod | null;
}

/**
 * A new subscription's limits unless told otherwise: 300 calls a minute (5 a second on average, ample
 * for a website that polls, small enough that one client cannot starve the others), no quota.
 */
export const DEFAULT_LIMITS: Limits = {
  rateLimitCalls: 300,
  rateLimitPeriodS: 60,
  quotaCalls: null,
  quotaPeriod: null,
};

/** The demo key is for trying the service and the explorer: generous, so nobody trips over it. */
export const DEMO_LIMITS: Limits = {
  rateLimitCalls: 100_000,
  rateLimitPeriodS: 60,
  quotaCalls: null,
  quotaPeriod: null,
};

/** Parses a group list ('all', or names separated by commas, any case) into its stored form. */
export function parseGroups(input: string): string {
  const names = input
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error(`expected 'all' or a list of ${SERVICE_GROUP_NAMES.join(', ')}`);
  if (names.some((n) => n.toLowerCase() === 'all')) return 'all';
  const groups = names.map((name) => {
    const group = SERVICE_GROUP_NAMES.find((g) => g.toLowerCase() === name.toLowerCase());
    if (!group)
      throw new Error(`unknown service group '${name}': expected all, ${SERVICE_GROUP_NAMES.join(', ')}`);
    return group;
  });
  return [...new Set(groups)].join(',');
}

/** Whether a stored group list lets a call into `group` (the first path segment after /api/). */
export function allowsGroup(groups: string, group: string): boolean {
  if (groups === 'all') return true;
  const wanted = group.toLowerCase();
  return groups.split(',').some((g) => g.toLowerCase() === wanted);
}

/**
 * A subscription as the rules see it: the stored row (the store's `subscriptions` table has these
 * columns). Times are ISO instants; `groups` is 'all' or a comma list of service groups.
 */
export interface Subscription {
  id: number;
  name: string;
  owner: string | null;
  groups: string;
  /** 'expired' is derived from expires_at, never stored. */
  state: StoredState;
  rate_limit_calls: number | null;
  rate_limit_period_s: number | null;
  quota_calls: number | null;
  quota_period: QuotaPeriod | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function effectiveState(sub: { state: StoredState; expires_at: string | null }, now: Date): State {
  if (sub.state === 'active' && sub.expires_at !== null && sub.expires_at <= now.toISOString()) {
    return 'expired';
  }
  return sub.state;
}

/** Checks limits given by an operator; throws with a message naming the bad value. */
export function validateLimits(limits: Limits): void {
  const { rateLimitCalls: calls, rateLimitPeriodS: period, quotaCalls, quotaPeriod } = limits;
  if ((calls === null) !== (period === null)) {
    throw new Error('a rate limit needs both a number of calls and a period');
  }
  if (calls !== null && (!Number.isInteger(calls) || calls < 1 || calls > MAX_CALLS)) {
    throw new Error(`rate limit calls must be a whole number from 1 to ${MAX_CALLS}, got ${calls}`);
  }
  if (period !== null && (!Number.isInteger(period) || period < 1 || period > MAX_RATE_PERIOD_S)) {
    throw new Error(`rate limit period must be 1 to ${MAX_RATE_PERIOD_S} seconds, got ${period}`);
  }
  if ((quotaCalls === null) !== (quotaPeriod === null)) {
    throw new Error('a quota needs both a number of calls and a period (day or month)');
  }
  if (quotaCalls !== null && (!Number.isInteger(quotaCalls) || quotaCalls < 1 || quotaCalls > MAX_CALLS)) {
    throw new Error(`quota calls must be a whole number from 1 to ${MAX_CALLS}, got ${quotaCalls}`);
  }
}

export type StateAction = 'suspend' | 'resume' | 'cancel';

/**
 * The stored state after an operator's action, or why it is refused. Cancelling is final; suspending
 * and resuming are reversible and repeatable. Resuming an expired subscription keeps it expired until
 * its expiry is moved.
 */
export function nextState(current: StoredState, action: StateAction): StoredState | { refused: string } {
  if (action === 'cancel') return 'cancelled';
  // Only an approval makes a submitted subscription active: resuming it would skip the operator.
  if (current === 'submitted' || current === 'rejected') {
    return {
      refused: `a ${current} subscription cannot be ${action === 'suspend' ? 'suspended' : 'resumed'}: approve or reject it`,
    };
  }
  if (current === 'cancelled') {
    return {
      refused: `a cancelled subscription cannot be ${action === 'suspend' ? 'suspended' : 'resumed'}`,
    };
  }
  return action === 'suspend' ? 'suspended' : 'active';
}

/** Whether a subscription may call the API at `now`. */
export function isUsable(sub: Subscription, now = new Date()): boolean {
  return effectiveState(sub, now) === 'active';
}
