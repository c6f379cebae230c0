import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { serviceLogStream } from './http/log-destination.js';
import { bootstrapDemo } from './demo-bootstrap.js';
import { gatewaySettings, startGateway } from './gateway/index.js';
import { ClusterLimiterStore } from './cluster/cluster-limiter-store.js';
import { clusterMetricsReader } from './cluster/cluster-metrics.js';
import { leaveCluster } from './cluster/leave.js';
import { holdIdleConnections, IDLE_GRACE_MS } from './http/idle-grace.js';
import { WORKER_CHANNEL, type WorkerReady } from './cluster/messages.js';
import { openStore } from './store/db.js';
import { migrateToLatest } from './store/migrate.js';
import { startSourceJobs } from './source-list.js';
import { startBanner } from './start-banner.js';
import { PublicAddress, recordServingAddress } from './portal/public-url.js';

/** A signal repeated within this long of the first is the same request to stop (see onSignal). */
const REPEATED_SIGNAL_MS = 1000;

/**
 * Serves the API in this process, alone or as a worker of the cluster's primary (`worker`): prepare
 * the database (a worker's primary did), listen, and shut down cleanly.
 */
export async function serveProcess(config: Config, worker: boolean): Promise<void> {
  // A long import in another process holds the write lock for a while: never freeze serving for it.
  const store = openStore(config.databaseUrl, {
    busyTimeoutMs: 100,
    readUrl: config.databaseReadUrl,
    fileMode: config.dataFileMode,
  });
  // A worker's primary prepared the database before forking it.
  if (!worker) {
    await migrateToLatest(store.db);
    // A mirror fills itself from its upstream: no demo data in the way.
    if (config.demoOnEmpty && config.syncFrom === null)
      await bootstrapDemo(store, config, (line) => process.stdout.write(`${line}\n`));
  }

  // One gateway (key cache, limit counters, usage, metrics) serves every listener of the process.
  const logger: { app?: FastifyInstance } = {};
  const gateway = await startGateway({
    store,
    ...gatewaySettings(config),
    // Workers without Redis count their limits in the primary, so the limits hold across them all.
    limiterStore: worker && !config.redisUrl ? new ClusterLimiterStore() : undefined,
    // Before the app exists (e.g. Redis unreachable at start) there is no logger yet: stderr it is.
    onError: (err, what) =>
      logger.app
        ? logger.app.log.error({ err }, what)
        : process.stderr.write(`${what}: ${err instanceof Error ? err.message : String(err)}\n`),
  });
  // A scrape reaches one worker: it shows every worker's figures, summed by the primary.
  if (worker) gateway.metrics.read = clusterMetricsReader(gateway.metrics.registry);
  // ADMIN_PORT and METRICS_PORT move admin routes and /metrics to listeners of their own (e.g. on a
  // private interface); without them they share the API's listener.
  const logStream = serviceLogStream(worker);
  // Links in portal emails name where this server listens, unless PUBLIC_URL says otherwise.
  const publicAddress = new PublicAddress(config);
  const separateAdmin = config.adminPort !== null;
  const separateMetrics = config.metricsPort !== null;
  const app = await buildApp({
    config,
    store,
    gateway,
    logStream,
    publicAddress,
    parts: { api: true, admin: !separateAdmin, metrics: !separateMetrics },
  });
  logger.app = app;
  const admin = separateAdmin
    ? await buildApp({
        config,
        store,
        gateway,
        logStream,
        publicAddress,
        parts: { api: false, admin: true, metrics: false },
      })
    : undefined;
  const metrics = separateMetrics
    ? await buildApp({
        config,
        store,
        gateway,
        logStream,
        publicAddress,
        parts: { api: false, admin: false, metrics: true },
      })
    : undefined;
  const apps = [app, admin, metrics].filter((a): a is FastifyInstance => a !== undefined);
  let stoppingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // A terminal's Ctrl-C reaches every process of its group, and `npm start` relays it to the server
      // as well: a repeat within a moment is that same request, not an operator asking again.
      if (performance.now() - stoppingSince < REPEATED_SIGNAL_MS) return;
      // An operator who signals again wants out now: no more waiting for requests or flushes.
      app.log.error({ signal }, 'second signal: exiting without finishing the shutdown');
      process.exit(1);
    }
    stoppingSince = performance.now();
    void shutdown(signal);
  };
  /**
   * Stops listening at once (new connections are refused), lets requests in flight finish for up to
   * SHUTDOWN_TIMEOUT_MS, then writes the last usage counts and closes the database. Exit 0 only when
   * everything finished in time.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    let timedOut = false;
    const drain = setTimeout(() => {
      timedOut = true;
      app.log.error('requests still running at SHUTDOWN_TIMEOUT_MS: closing their connections');
      releaseIdle();
      for (const a of apps) a.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    // Should the flush or the database hang, the process still ends shortly after the deadline.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 1500).unref();
    // Idle keep-alive connections stay open for a moment first (a call may be on its way on one),
    // then close; a call arriving meanwhile is answered with `Connection: close` (idle-grace.ts).
    const releaseIdle = holdIdleConnections(apps.map((a) => a.server));
    const grace = setTimeout(releaseIdle, Math.min(IDLE_GRACE_MS, config.shutdownTimeoutMs / 2));
    // Node closes idle connections once, when closing starts; one whose answer was still being made
    // turns idle when it is sent and would otherwise hold the shutdown until its keep-alive timeout.
    const reap = setInterval(() => {
      for (const a of apps) a.server.closeIdleConnections();
    }, 100);
    try {
      await sourceJobs?.stop();
      await Promise.all(apps.map((a) => a.close()));
      clearTimeout(drain);
      clearTimeout(grace);
      clearInterval(reap);
      await gateway.close();
      await store.close();
      if (worker) {
        // Leaving the cluster disconnects: that is this shutdown, not a primary gone.
        process.off('disconnect', onDisconnect);
        await leaveCluster();
      }
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info({ timedOut }, 'stopped');
    process.exit(timedOut ? 1 : 0);
  };
  const onDisconnect = () => onSignal('SIGTERM');
  let sourceJobs: { stop(): Promise<void> } | undefined;
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  if (worker) {
    // SIGHUP is the primary's (replace the workers one at a time); a worker must not die of it.
    process.on('SIGHUP', () => undefined);
    // The primary is gone (killed): no one counts the limits or replaces this worker any more.
    process.on('disconnect', onDisconnect);
  }
  const url = await app.listen({ port: config.port, host: config.host });
  publicAddress.listen(url);
  // For CLI commands that mail links (src/portal/public-url.ts); serving goes on if this fails.
  await recordServingAddress(store.db, url).catch((err: unknown) =>
    app.log.error({ err }, 'could not record the serving address'),
  );
  if (admin && config.adminPort !== null) {
    await admin.listen({ port: config.adminPort, host: config.adminHost });
  }
  if (metrics && config.metricsPort !== null) {
    await metrics.listen({ port: config.metricsPort, host: config.metricsHost });
  }
  if (worker) process.send?.({ channel: WORKER_CHANNEL, state: 'ready', url } satisfies WorkerReady);
  // A worker's primary says it once for the cluster.
  else process.stdout.write(startBanner(url, config));
  // The sources' jobs (src/source-list.ts): SYNC_FROM, this service mirrors an upstream of the
  // interface (docs/sync.md); CONNECTORS, public sources (docs/connectors.md). With WORKERS the
  // primary runs them, not every worker.
  if (!worker) sourceJobs = await startSourceJobs(config, app.log, () => ({ store }));
}
