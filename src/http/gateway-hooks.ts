import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { admit } from '../calls/admission.js';
import { handedOver } from '../calls/handover.js';
import { KEY_HEADER, presentedKey } from '../calls/presented-key.js';
import type { Gateway } from '../gateway/index.js';
import { serviceGroup } from './route-names.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The subscription the call's key belongs to, accepted or not: usage is counted against it. */
    subscriptionId?: number;
  }
}

/**
 * The gateway on every route of this scope, in the order of checks (contract notes): (404 before any of this, as
 * unknown routes have no hooks) key 401, then rate limit 429 and quota 403, then Fastify validates the
 * parameters (400). The rules are the call core's (calls/admission.ts); this hook only feeds it the
 * request and applies its decision, or the decision the fast path made before handing the call over.
 * Hooks are attached per route, like @fastify/rate-limit does, so each knows its service group from
 * the start instead of working it out on every call. Usage is counted on completion (metrics.ts).
 */
export function installGatewayHooks(app: FastifyInstance, gateway: Gateway): void {
  app.addHook('onRoute', (route) => {
    // CORS preflights carry no key by design (browsers never send one): never check or count them.
    if (route.method === 'OPTIONS') return;
    const group = serviceGroup(route.url);
    const check: onRequestHookHandler = async (request, reply) => {
      const admission =
        handedOver(request.raw) ??
        (await admit(gateway, {
          key: presentedKey(request.headers[KEY_HEADER], request.url),
          address: request.ip,
          group,
          now: gateway.now(),
        }));
      if (!admission.admitted) {
        request.subscriptionId = admission.subscriptionId;
        throw admission.refusal;
      }
      request.subscriptionId = admission.subscription.id;
      reply.headers(admission.headers);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
  });
}
