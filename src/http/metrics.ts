import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import { operationName } from './route-names.js';

/** Request count and latency of every request the app answers, by operation and status. */
export function installRequestMetrics(app: FastifyInstance, gateway: Gateway): void {
  const observe =
    (operation: string): onResponseHookHandler =>
    (_request, reply, done) => {
      gateway.metrics.observe(operation, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  // Routes get their own hook with their name worked out once; requests no route matched, one here.
  app.addHook('onRoute', (route) => {
    const hooks = route.onResponse === undefined ? [] : [route.onResponse].flat();
    route.onResponse = [...hooks, observe(operationName(route))];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) gateway.metrics.observe('unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
