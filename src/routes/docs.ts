import compress from '@fastify/compress';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

// The docs page runs only the service's own scripts and talks only to the service.
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI's bundle inserts one fixed <style>; its hash allows just that one (the browser tests
  // report any other inline style, e.g. after an upgrade of @fastify/swagger-ui).
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
].join('; ');

/** The OpenAPI document at /openapi.json and the interactive reference at /docs; no key needed. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  // Swagger UI is 1.7 MB as it ships; compressed for browsers that accept it (this plugin's routes only:
  // the API's answers are compressed by the answer cache, once per body).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Swagger UI's files ship in the package and are served from here: no CDN.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    uiConfig: {
      // "Try it out" sends the key entered under Authorize; keep it across reloads in this browser.
      persistAuthorization: true,
      tryItOutEnabled: true,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
    },
    theme: { title: 'Rates data service: API reference' },
  });
}
