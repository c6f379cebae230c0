import type { FastifyInstance } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import { ApiError } from '../domain/errors.js';

/**
 * Rate limit and quota of the accepted subscription, after the key check and before parameters are
 * validated (the gateway's order). Admitted calls carry RateLimit-Limit, -Remaining and -Reset.
 */
export function installTrafficLimits(app: FastifyInstance, gateway: Gateway): void {
  app.addHook('onRequest', async (request, reply) => {
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
  });
}
