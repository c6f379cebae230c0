import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityHeaders } from '../calls/answer-headers.js';
import { corsOrigin, EXPOSED_HEADERS, type CorsOrigin } from '../calls/cors.js';
import { KEY_HEADER, presentedKey } from '../calls/presented-key.js';
import { ApiError, MESSAGES } from '../domain/errors.js';
import type { PublicAccessState } from '../gateway/public-access.js';
import { serviceGroup } from './route-names.js';

/**
 * The call core's security headers (calls/answer-headers.ts) on every answer the framework sends: the
 * API's set under /api, the pages' set elsewhere.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders(request.url));
    done();
  });
}

/**
 * CORS for the API scope only (admin routes never answer cross-origin): reads with GET/HEAD and the one
 * POST operation, from the origins of CORS_ORIGINS ('*' for any, as public rate services do), and, on
 * the service groups public access opened, from its listed origins (the call core's `corsOrigin`).
 */
export async function installApiCors(
  api: FastifyInstance,
  /** CORS_ORIGINS (calls/cors.ts keyedOrigins). */
  keyed: CorsOrigin,
  publicAccess: PublicAccessState,
): Promise<void> {
  // OPTIONS is no operation: only a real preflight gets an answer; any other stays the gateway's 404
  // (the plugin would answer 400 in plain text).
  api.addHook('onRequest', async (request) => {
    const { origin, 'access-control-request-method': method } = request.headers;
    if (request.method === 'OPTIONS' && (!origin || !method)) throw new ApiError(404, MESSAGES.notFound);
  });
  const options = {
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Ocp-Apim-Subscription-Key', 'Content-Type', 'Accept-Datetime'],
    exposedHeaders: EXPOSED_HEADERS,
    // Browsers cache a preflight this long (seconds), sparing a round trip per call.
    maxAge: 600,
  };
  await api.register(cors, {
    hook: 'onRequest',
    // Decided per call (public access changes at run time); the plugin then always adds Vary: Origin.
    delegator: (
      request: FastifyRequest,
      callback: (error: Error | null, options: FastifyCorsOptions) => void,
    ) => {
      const call = {
        method: request.method,
        origin: request.headers.origin,
        keyless: presentedKey(request.headers[KEY_HEADER], request.url) === undefined,
        group: serviceGroup(request.url.split('?', 1)[0]!),
      };
      callback(null, { ...options, origin: corsOrigin(call, keyed, publicAccess) });
    },
  });
}
