import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import type { Gateway } from '../gateway/index.js';
import type { Subscription } from '../store/key-repo.js';

/**
 * Counts one call of an accepted subscription against its rate limit and quota: resolves with the
 * RateLimit-* headers of an admitted call, or rejects with the 429, 403 or (limits' store down, fail
 * closed) 503 to answer. A refusal is counted in the metrics here, once, whoever answers it.
 */
export async function admitCall(
  gateway: Gateway,
  subscription: Subscription,
  now = gateway.now(),
  /** A call without a key (public access): the client address whose own limits count it. */
  address?: string,
): Promise<Record<string, string>> {
  try {
    // A failed shared store (Redis) lets the call through without headers, or refuses it with 503.
    const admit = () => gateway.limits.admit(subscription, now, address);
    return await gateway.limiterFailures.guard(admit, {});
  } catch (error) {
    throw countedRefusal(gateway, error);
  }
}

/**
 * `admitCall` at once, when the limits count in this process's memory: the headers of an admitted
 * call, or throws its refusal. Undefined, having counted nothing, when only `admitCall` can count.
 */
export function admitCallNow(
  gateway: Gateway,
  subscription: Subscription,
  now: Date,
): Record<string, string> | undefined {
  try {
    return gateway.limits.admitNow(subscription, now);
  } catch (error) {
    throw countedRefusal(gateway, error);
  }
}

function countedRefusal(gateway: Gateway, error: unknown): unknown {
  if (error instanceof ApiError) {
    const status = error.statusCode;
    const reason = status === 429 ? 'rate_limit' : status === 403 ? 'quota' : 'limits_unavailable';
    gateway.metrics.refusals.inc({ reason });
  }
  return error;
}

/**
 * Rate limit and quota of the accepted subscription, after the key check and before parameters are
 * validated (the gateway's order). Admitted calls carry RateLimit-Limit, -Remaining and -Reset.
 * `counted` is the outcome of a count made already for this call (by the direct answers), so a call
 * is never counted twice.
 */
export async function applyTrafficLimits(
  gateway: Gateway,
  request: FastifyRequest,
  reply: FastifyReply,
  counted?: Promise<Record<string, string>>,
): Promise<void> {
  const subscription = request.subscription;
  if (!subscription) return;
  reply.headers(await (counted ?? admitCall(gateway, subscription, undefined, request.keylessAddress)));
}
