import type { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LimiterCache, type LimiterOptions, type LimiterStore } from './limiter-store.js';

/**
 * Counters in Redis, shared by every node using the same Redis and key prefix: a key's rate limit and
 * quota, and an address's key guesses, count the same whichever node a call reaches. Counting is
 * rate-limiter-flexible's own (one Lua script per call, atomic in Redis).
 */
export class RedisLimiterStore implements LimiterStore {
  // Redis expires keys by its own clock, with no timer limit; a year is well past the longest window
  // (a Bangkok month), so every counter gets an expiry and none is kept for ever.
  readonly maxDurationS = 366 * 24 * 3600;
  private readonly limiters = new LimiterCache();

  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
  ) {}

  limiter(options: LimiterOptions): RateLimiterAbstract {
    return this.limiters.get(
      options,
      () =>
        new RateLimiterRedis({
          ...options,
          keyPrefix: `${this.keyPrefix}${options.keyPrefix}`,
          // An ioredis client, as the library documents it (useRedisPackage is for node-redis).
          storeClient: this.client,
          // While disconnected, fail at once rather than send into a closed connection.
          rejectIfRedisNotReady: true,
        }),
    );
  }
}
