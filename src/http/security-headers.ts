import type { IncomingMessage, ServerResponse } from 'node:http';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { ApiError, MESSAGES } from '../domain/errors.js';
import type { PublicAccessState } from '../gateway/public-access.js';
import { serviceGroup } from './route-names.js';
import { presentedKey } from './subscription-key.js';

/**
 * Helmet's defaults on every answer (no sniffing, no framing, no referrer, ...) except two:
 * - Content-Security-Policy: an API answer is JSON and needs none; the docs page and the explorer set
 *   their own, which a global one would override.
 * - Strict-Transport-Security: the service speaks plain HTTP; the TLS terminator in front owns HSTS.
 * None of them depends on the request, so helmet runs once, here, and every answer gets its headers
 * as one prepared object (running its middleware per request cost several microseconds a call).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders();

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  const middleware = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}

/** Answer headers a browser script on another origin may read. */
const EXPOSED = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'];

/**
 * The CORS headers the API's answers carry when every origin is allowed ('*'), as @fastify/cors sets
 * them on a call that is not a preflight: then they do not depend on the call. Undefined otherwise.
 */
export function anyOriginHeaders(origins: readonly string[]): Readonly<Record<string, string>> | undefined {
  if (!origins.includes('*')) return undefined;
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED.join(', ') };
}

/**
 * CORS for the API scope only (admin routes never answer cross-origin): reads with GET/HEAD and the one
 * POST operation, from the origins of CORS_ORIGINS ('*' for any, as public rate services do), and, on
 * the service groups public access opened, from its listed origins (see `corsOrigin`).
 */
export async function installApiCors(
  api: FastifyInstance,
  origins: readonly string[],
  publicAccess: PublicAccessState,
): Promise<void> {
  // OPTIONS is no operation: only a real preflight gets an answer; any other stays the gateway's 404
  // (the plugin would answer 400 in plain text).
  api.addHook('onRequest', async (request) => {
    const { origin, 'access-control-request-method': method } = request.headers;
    if (request.method === 'OPTIONS' && (!origin || !method)) throw new ApiError(404, MESSAGES.notFound);
  });
  const keyed: CorsOrigin = origins.includes('*') ? '*' : [...origins];
  const options = {
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Ocp-Apim-Subscription-Key', 'Content-Type'],
    exposedHeaders: EXPOSED,
    // Browsers cache a preflight this long (seconds), sparing a round trip per call.
    maxAge: 600,
  };
  await api.register(cors, {
    hook: 'onRequest',
    // Decided per call (public access changes at run time); the plugin then always adds Vary: Origin.
    delegator: (
      request: FastifyRequest,
      callback: (error: Error | null, options: FastifyCorsOptions) => void,
    ) => callback(null, { ...options, origin: corsOrigin(request, keyed, publicAccess) }),
  });
}

type CorsOrigin = '*' | string | string[] | false;

/**
 * Which origin may read this call's answer. A call without a key to a group public access opened is
 * readable only from public access's origins (whatever CORS_ORIGINS says: the page that calls keyless
 * is the bank's own); a preflight (never keyed) to such a group is allowed from them too; everything
 * else keeps CORS_ORIGINS.
 */
function corsOrigin(request: FastifyRequest, keyed: CorsOrigin, publicAccess: PublicAccessState): CorsOrigin {
  const group = serviceGroup(request.url.split('?', 1)[0]!);
  const origin = request.headers.origin;
  const listed = origin !== undefined && publicAccess.allowsOrigin(group, origin);
  if (request.method === 'OPTIONS') return listed ? origin : keyed;
  if (presentedKey(request) === undefined && publicAccess.admit(group)) return listed ? origin : false;
  return keyed;
}
