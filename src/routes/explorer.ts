import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build:web` writes the explorer (web/dist), from src/ and from dist/ alike. */
export const WEB_ROOT = join(import.meta.dirname, '..', '..', 'web', 'dist');

// The explorer runs only its own bundled scripts and calls only this service's API.
const EXPLORER_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
].join('; ');

/** The explorer web app at / and the developer portal at /portal: their built files, served as they are, without a key. */
export async function explorerRoutes(app: FastifyInstance, { root = WEB_ROOT }: { root?: string }) {
  if (!existsSync(join(root, 'index.html'))) {
    // A checkout started without `npm start` (which builds it first): say so instead of a bare 404.
    app.log.warn({ root }, 'explorer not built; run npm run build:web');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The explorer is not built: run npm run build:web'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // One route per built file, found at start: no catch-all, so unknown paths keep the gateway 404.
    wildcard: false,
    // The build writes .br and .gz copies (web/vite.config.ts): sent to browsers that accept them.
    preCompressed: true,
    // Vite names assets by content hash; only index.html must be fetched anew.
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(join(root, 'assets'));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('content-security-policy', EXPLORER_CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    },
  });
  // The developer portal, the build's second page: at /portal, with the same headers (its links'
  // tokens ride in the fragment, which no request carries).
  if (existsSync(join(root, 'portal.html'))) {
    app.get('/portal', { schema: { hide: true } }, (_request, reply) => reply.sendFile('portal.html'));
  }
}
