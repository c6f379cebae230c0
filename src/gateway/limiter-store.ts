import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

// The counting itself is rate-limiter-flexible's. This small interface is the one place that knows
// where its counters live: in this process's memory (MemoryLimiterStore, below), or in Redis, shared
// by several nodes (RedisLimiterStore, redis-limiter-store.ts).

export interface LimiterOptions {
  /** Names the counters of one kind of limit, so kinds never share a counter; one duration per prefix. */
  keyPrefix: string;
  points: number;
  duration: number;
  blockDuration?: number;
}

export interface LimiterStore {
  /** A limiter allowing `points` per `duration` seconds, counting in this store. */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** The longest counter lifetime the store can keep, in seconds. */
  readonly maxDurationS: number;
}

/** Limiters by prefix, then points: the lookup runs on every call, so it builds no strings. */
export class LimiterCache {
  private readonly limiters = new Map<string, Map<number, RateLimiterAbstract>>();

  get(options: LimiterOptions, create: () => RateLimiterAbstract): RateLimiterAbstract {
    let byPoints = this.limiters.get(options.keyPrefix);
    if (!byPoints) {
      byPoints = new Map();
      this.limiters.set(options.keyPrefix, byPoints);
    }
    let limiter = byPoints.get(options.points);
    if (!limiter) {
      limiter = create();
      byPoints.set(options.points, limiter);
    }
    return limiter;
  }
}

/** One process's counters; they start afresh when the process restarts. */
export class MemoryLimiterStore implements LimiterStore {
  // Node timers cannot wait longer than 2^31-1 ms (24.8 days); the memory store expires records by timer.
  readonly maxDurationS = 20 * 24 * 3600;
  private readonly limiters = new LimiterCache();

  limiter(options: LimiterOptions): RateLimiterAbstract {
    return this.limiters.get(options, () => new RateLimiterMemory(options));
  }
}

export interface Consumed {
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

/** One call counted against `key`; a refusal is an answer, not an error (store failures still throw). */
export async function consumeOne(
  limiter: RateLimiterAbstract,
  key: string,
  customDuration?: number,
): Promise<Consumed> {
  try {
    const res = await limiter.consume(key, 1, customDuration === undefined ? {} : { customDuration });
    return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { allowed: false, remaining: 0, msBeforeNext: error.msBeforeNext };
    }
    throw error;
  }
}
