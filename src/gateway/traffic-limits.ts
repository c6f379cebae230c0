import { ApiError } from '../domain/errors.js';
import { formatHms, quotaWindow, rateWindow, secondsUntil, type Window } from '../domain/windows.js';
import type { Subscription } from '../domain/subscriptions.js';
import { consumeOne, type Consumed, type LimiterStore, type SharedCounters } from './limiter-store.js';

export const LIMIT_MESSAGES = {
  rate: (seconds: number) => `Rate limit is exceeded. Try again in ${seconds} seconds.`,
  quota: (seconds: number) => `Out of call volume quota. Quota will be replenished in ${formatHms(seconds)}.`,
};

export function rateLimitExceeded(seconds: number): ApiError {
  return new ApiError(429, LIMIT_MESSAGES.rate(seconds), { 'retry-after': String(seconds) });
}

/**
 * A subscription's rate limit and quota. Windows come from the injected clock (src/domain/windows.ts)
 * and name the counter, so a new window is a new counter; the store counts within it (in this
 * process's memory, or in Redis through rate-limiter-flexible). A call refused by the rate limit does
 * not count against the quota.
 */
export class TrafficLimits {
  constructor(private readonly store: LimiterStore) {}

  /**
   * Counts the call; resolves with the RateLimit-* headers of an admitted call, throws 429 or 403.
   * With `address` (public access), the subscription's limits are each client address's own: the
   * counters are named by subscription and address, in the same store (so exact across nodes on Redis).
   */
  async admit(sub: Subscription, now: Date, address?: string): Promise<Record<string, string>> {
    const counted = this.admitNow(sub, now, address);
    if (counted) return counted;
    if (this.store.shared && address === undefined) return this.admitShared(this.store.shared, sub, now);
    const counter = address === undefined ? String(sub.id) : `${sub.id}@${address}`;
    const headers: Record<string, string> = {};
    const rate = rateOf(sub, now);
    const perAddress = address !== undefined;
    if (rate) admitRate(headers, rate, await this.count('rate', counter, rate, perAddress));
    const quota = quotaOf(sub, now);
    if (quota) admitQuota(quota, await this.count('quota', counter, quota, perAddress));
    return headers;
  }

  /**
   * The same as `admit`, counted at once, when the counters live in this process; undefined, having
   * counted nothing, when they are shared (Redis) and only `admit` can count. Per-address counts
   * always go through `admit`: the store's limiters expire them, where the in-process counters
   * (one per subscription, never swept) would keep every address ever seen.
   */
  admitNow(sub: Subscription, now: Date, address?: string): Record<string, string> | undefined {
    const counters = this.store.local;
    if (!counters || address !== undefined) return undefined;
    const headers: Record<string, string> = {};
    const rate = rateOf(sub, now);
    if (rate) admitRate(headers, rate, counted(rate, counters.rate.count(sub.id, rate.window)));
    const quota = quotaOf(sub, now);
    if (quota) admitQuota(quota, counted(quota, counters.quota.count(sub.id, quota.window)));
    return headers;
  }

  /** Both limits counted in one exchange with the process holding the counters (a cluster's primary). */
  private async admitShared(shared: SharedCounters, sub: Subscription, now: Date) {
    const headers: Record<string, string> = {};
    const rate = rateOf(sub, now);
    const quota = quotaOf(sub, now);
    if (!rate && !quota) return headers;
    const [rateCalls, quotaCalls] = await shared.count(
      sub.id,
      rate?.window,
      rate?.points ?? 0,
      quota?.window,
    );
    if (rate) admitRate(headers, rate, counted(rate, rateCalls));
    if (quota) admitQuota(quota, counted(quota, quotaCalls));
    return headers;
  }

  private count(kind: string, counter: string, limit: Limit, perAddress: boolean) {
    const limiter = this.store.limiter({ keyPrefix: kind, points: limit.points, duration: 1 });
    // A window too long for the store is kept without expiry: one small record per subscription and
    // month. Not so per address (public access): every address ever seen would stay, so its record
    // expires at the store's longest lifetime, at worst counting a month's quota afresh after 20 days.
    const lifetime = lifetimeOf(limit);
    const kept = lifetime <= this.store.maxDurationS ? lifetime : perAddress ? this.store.maxDurationS : 0;
    return consumeOne(limiter, `${counter}:${limit.window.id}`, kept);
  }
}

interface Limit {
  points: number;
  window: Window;
  /** Whole seconds until the window ends. */
  seconds: number;
}

/** A counter outlives its window a little (clock skew between nodes). */
function lifetimeOf(limit: Limit): number {
  return limit.seconds + 5;
}

function rateOf(sub: Subscription, now: Date): Limit | undefined {
  if (sub.rate_limit_calls === null || sub.rate_limit_period_s === null) return undefined;
  const window = rateWindow(now, sub.rate_limit_period_s);
  return { points: sub.rate_limit_calls, window, seconds: secondsUntil(window.endsAt, now) };
}

function quotaOf(sub: Subscription, now: Date): Limit | undefined {
  if (sub.quota_calls === null || sub.quota_period === null) return undefined;
  const window = quotaWindow(now, sub.quota_period);
  return { points: sub.quota_calls, window, seconds: secondsUntil(window.endsAt, now) };
}

/** The outcome of a call that was the `calls`-th in its limit's window. */
function counted(limit: Limit, calls: number): Pick<Consumed, 'allowed' | 'remaining'> {
  return { allowed: calls <= limit.points, remaining: Math.max(limit.points - calls, 0) };
}

/** Throws the 429 of a call over the rate limit; otherwise sets the RateLimit-* headers. */
function admitRate(
  headers: Record<string, string>,
  rate: Limit,
  result: Pick<Consumed, 'allowed' | 'remaining'>,
): void {
  if (!result.allowed) throw rateLimitExceeded(rate.seconds);
  headers['ratelimit-limit'] = String(rate.points);
  headers['ratelimit-remaining'] = String(result.remaining);
  headers['ratelimit-reset'] = String(rate.seconds);
}

/** Throws the 403 of a call over the quota. */
function admitQuota(quota: Limit, result: Pick<Consumed, 'allowed'>): void {
  if (!result.allowed) {
    throw new ApiError(403, LIMIT_MESSAGES.quota(quota.seconds), { 'retry-after': String(quota.seconds) });
  }
}
