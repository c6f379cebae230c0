import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOne, type LimiterStore } from './limiter-store.js';

/** How long an address that went over must wait, in seconds. */
const BLOCK_S = 300;

/**
 * Slows down key guessing: unknown keys are counted per client address, and an address over its
 * budget gets 429 for every key this process has not already seen to be valid, before any lookup.
 * Other addresses, and known keys from the same address (clients behind one NAT), keep working.
 */
export class KeyGuessGuard {
  private readonly limiter: RateLimiterAbstract;

  /** `perMinute`: unknown keys one client address may present per minute before it is made to wait (KEY_GUESS_LIMIT). */
  constructor(
    store: LimiterStore,
    private readonly perMinute: number,
  ) {
    this.limiter = store.limiter({
      keyPrefix: 'key-guess',
      points: perMinute,
      duration: 60,
      blockDuration: BLOCK_S,
    });
  }

  /** Milliseconds the address still has to wait, 0 when it may try a key. */
  async waitMs(address: string): Promise<number> {
    const res = await this.limiter.get(address);
    return res !== null && res.consumedPoints > this.perMinute ? Math.max(res.msBeforeNext, 1) : 0;
  }

  /** Counts an unknown key from the address; milliseconds to wait when that put it over, else 0. */
  async unknownKey(address: string): Promise<number> {
    const result = await consumeOne(this.limiter, address);
    return result.allowed ? 0 : Math.max(result.msBeforeNext, 1);
  }
}
