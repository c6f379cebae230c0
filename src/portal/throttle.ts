import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOne, type LimiterOptions, type LimiterStore } from '../gateway/limiter-store.js';
import { mailboxOf } from './addresses.js';
import { PortalError } from './errors.js';

/**
 * The portal's limits, in the gateway's limiter store (Redis with REDIS_URL, so every node counts
 * together). Two kinds:
 * - Tries that send mail or spend a token (sign-up, forgot, an email change, a link), counted each
 *   time per client address and kind, and those that send mail per recipient's mailbox, whichever
 *   kind and whoever asks (whether the address has an account or not, so the limit tells nothing): one
 *   person with many accounts or addresses cannot fill someone's mailbox.
 * - Wrong passwords, counted only when wrong and checked before the password is (rate-limiter-flexible's
 *   "login endpoint protection"): per client address, per address and account, and for a signed-in
 *   developer per account. Never per account alone: others' failures must not keep the owner out.
 * Each further tier counts a longer window and blocks for longer, so a client that keeps trying
 * waits longer each time.
 */
type Tier = Omit<LimiterOptions, 'keyPrefix'>;
const TIERS = {
  address: [
    { points: 20, duration: 60, blockDuration: 60 },
    { points: 100, duration: 3600, blockDuration: 3600 },
  ],
  recipient: [
    { points: 5, duration: 60, blockDuration: 60 },
    { points: 10, duration: 3600, blockDuration: 900 },
    { points: 20, duration: 86_400, blockDuration: 3600 },
  ],
  // Wrong passwords.
  'fail-address': [
    { points: 20, duration: 600, blockDuration: 600 },
    { points: 100, duration: 86_400, blockDuration: 86_400 },
  ],
  'fail-pair': [
    { points: 5, duration: 60, blockDuration: 60 },
    { points: 10, duration: 86_400, blockDuration: 3600 },
  ],
  'fail-developer': [
    { points: 5, duration: 60, blockDuration: 60 },
    { points: 20, duration: 86_400, blockDuration: 3600 },
  ],
} satisfies Record<string, Tier[]>;
type Counter = keyof typeof TIERS;

export type Attempt = 'signup' | 'reset' | 'email' | 'token';

/** A wrong password (or second-step code), as the checks answer it. */
const WRONG = new Set(['signin_failed', 'password_wrong', 'code_invalid']);

export class Throttle {
  private readonly limiters = new Map<string, RateLimiterAbstract[]>();

  constructor(private readonly store: LimiterStore) {}

  /** Counts one try, and one mail to `recipient`; throws 429 rate_limited with Retry-After when any tier is over. */
  async attempt(kind: Attempt, address: string, recipient?: string): Promise<void> {
    const counts = [this.consume(kind, 'address', address)];
    if (recipient !== undefined) counts.push(this.consume('mail', 'recipient', digest(mailboxOf(recipient))));
    refuseFor(Math.max(...(await Promise.all(counts))));
  }

  /** A sign-in's password check, refused at once while the address, or the address and account, are blocked. */
  signin<T>(address: string, email: string, check: () => Promise<T>): Promise<T> {
    const pair = `${address}|${digest(email)}`;
    return this.guard(
      [
        ['fail-address', address],
        ['fail-pair', pair],
      ],
      check,
    );
  }

  /** A signed-in developer's password check (change, close, new address): only their own failures count. */
  password<T>(developerId: number, check: () => Promise<T>): Promise<T> {
    return this.guard([['fail-developer', String(developerId)]], check);
  }

  private async guard<T>(counters: [Counter, string][], check: () => Promise<T>): Promise<T> {
    const blocked = await Promise.all(counters.map(([name, key]) => this.blockedFor(name, key)));
    refuseFor(Math.max(...blocked));
    try {
      const result = await check();
      // The right password: the consecutive failures of this account start again (not the address's).
      const [name, key] = counters.at(-1)!;
      await Promise.all(this.limitersOf('signin', name).map((l) => l.delete(key)));
      return result;
    } catch (error) {
      if (error instanceof PortalError && WRONG.has(error.code)) {
        const waits = await Promise.all(counters.map(([name, key]) => this.consume('signin', name, key)));
        refuseFor(Math.max(...waits));
      }
      throw error;
    }
  }

  /** How long `key` is blocked for (ms), by the failures counted so far; 0 when it may try. */
  private async blockedFor(name: Counter, key: string): Promise<number> {
    let waitMs = 0;
    for (const [i, limiter] of this.limitersOf('signin', name).entries()) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints > TIERS[name][i]!.points) waitMs = Math.max(waitMs, res.msBeforeNext, 1);
    }
    return waitMs;
  }

  private async consume(kind: Attempt | 'signin' | 'mail', by: Counter, key: string): Promise<number> {
    let waitMs = 0;
    for (const limiter of this.limitersOf(kind, by)) {
      const result = await consumeOne(limiter, key);
      if (!result.allowed) waitMs = Math.max(waitMs, result.msBeforeNext, 1);
    }
    return waitMs;
  }

  private limitersOf(kind: Attempt | 'signin' | 'mail', by: Counter): RateLimiterAbstract[] {
    const name = `${kind}-${by}`;
    let limiters = this.limiters.get(name);
    if (!limiters) {
      limiters = TIERS[by].map((tier, i) =>
        this.store.limiter({ keyPrefix: `portal-${name}-${i}`, ...tier }),
      );
      this.limiters.set(name, limiters);
    }
    return limiters;
  }
}

function refuseFor(waitMs: number): void {
  if (waitMs > 0) throw tooManyAttempts(waitMs);
}

/** 429 rate_limited, with Retry-After: the client must wait `waitMs` (more than 0). */
export function tooManyAttempts(waitMs: number): PortalError {
  const seconds = Math.ceil(waitMs / 1000);
  return new PortalError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} seconds.`, {
    'retry-after': String(seconds),
  });
}

/** Emails are hashed: the limiter's keys (in Redis too) hold no address. */
function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
