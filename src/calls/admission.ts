import { ApiError, MESSAGES } from '../domain/errors.js';
import { hashKey } from '../domain/keys.js';
import { allowsGroup, isUsable, type Subscription } from '../domain/subscriptions.js';
import type { Gateway } from '../gateway/index.js';
import { rateLimitExceeded } from '../gateway/traffic-limits.js';
import { MAX_KEY_LENGTH } from './presented-key.js';

/** What admission needs to know of a call. */
export interface AskedCall {
  /** The key the call presents (presentedKey); undefined: none. */
  key: string | undefined;
  /** The client's address: limits of a call without a key, and unknown keys, are counted by its client (Gateway.clientOf). */
  address: string;
  /** The service group of the operation called. */
  group: string;
  now: Date;
}

/** The gateway's decision on a call: go ahead with these limit headers, or this refusal. */
export type Admission =
  | {
      admitted: true;
      subscription: Subscription;
      /** Admitted without a key (public access): its limits were counted per client address. */
      keyless: boolean;
      /** RateLimit-Limit, -Remaining and -Reset. */
      headers: Record<string, string>;
    }
  | {
      admitted: false;
      /** What to answer: an ApiError (401, 403, 429, 503), or a failure the error handler maps. */
      refusal: unknown;
      /** The subscription the key belongs to, when it is known: usage counts the refusal against it. */
      subscriptionId: number | undefined;
    };

type Identity = { subscription: Subscription; keyless: boolean } | Extract<Admission, { admitted: false }>;

/**
 * The gateway's admission of a call, in the order of checks (contract notes): key (401), then rate limit (429) and
 * quota (403). A call without a key is admitted as the anonymous subscription when public access has
 * opened the group (docs/public-access.md), its limits counted per client address; a call that
 * presents a key never gets there (a wrong key stays a 401). Every refusal is counted in the
 * metrics here, once, whoever answers it.
 *
 * The answer comes at once, without a promise, when this process's memory decides it (a key read
 * already, limits counted in memory): the common case, and the one the fast path is made for.
 * `hash` is hashKey, or a cheaper equivalent (one hash per keep-alive connection).
 */
export function admit(
  gateway: Gateway,
  call: AskedCall,
  hash: (key: string) => string = hashKey,
): Admission | Promise<Admission> {
  const identity = identifyNow(gateway, call, hash);
  if (identity === undefined) {
    return identifySlowly(gateway, call, hash).then(
      (found) => ('admitted' in found ? found : limit(gateway, found, call)),
      (error: unknown) => refused(error, undefined),
    );
  }
  return 'admitted' in identity ? identity : limit(gateway, identity, call);
}

/** Who the call is, from memory; undefined when only the database can tell (a key not read yet). */
function identifyNow(gateway: Gateway, call: AskedCall, hash: (key: string) => string): Identity | undefined {
  const { key } = call;
  if (key === undefined) {
    const anonymous = gateway.publicAccess.admit(call.group);
    if (anonymous) return { subscription: anonymous, keyless: true };
    gateway.metrics.refusals.inc({ reason: 'missing_key' });
    return refused(new ApiError(401, MESSAGES.missingKey), undefined);
  }
  if (key.length > MAX_KEY_LENGTH) return undefined;
  const subscription = gateway.subscriptions.peek(hash(key));
  return subscription && allowed(gateway, subscription, call);
}

/**
 * Who the call is, reading the database for a key this process has not read (lookUpKey: a guessing
 * address gets 429 until its block ends).
 */
async function identifySlowly(
  gateway: Gateway,
  call: AskedCall,
  hash: (key: string) => string,
): Promise<Identity> {
  const found = await lookUpKey(gateway, call.key!, call.address, hash);
  if ('waitMs' in found) return refused(tooManyGuesses(gateway, found.waitMs), undefined);
  if (!found.subscription) {
    gateway.metrics.refusals.inc({ reason: 'invalid_key' });
    return refused(new ApiError(401, MESSAGES.invalidKey), undefined);
  }
  return allowed(gateway, found.subscription, call);
}

/** A key looked up: its subscription (undefined: no such key), or how long its guessing address must wait. */
export type KeyLookup = { subscription: Subscription | undefined } | { waitMs: number };

/**
 * The subscription behind `key`, whatever its state, from the database when this process has not read
 * it. Unknown keys are counted per client address; past the budget the address waits (KeyGuessGuard),
 * and no key it has not seen to be valid is looked up. /api/ calls and the portal's key check both ask
 * here, so a guess counts the same wherever it is made.
 */
export async function lookUpKey(
  gateway: Gateway,
  key: string,
  address: string,
  hash: (key: string) => string = hashKey,
): Promise<KeyLookup> {
  const hashed = key.length <= MAX_KEY_LENGTH ? hash(key) : undefined;
  const client = gateway.clientOf(address);
  if (hashed === undefined || !gateway.subscriptions.isKnown(hashed)) {
    const waitMs = await guard(gateway, () => gateway.keyGuesses.waitMs(client));
    if (waitMs > 0) return { waitMs };
  }
  const subscription = hashed === undefined ? undefined : await gateway.subscriptions.find(hashed);
  if (subscription) return { subscription };
  const waitMs = await guard(gateway, () => gateway.keyGuesses.unknownKey(client));
  return waitMs > 0 ? { waitMs } : { subscription: undefined };
}

/** A key's subscription must be active, not expired, and allowed into the group called. */
function allowed(gateway: Gateway, subscription: Subscription, call: AskedCall): Identity {
  if (isUsable(subscription, call.now) && allowsGroup(subscription.groups, call.group)) {
    return { subscription, keyless: false };
  }
  gateway.metrics.refusals.inc({ reason: 'invalid_key' });
  return refused(new ApiError(401, MESSAGES.invalidKey), subscription.id);
}

/**
 * Counts the call against its subscription's rate limit and quota: at once when the counters live in
 * this process, else in the shared store (Redis), whose failure lets the call through without headers
 * or refuses it with 503 (REDIS_FAILURE_MODE).
 */
function limit(
  gateway: Gateway,
  identity: Exclude<Identity, { admitted: false }>,
  call: AskedCall,
): Admission | Promise<Admission> {
  const { subscription, keyless } = identity;
  // Counted per client: an IPv6 one by its prefix, not by each of its addresses (Gateway.clientOf).
  const address = keyless ? gateway.clientOf(call.address) : undefined;
  const go = (headers: Record<string, string>): Admission => ({
    admitted: true,
    subscription,
    keyless,
    headers,
  });
  const stop = (error: unknown) => refused(countedRefusal(gateway, error), subscription.id);
  try {
    const counted = gateway.limits.admitNow(subscription, call.now, address);
    if (counted) return go(counted);
  } catch (error) {
    return stop(error);
  }
  const count = () => gateway.limits.admit(subscription, call.now, address);
  return gateway.limiterFailures.guard(count, {}).then(go, stop);
}

function countedRefusal(gateway: Gateway, error: unknown): unknown {
  if (error instanceof ApiError) {
    const status = error.statusCode;
    const reason = status === 429 ? 'rate_limit' : status === 403 ? 'quota' : 'limits_unavailable';
    gateway.metrics.refusals.inc({ reason });
  }
  return error;
}

function tooManyGuesses(gateway: Gateway, waitMs: number): ApiError {
  gateway.metrics.refusals.inc({ reason: 'key_guessing' });
  return rateLimitExceeded(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** A key-guess count whose shared store failed: no wait (fail open) or 503 (fail closed). */
function guard(gateway: Gateway, count: () => Promise<number>): Promise<number> {
  return gateway.limiterFailures.guard(count, 0).catch((error: unknown) => {
    gateway.metrics.refusals.inc({ reason: 'limits_unavailable' });
    throw error;
  });
}

function refused(
  refusal: unknown,
  subscriptionId: number | undefined,
): Extract<Admission, { admitted: false }> {
  return { admitted: false, refusal, subscriptionId };
}
