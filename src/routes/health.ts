import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../domain/errors.js';
import type { Store } from '../store/db.js';

/** How long /ready waits for the database: a load balancer's probe should not hang on it. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness (/health): answers without a key and without touching the database, so a node is not
 * restarted for an outage of the database. Readiness (/ready): 503 while the database does not
 * answer, so the node is taken out of rotation until it does (the pools reconnect by themselves).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        hide: true,
        response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: Type.Ref('GatewayError') },
      },
    },
    async (request, reply) => {
      try {
        await answersWithin(store.ping(), READY_TIMEOUT_MS);
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'not ready: the database does not answer');
        return reply
          .code(503)
          .headers({ 'retry-after': '5', 'cache-control': 'no-store' })
          .send({ statusCode: 503, message: MESSAGES.unavailable });
      }
    },
  );
};

function answersWithin(ping: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
}
