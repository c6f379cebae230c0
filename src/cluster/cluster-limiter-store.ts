import { RateLimiterCluster, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  LimiterCache,
  type LimiterOptions,
  type LimiterStore,
  type SharedCounters,
} from '../gateway/limiter-store.js';
import { COUNTS_CHANNEL, type CountAnswer } from './messages.js';
import { SharedCountsClient } from './shared-counts-client.js';

/**
 * The limits of a cluster worker (WORKERS > 1, no Redis): every count is made by the primary, so a
 * key's rate limit and quota, an address's key guesses and a keyless address's limits are exact
 * whichever worker a call reaches. Subscriptions' limits go through SharedCountsClient (batched,
 * one message a turn); the rest through rate-limiter-flexible's cluster limiter, which counts in a
 * RateLimiterMemory in the primary (RateLimiterClusterMaster, started there).
 */
export class ClusterLimiterStore implements LimiterStore {
  // The primary's memory store expires records by timer, as MemoryLimiterStore does.
  readonly maxDurationS = 20 * 24 * 3600;
  readonly shared: SharedCounters;
  private readonly limiters = new LimiterCache();

  constructor() {
    if (!process.send) throw new Error('ClusterLimiterStore runs in a cluster worker only');
    const send = process.send.bind(process);
    const client = new SharedCountsClient((message) => send(message));
    process.on('message', (message: CountAnswer) => {
      if (message?.channel === COUNTS_CHANNEL) client.receive(message);
    });
    this.shared = client;
  }

  limiter(options: LimiterOptions): RateLimiterAbstract {
    // The primary keeps one limiter per prefix, made with the options of the first worker asking:
    // each number of points gets a prefix of its own, so two subscriptions' limits never share one.
    return this.limiters.get(
      options,
      () =>
        new RateLimiterCluster({
          ...options,
          keyPrefix: `${options.keyPrefix}:${options.points}`,
          timeoutMs: 2000,
        }),
    );
  }
}
