import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import type { Gateway } from '../gateway/index.js';

/**
 * Rate limit and quota of the accepted subscription, after the key check and before parameters are
 * validated (the gateway's order). Admitted calls carry RateLimit-Limit, -Remaining and -Reset.
 */
export async function applyTrafficLimits(
  gateway: Gateway,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const subscription = request.subscription;
  if (!subscription) return;
  try {
    // A failed shared store (Redis) lets the call through without headers, or refuses it with 503.
    const admit = () => gateway.limits.admit(subscription, gateway.now());
    reply.headers(await gateway.limiterFailures.guard(admit, {}));
  } catch (error) {
    if (error instanceof ApiError) {
      const status = error.statusCode;
      const reason = status === 429 ? 'rate_limit' : status === 403 ? 'quota' : 'limits_unavailable';
      gateway.metrics.refusals.inc({ reason });
    }
    throw error;
  }
}
