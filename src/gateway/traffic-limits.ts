import { ApiError } from '../domain/errors.js';
import { formatHms, quotaWindow, rateWindow, secondsUntil, type Window } from '../domain/windows.js';
import type { Subscription } from '../store/key-repo.js';
import { consumeOne, type LimiterStore } from './limiter-store.js';

export const LIMIT_MESSAGES = {
  rate: (seconds: number) => `Rate limit is exceeded. Try again in ${seconds} seconds.`,
  quota: (seconds: number) => `Out of call volume quota. Quota will be replenished in ${formatHms(seconds)}.`,
};

export function rateLimitExceeded(seconds: number): ApiError {
  return new ApiError(429, LIMIT_MESSAGES.rate(seconds), { 'retry-after': String(seconds) });
}

/**
 * A subscription's rate limit and quota. Windows come from the injected clock (src/domain/windows.ts)
 * and name the counter, so a new window is a new counter; rate-limiter-flexible counts within it.
 * A call refused by the rate limit does not count against the quota.
 */
export class TrafficLimits {
  constructor(private readonly store: LimiterStore) {}

  /** Counts the call; resolves with the RateLimit-* headers of an admitted call, throws 429 or 403. */
  async admit(sub: Subscription, now: Date): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (sub.rate_limit_calls !== null && sub.rate_limit_period_s !== null) {
      const window = rateWindow(now, sub.rate_limit_period_s);
      const seconds = secondsUntil(window.endsAt, now);
      const result = await this.count('rate', sub.id, sub.rate_limit_calls, window, now);
      if (!result.allowed) throw rateLimitExceeded(seconds);
      headers['ratelimit-limit'] = String(sub.rate_limit_calls);
      headers['ratelimit-remaining'] = String(result.remaining);
      headers['ratelimit-reset'] = String(seconds);
    }
    if (sub.quota_calls !== null && sub.quota_period !== null) {
      const window = quotaWindow(now, sub.quota_period);
      const result = await this.count('quota', sub.id, sub.quota_calls, window, now);
      if (!result.allowed) {
        const seconds = secondsUntil(window.endsAt, now);
        throw new ApiError(403, LIMIT_MESSAGES.quota(seconds), { 'retry-after': String(seconds) });
      }
    }
    return headers;
  }

  private count(kind: string, subscriptionId: number, points: number, window: Window, now: Date) {
    const limiter = this.store.limiter({ keyPrefix: kind, points, duration: 1 });
    // The counter outlives its window a little (clock skew between nodes); a window too long for the
    // store is kept without expiry: one small record per subscription and month.
    const lifetime = secondsUntil(window.endsAt, now) + 5;
    return consumeOne(
      limiter,
      `${subscriptionId}:${window.id}`,
      lifetime > this.store.maxDurationS ? 0 : lifetime,
    );
  }
}
