import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { frameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { loggerOptions } from './http/logging.js';
import { installRequestIdHeader, requestId } from './http/request-id.js';
import { apiRoutes } from './routes/api.js';
import { healthRoutes } from './routes/health.js';
import type { Store } from './store/db.js';
import { createRepositories } from './store/repositories.js';
import { AdminTokenRepository } from './store/admin-token-repo.js';
import { adminRoutes } from './routes/admin/index.js';

export interface AppOptions {
  config: Pick<Config, 'logLevel' | 'bodyLimit' | 'requestTimeoutMs'> &
    Partial<Pick<Config, 'adminBodyLimit'>>;
  store: Store;
  /** The clock behind "today"; tests pin it. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
  /** Which parts this app serves; the server can put the admin routes on a port of their own. */
  parts?: { api: boolean; admin: boolean };
}

/** The whole HTTP app, as the server runs it and as every test builds it. */
export async function buildApp({
  config,
  store,
  now = () => new Date(),
  logStream,
  parts = { api: true, admin: true },
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream
      ? { ...loggerOptions(config.logLevel), stream: logStream }
      : loggerOptions(config.logLevel),
    genReqId: requestId,
    requestIdHeader: false,
    // The original was an ASP.NET service; its clients rely on case-insensitive paths.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestIdHeader(app);
  installErrorHandling(app);

  await app.register(healthRoutes);
  if (parts.admin) {
    await app.register(adminRoutes, {
      prefix: '/admin',
      store,
      adminTokens: new AdminTokenRepository(store.db),
      bodyLimit: config.adminBodyLimit ?? 100 * 1024 * 1024,
      now,
    });
  }
  if (parts.api) await app.register(apiRoutes, { prefix: '/api', repos: createRepositories(store.db), now });
  return app;
}
