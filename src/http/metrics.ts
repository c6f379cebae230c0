import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { countCall } from '../calls/completion.js';
import type { Gateway } from '../gateway/index.js';
import { operationName } from './route-names.js';

/**
 * Every answered request counted by the call core (calls/completion.ts): in usage, when its key
 * named a subscription (gateway-hooks.ts), and in the request metrics by operation and status.
 */
export function installRequestMetrics(app: FastifyInstance, gateway: Gateway): void {
  const complete =
    (operation: string): onResponseHookHandler =>
    (request, reply, done) => {
      countCall(gateway, {
        operation,
        statusCode: reply.statusCode,
        ms: reply.elapsedTime,
        subscriptionId: request.subscriptionId,
        url: request.url,
        requestId: request.id,
      });
      done();
    };
  // Routes get their own hook with their name worked out once; requests no route matched, one here.
  app.addHook('onRoute', (route) => {
    const hooks = route.onResponse === undefined ? [] : [route.onResponse].flat();
    route.onResponse = [...hooks, complete(operationName(route))];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      const call = { operation: 'unmatched', statusCode: reply.statusCode, ms: reply.elapsedTime };
      countCall(gateway, { ...call, subscriptionId: undefined });
    }
    done();
  });
}
