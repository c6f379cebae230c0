import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Window } from '../domain/windows.js';

// The counting itself is rate-limiter-flexible's. This small interface is the one place that knows
// where its counters live: in this process's memory (MemoryLimiterStore, below), in Redis, shared
// by several nodes (RedisLimiterStore, redis-limiter-store.ts), or in the primary of a cluster of
// workers (ClusterLimiterStore, src/cluster/cluster-limiter-store.ts).

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
  readonly local?: LocalCounters;
  /** Subscriptions' rate limits and quotas counted by another process (a cluster's primary). */
  readonly shared?: SharedCounters;
}

/** Rate limit and quota counted together, in one exchange, by the process that holds the counters. */
export interface SharedCounters {
  /**
   * Counts one call of `subscriptionId` in its rate window and, unless that put it over `ratePoints`,
   * in its quota window. Resolves with the calls made in each, this one included (0: not counted).
   */
  count(
    subscriptionId: number,
    rate: Window | undefined,
    ratePoints: number,
    quota: Window | undefined,
  ): Promise<[number, number]>;
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
 * Calls counted in this process's memory, at once, without the promise rate-limiter-flexible wraps
 * every count in (most of what the limit checks took; measured: CONTRIBUTING.md, Measurements behind the code). One counter per
 * subscription, for the window its last call fell in, started afresh when a call falls in another:
 * a call builds no key string, and nothing is left behind to sweep.
 */
export class WindowCounters {
  private readonly counts = new Map<number, { startsAt: number; endsAt: number; calls: number }>();

  /** Counts one call of `subscriptionId` in `window`; returns how many it has made there, this one included. */
  count(subscriptionId: number, window: Window): number {
    const counter = this.counts.get(subscriptionId);
    if (counter && counter.startsAt === window.startsAt && counter.endsAt === window.endsAt) {
      return ++counter.calls;
    }
    this.counts.set(subscriptionId, { startsAt: window.startsAt, endsAt: window.endsAt, calls: 1 });
    return 1;
  }
}

/** The in-process counters of the two limits: the rate limit's and the quota's. */
export interface LocalCounters {
  rate: WindowCounters;
  quota: WindowCounters;
}

/** One process's counters; they start afresh when the process restarts. */
export class MemoryLimiterStore implements LimiterStore {
  // Node timers cannot wait longer than 2^31-1 ms (24.8 days); the memory store expires records by timer.
  readonly maxDurationS = 20 * 24 * 3600;
  readonly local: LocalCounters = { rate: new WindowCounters(), quota: new WindowCounters() };
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
