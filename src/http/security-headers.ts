import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

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
  await api.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Ocp-Apim-Subscription-Key', 'Content-Type'],
    exposedHeaders: EXPOSED,
    // Browsers cache a preflight this long (seconds), sparing a round trip per call.
    maxAge: 600,
  });
}
