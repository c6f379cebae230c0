import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOne, type LimiterStore } from '../gateway/limiter-store.js';
import { PortalError } from './errors.js';

/**
 * Sign-up, sign-in and password resets, counted per client address and per account (the email asked
 * for, whether it has an account or not, so the limit tells nothing) in the gateway's limiter store:
 * in Redis with REDIS_URL, so every node counts together. Each further tier counts a longer window and
 * blocks for longer, so a client that keeps trying waits longer each time (back-off).
 */
const TIERS = {
  address: [
    { points: 20, duration: 60, blockDuration: 60 },
    { points: 100, duration: 3600, blockDuration: 3600 },
  ],
  account: [
    { points: 5, duration: 60, blockDuration: 60 },
    { points: 10, duration: 3600, blockDuration: 900 },
    { points: 20, duration: 86_400, blockDuration: 3600 },
  ],
};

export type Attempt = 'signup' | 'signin' | 'reset' | 'token';

export class Throttle {
  private readonly limiters = new Map<string, RateLimiterAbstract[]>();

  constructor(private readonly store: LimiterStore) {}

  /** Counts one attempt; throws 429 rate_limited with Retry-After when any tier is over. */
  async attempt(kind: Attempt, address: string, account?: string): Promise<void> {
    const counts = [this.count(kind, 'address', address)];
    // The email is hashed: the limiter's keys (in Redis too) hold no address.
    if (account !== undefined) counts.push(this.count(kind, 'account', digest(account)));
    const waits = await Promise.all(counts);
    const waitMs = Math.max(...waits);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new PortalError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} seconds.`, {
        'retry-after': String(seconds),
      });
    }
  }

  private async count(kind: Attempt, by: keyof typeof TIERS, key: string): Promise<number> {
    const name = `${kind}-${by}`;
    let limiters = this.limiters.get(name);
    if (!limiters) {
      limiters = TIERS[by].map((tier, i) =>
        this.store.limiter({ keyPrefix: `portal-${name}-${i}`, ...tier }),
      );
      this.limiters.set(name, limiters);
    }
    let waitMs = 0;
    for (const limiter of limiters) {
      const result = await consumeOne(limiter, key);
      if (!result.allowed) waitMs = Math.max(waitMs, result.msBeforeNext, 1);
    }
    return waitMs;
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
