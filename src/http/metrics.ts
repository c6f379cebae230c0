import type { FastifyInstance } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import { operationOf } from './usage.js';

/** Request count and latency of every request the app answers, by operation and status. */
export function installRequestMetrics(app: FastifyInstance, gateway: Gateway): void {
  app.addHook('onResponse', async (request, reply) => {
    gateway.metrics.observe(operationOf(request), reply.statusCode, reply.elapsedTime / 1000);
  });
}
