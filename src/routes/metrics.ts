import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Gateway } from '../gateway/index.js';

/** Prometheus scrape endpoint; no subscription key (put it on its own port with METRICS_PORT). */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ gateway: Gateway }> = async (app, { gateway }) => {
  app.get(
    '/metrics',
    { schema: { hide: true, response: { 200: Type.String() } } },
    async (_request, reply) => {
      reply.header('content-type', gateway.metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return gateway.metrics.registry.metrics();
    },
  );
};
