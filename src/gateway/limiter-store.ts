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
  /** Counters this process can count in at once, without a promise: only when they live in its memory. */
  readonly local?: WindowCounters;
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

/**
 * Calls counted per window in this process's memory, at once. The limit windows are worked out from the
 * clock (src/domain/windows.ts), so what is left to count is one number per key and window: a Map
 * does it without the promise rate-limiter-flexible wraps every count in, which cost a cached answer
 * about 1.7 of its 2 µs of limit checks (microbenchmark in the notes of issue 5). Counters are dropped
 * once expired, at most a minute late.
 */
export class WindowCounters {
  private readonly counts = new Map<string, { calls: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** One call counted against `key`, allowed while at most `points` were counted before it expires. */
  consume(key: string, points: number, lifetimeS: number): Consumed {
    const now = this.clock();
    let counter = this.counts.get(key);
    if (!counter || counter.expiresAt <= now) {
      counter = { calls: 0, expiresAt: lifetimeS > 0 ? now + lifetimeS * 1000 : Infinity };
      this.counts.set(key, counter);
    }
    counter.calls += 1;
    return {
      allowed: counter.calls <= points,
      remaining: Math.max(points - counter.calls, 0),
      msBeforeNext: counter.expiresAt === Infinity ? -1 : counter.expiresAt - now,
    };
  }

  private sweep(): void {
    const now = this.clock();
    for (const [key, counter] of this.counts) if (counter.expiresAt <= now) this.counts.delete(key);
  }
}

/** One process's counters; they start afresh when the process restarts. */
export class MemoryLimiterStore implements LimiterStore {
  // Node timers cannot wait longer than 2^31-1 ms (24.8 days); the memory store expires records by timer.
  readonly maxDurationS = 20 * 24 * 3600;
  readonly local = new WindowCounters();
  private readonly limiters = new LimiterCache();

  /** Used for the key guesses, whose limiter also blocks for a while once exceeded. */
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
