import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../domain/errors.js';
import { hashKey } from '../domain/keys.js';
import { allowsGroup } from '../domain/subscriptions.js';
import type { Gateway } from '../gateway/index.js';
import { rateLimitExceeded } from '../gateway/traffic-limits.js';
import { isUsable, type Subscription } from '../store/key-repo.js';

export const KEY_HEADER = 'ocp-apim-subscription-key';
export const KEY_QUERY = 'subscription-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The subscription whose key was accepted. */
    subscription?: Subscription;
    /** The subscription the key belongs to, accepted or not: usage is counted against it. */
    subscriptionId?: number;
    /** A call admitted without a key (public access): the client address its limits count. */
    keylessAddress?: string;
  }
}

/**
 * The one rule for a call that presents no key (decisions.md section 7), used by the framework's key
 * check and by the direct answers alike: admitted as the anonymous subscription when public access
 * has opened the route's service group, else undefined (401, missing key). Its limits are then
 * counted per client address (`TrafficLimits.admit`). A call that presents a key never gets here: a
 * wrong key stays a 401, never an anonymous call.
 */
export function admitWithoutKey(gateway: Gateway, group: string): Subscription | undefined {
  return gateway.publicAccess.admit(group);
}

/** The key a call presents: its header, else the query parameter (read only when needed). */
export function presentedKeyOf(header: unknown, query: () => unknown): string | undefined {
  if (typeof header === 'string' && header !== '') return header;
  const value = query();
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The key in a URL's query string. A repeated key is presented as its values joined, which no key
 * can be (keys are hex), so it is refused as invalid: taken as no key, it would pass as a keyless
 * call where public access is open. Both the framework's key check and the direct answers read it
 * here, so they always agree on it.
 */
export function queryKey(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const values = new URLSearchParams(url.slice(q + 1)).getAll(KEY_QUERY);
  return values.length === 0 ? undefined : values.join(',');
}

export function presentedKey(request: FastifyRequest): string | undefined {
  return presentedKeyOf(request.headers[KEY_HEADER], () => queryKey(request.url));
}

/** Keys are hex; anything longer than this cannot be one and is not worth hashing. */
export const MAX_KEY_LENGTH = 128;

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

/**
 * The gateway's key check for a route of service group `group`: a key of a subscription that is
 * active, not expired and allowed into the group. Unknown keys are counted per client address; past
 * the budget the address gets 429 until its block ends (see KeyGuessGuard).
 */
export async function checkSubscriptionKey(
  gateway: Gateway,
  request: FastifyRequest,
  group: string,
): Promise<void> {
  const key = presentedKey(request);
  if (key === undefined) {
    const anonymous = admitWithoutKey(gateway, group);
    if (anonymous) {
      request.subscriptionId = anonymous.id;
      request.subscription = anonymous;
      request.keylessAddress = request.ip;
      return;
    }
    gateway.metrics.refusals.inc({ reason: 'missing_key' });
    throw new ApiError(401, MESSAGES.missingKey);
  }
  const hash = key.length <= MAX_KEY_LENGTH ? hashKey(key) : undefined;
  if (hash === undefined || !gateway.subscriptions.isKnown(hash)) {
    const waitMs = await guard(gateway, () => gateway.keyGuesses.waitMs(request.ip));
    if (waitMs > 0) throw tooManyGuesses(gateway, waitMs);
  }
  const subscription = hash === undefined ? undefined : await gateway.subscriptions.find(hash);
  if (!subscription) {
    const waitMs = await guard(gateway, () => gateway.keyGuesses.unknownKey(request.ip));
    if (waitMs > 0) throw tooManyGuesses(gateway, waitMs);
    gateway.metrics.refusals.inc({ reason: 'invalid_key' });
    throw new ApiError(401, MESSAGES.invalidKey);
  }
  request.subscriptionId = subscription.id;
  if (!isUsable(subscription, gateway.now()) || !allowsGroup(subscription.groups, group)) {
    gateway.metrics.refusals.inc({ reason: 'invalid_key' });
    throw new ApiError(401, MESSAGES.invalidKey);
  }
  request.subscription = subscription;
}
