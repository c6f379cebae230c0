import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { bootstrapDemo } from './demo-bootstrap.js';
import { startGateway } from './gateway/index.js';
import { openStore } from './store/db.js';
import { migrateToLatest } from './store/migrate.js';

/** Process entry: read the settings, prepare the database, listen, and shut down cleanly. */
export async function serve(): Promise<void> {
  const config = loadConfig();
  // A long import in another process holds the write lock for a while: never freeze serving for it.
  const store = openStore(config.databaseUrl, { busyTimeoutMs: 100 });
  await migrateToLatest(store.db);
  if (config.demoOnEmpty) await bootstrapDemo(store, config, (line) => process.stdout.write(`${line}\n`));

  // One gateway (key cache, limit counters, usage, metrics) serves every listener of the process.
  const logger: { app?: FastifyInstance } = {};
  const gateway = await startGateway({
    store,
    keyGuesses: { perMinute: config.keyGuessLimit, blockS: 300 },
    usageFlushMs: config.usageFlushMs,
    onError: (err, what) => logger.app?.log.error({ err }, what),
  });
  // ADMIN_PORT and METRICS_PORT move admin routes and /metrics to listeners of their own (e.g. on a
  // private interface); without them they share the API's listener.
  const separateAdmin = config.adminPort !== null;
  const separateMetrics = config.metricsPort !== null;
  const app = await buildApp({
    config,
    store,
    gateway,
    parts: { api: true, admin: !separateAdmin, metrics: !separateMetrics },
  });
  logger.app = app;
  const admin = separateAdmin
    ? await buildApp({ config, store, gateway, parts: { api: false, admin: true, metrics: false } })
    : undefined;
  const metrics = separateMetrics
    ? await buildApp({ config, store, gateway, parts: { api: false, admin: false, metrics: true } })
    : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await Promise.all([app.close(), admin?.close(), metrics?.close()]);
    await gateway.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (admin) await admin.listen({ port: config.adminPort ?? 0, host: config.adminHost });
  if (metrics) await metrics.listen({ port: config.metricsPort ?? 0, host: config.metricsHost });
}
