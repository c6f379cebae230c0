import type { FastifyPluginAsync } from 'fastify';
import { installAdminAuth } from '../../http/admin-auth.js';
import type { AdminContext } from './context.js';
import { batchRoutes } from './batches.js';
import { historyRoutes } from './history.js';
import { publicAccessRoutes } from './public-access.js';
import { subscriptionRoutes } from './subscriptions.js';
import { portalAdminRoutes } from './portal.js';

/** Everything under /admin: publishing and subscriptions, behind the admin token. */
export const adminRoutes: FastifyPluginAsync<AdminContext> = async (app, options) => {
  // Fastify hands the plugin its own `prefix` too; pass on only the context.
  const context: AdminContext = {
    store: options.store,
    adminTokens: options.adminTokens,
    bodyLimit: options.bodyLimit,
    now: options.now,
    gateway: options.gateway,
    mailer: options.mailer,
    portalConfig: options.portalConfig,
  };
  installAdminAuth(app, context.adminTokens);
  // Batches arrive as CSV, JSON or NDJSON; they are read whole, up to the admin body limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: context.bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(batchRoutes, context);
  await app.register(historyRoutes, context);
  await app.register(subscriptionRoutes, context);
  await app.register(publicAccessRoutes, context);
  await app.register(portalAdminRoutes, context);
};
