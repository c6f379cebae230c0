import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { ApiError, MESSAGES } from '../domain/errors.js';

/**
 * Helmet's defaults on every answer (no sniffing, no framing, no referrer, ...) except two:
 * - Content-Security-Policy: an API answer is JSON and needs none; the docs page and the explorer set
 *   their own, which a global one would override.
 * - Strict-Transport-Security: the service speaks plain HTTP; the TLS terminator in front owns HSTS.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** Answer headers a browser script on another origin may read. */
const EXPOSED = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'];

/**
 * CORS for the API scope only (admin routes never answer cross-origin): reads with GET/HEAD and the one
 * POST operation, from the origins of CORS_ORIGINS ('*' for any, as public rate services do).
 */
export async function installApiCors(api: FastifyInstance, origins: readonly string[]): Promise<void> {
  // OPTIONS is no operation: only a real preflight gets an answer; any other stays the gateway's 404
  // (the plugin would answer 400 in plain text).
  api.addHook('onRequest', async (request) => {
    const { origin, 'access-control-request-method': method } = request.headers;
    if (request.method === 'OPTIONS' && (!origin || !method)) throw new ApiError(404, MESSAGES.notFound);
  });
  await api.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Ocp-Apim-Subscription-Key', 'Content-Type'],
    exposedHeaders: EXPOSED,
    // Browsers cache a preflight this long (seconds), sparing a round trip per call.
    maxAge: 600,
  });
}
