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
    reply.headers(await gateway.limits.admit(subscription, gateway.now()));
  } catch (error) {
    if (error instanceof ApiError) {
      gateway.metrics.refusals.inc({ reason: error.statusCode === 429 ? 'rate_limit' : 'quota' });
    }
    throw error;
  }
}
