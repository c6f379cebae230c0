import type { FastifyInstance, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import { handedOver } from './direct-answers.js';
import { operationName, serviceGroup } from './route-names.js';
import { checkSubscriptionKey } from './subscription-key.js';
import { applyTrafficLimits } from './traffic-limits.js';
import { countUsage } from './usage.js';

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The gateway on every route of this scope, in the decisions' order: (404 before any of this, as
 * unknown routes have no hooks) key 401, then rate limit 429 and quota 403, then Fastify validates the
 * parameters (400). Hooks are attached per route, like @fastify/rate-limit does, so each knows its
 * service group and operation from the start instead of working them out on every call.
 */
export function installGatewayHooks(app: FastifyInstance, gateway: Gateway): void {
  app.addHook('onRoute', (route) => {
    // CORS preflights carry no key by design (browsers never send one): never check or count them.
    if (route.method === 'OPTIONS') return;
    const group = serviceGroup(route.url);
    const operation = operationName(route);
    const check: onRequestHookHandler = async (request, reply) => {
      // A call the direct answers checked and counted, then handed over to answer its refusal.
      const handed = handedOver(request.raw);
      if (handed) {
        request.subscriptionId = handed.subscription.id;
        request.subscription = handed.subscription;
        request.keylessAddress = handed.address;
      } else {
        await checkSubscriptionKey(gateway, request, group);
      }
      await applyTrafficLimits(gateway, request, reply, handed?.limits);
    };
    const count: onResponseHookHandler = (request, reply, done) => {
      countUsage(gateway, request, reply, operation);
      done();
    };
    route.onRequest = [...asArray(route.onRequest), check];
    route.onResponse = [...asArray(route.onResponse), count];
  });
}
