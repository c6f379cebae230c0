import { sharedSchemaCompilers } from './http/schema-compilers.js';
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { destination, type DestinationStream } from 'pino';
import type { Config } from './config.js';
import { gatewaySettings, startGateway, type Gateway } from './gateway/index.js';
import { frameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { CallLog } from './calls/call-log.js';
import { loggerOptions } from './calls/log-line.js';
import { OneLineRequestLog } from './http/logging.js';
import { OutageLog } from './http/outage-log.js';
import { DirectAnswers, type DirectAnswerOptions } from './http/direct-answers.js';
import { cachingHeaders } from './calls/answer-headers.js';
import { keyedOrigins } from './calls/cors.js';
import { clientAddress, isTrustedProxy, trustProxyOption } from './http/trust-proxy.js';
import { installRequestMetrics } from './http/metrics.js';
import { installOpenApi } from './http/openapi.js';
import { installRequestIdHeader, requestId } from './http/request-id.js';
import { answerCache, makeCaches } from './composition/caches.js';
import { DataVersion } from './store/data-version.js';
import { connectionOptions, installConnectionLimits } from './http/connection-limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import {
  installProtocolChecks,
  markRefused,
  protocolRefusal,
  refuseConnect,
  refuseHttp09,
} from './http/protocol-edges.js';
import { limitClientConnections, RequestsInFlight } from './http/client-connections.js';
import { apiRoutes } from './routes/api.js';
import { timemapRoutes } from './routes/timemap.js';
import { RouteReads } from './http/as-of.js';
import { Timeline } from './store/timeline.js';
import { changesRoutes } from './routes/changes.js';
import { docsRoutes } from './routes/docs.js';
import { explorerRoutes } from './routes/explorer.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { statusRoutes } from './routes/status.js';
import type { Store } from './store/db.js';
import { createRepositories } from './composition/repositories.js';
import { AdminTokenRepository } from './store/admin-token-repo.js';
import { adminRoutes } from './routes/admin/index.js';
import { registerSourceMetrics } from './source-list.js';
import { makeMailer, type Mailer } from './portal/mailer.js';
import { PublicAddress } from './portal/public-url.js';
import { portalRoutes } from './portal/routes.js';

export interface AppOptions {
  /** Every setting (src/settings.ts); tests make one with testConfig(overrides). */
  config: Config;
  store: Store;
  /** The clock behind "today", limits, quotas and expiry; tests pin it or move it. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
  /** Which parts this app serves; the server can put admin routes and metrics on ports of their own. */
  parts?: { api: boolean; admin: boolean; metrics?: boolean };
  /** Shared by the listeners of one process; without it the app makes its own and closes it on close. */
  gateway?: Gateway;
  /** The built explorer (web/dist by default). */
  webRoot?: string;
  /** Where portal mail goes; by default SMTP_URL, else .eml files in DATA_DIR/outbox/. */
  mailer?: Mailer;
  /** The address links in emails name; the server tells it where it listens. PUBLIC_URL or HOST:PORT by default. */
  publicAddress?: PublicAddress;
}

/** The whole HTTP app, as the server runs it and as every test builds it. */
export async function buildApp({
  config,
  store,
  now = () => new Date(),
  logStream,
  parts = { api: true, admin: true },
  gateway: shared,
  webRoot,
  mailer,
  publicAddress = new PublicAddress(config),
}: AppOptions): Promise<FastifyInstance> {
  // Cached answers are served straight from the server's request event when they can be (the fast
  // path, DirectAnswers); everything else, and every call through app.inject, goes through Fastify.
  // Both are thin adapters over one call core (src/calls/).
  let direct: DirectAnswers | undefined;
  // The app's log lines and the request log's share one stream.
  const stream = logStream ?? destination(1);
  const callLog = new CallLog(stream);
  const connection = connectionOptions(config, config.requestTimeoutMs);
  const trustProxy = config.trustProxy;
  // Behind a trusted proxy, requests in flight per forwarded client (see client-connections.ts).
  const maxRequestsPerAddress = config.maxRequestsPerAddress;
  const inFlight =
    trustProxy !== false && maxRequestsPerAddress > 0
      ? new RequestsInFlight(maxRequestsPerAddress, clientAddress(trustProxy))
      : undefined;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer(connection.http, (req, res) => {
        // A request to refuse is never a cached answer: the framework refuses it (installProtocolChecks).
        const refusal = protocolRefusal(req) ?? inFlight?.enter(req, res);
        if (refusal) {
          markRefused(req, refusal);
          handler(req, res);
        } else if (!direct?.serve(req, res, () => handler(req, res))) {
          handler(req, res);
        }
      });
      limitClientConnections(server, {
        maxConnections: config.maxConnections,
        maxConnectionsPerAddress: config.maxConnectionsPerAddress,
        isTrustedProxy: isTrustedProxy(trustProxy),
      });
      // What Fastify does to the server it makes itself.
      server.keepAliveTimeout = connection.keepAliveTimeout!;
      server.requestTimeout = connection.requestTimeout!;
      server.setTimeout(connection.connectionTimeout);
      return server;
    },
    logController: new OneLineRequestLog(callLog),
    logger: { ...loggerOptions(config.logLevel), stream },
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(trustProxy),
    // The original was an ASP.NET service; its clients rely on case-insensitive paths.
    // maxParamLength: a family list may be 400 characters (contract notes); Fastify's default is 100.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 400 },
    bodyLimit: config.bodyLimit,
    ...connection,
    // On close, requests already in flight finish; keep-alive connections answer their next request
    // and then close (Connection: close) instead of Fastify's own 503 body; idle ones close at once.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    schemaController: sharedSchemaCompilers,
  }).withTypeProvider<TypeBoxTypeProvider>();

  refuseConnect(app.server, app.log);
  refuseHttp09(app.server, app.log);

  const gateway =
    shared ??
    (await startGateway({
      store,
      now,
      ...gatewaySettings(config),
      onError: (err, what) => app.log.error({ err }, what),
    }));
  // app.close() writes the last usage counts (before the caller closes the store).
  if (!shared) app.addHook('onClose', async () => gateway.close());

  installRequestIdHeader(app);
  // Outages are logged once per interval, by the gateway's clock (which tests move).
  installErrorHandling(app, new OutageLog(() => gateway.now().getTime()));
  // Before the limits' hooks, so their refusals (414, 503) carry the security headers too.
  installSecurityHeaders(app);
  // Before the limits and the key check: a request without Host or in another HTTP version goes no further.
  installProtocolChecks(app);
  await installConnectionLimits(app, config);
  installRequestMetrics(app, gateway);

  // Routes registered after this are described in /openapi.json.
  await installOpenApi(app);

  await app.register(healthRoutes, { store, gateway });
  // Beside the API or admin routes, /metrics answers callers on this machine only (METRICS_PORT: its own).
  if (parts.metrics ?? parts.api) {
    // The sources' gauges join the gateway's registry here, where the app is put together: the gateway
    // (below the jobs) knows nothing of the sources.
    registerSourceMetrics(gateway.metrics.registry, store.db);
    await app.register(metricsRoutes, { gateway, localOnly: parts.api || parts.admin });
  }
  const portalMail = mailer ?? makeMailer(config, (line) => app.log.info(line));
  const portalSettings = {
    portal: config.portal,
    publicUrl: publicAddress.url,
    contact: config.portalContact,
    rateLimitWarning: config.rateLimitWarning,
  };
  if (!mailer) app.addHook('onClose', async () => portalMail.close());
  if (parts.admin) {
    await app.register(adminRoutes, {
      mailer: portalMail,
      portalConfig: portalSettings,
      prefix: '/admin',
      store,
      adminTokens: new AdminTokenRepository(store.db),
      bodyLimit: config.adminBodyLimit,
      now,
      gateway,
    });
  }
  if (parts.api) {
    // One watcher of the data version for every cache below, so they drop old data in the same step.
    const data = new DataVersion(store);
    await data.start();
    // Another node announcing a commit (REDIS_URL) makes it re-read the data version now.
    const stopListening = gateway.onChange('data', () => void data.refresh().catch(() => undefined));
    app.addHook('onClose', async () => {
      stopListening();
      data.stop();
    });
    // Answers and the series behind them, kept until a batch commits (in any process); each is sized
    // by its setting, and 0 turns it off (src/composition/caches.ts).
    const answers = answerCache(config, data);
    // The fast path and the framework's hooks answer with the same caching headers and CORS setting,
    // worked out once here.
    const caching = cachingHeaders({ maxAgeS: config.cacheMaxAgeS, shared: config.cachePublic });
    const corsOrigins = keyedOrigins(config.corsOrigins);
    // Without an answer cache (CACHE_MAX_BYTES=0) every call goes through the framework.
    if (answers) {
      direct = new DirectAnswers({
        answers,
        gateway,
        caching,
        corsOrigins,
        maxUrlLength: config.maxUrlLength,
        underPressure: () => (app.hasDecorator('isUnderPressure') ? app.isUnderPressure() : false),
        ip: clientAddress(trustProxy),
        log: app.log as DirectAnswerOptions['log'],
        callLog,
      });
      const stopDirect = direct;
      app.addHook('preClose', (done) => {
        stopDirect.close();
        done();
      });
    }
    // Every committed batch, read once per data version: as-of calls, Last-Modified, timemaps.
    const timeline = new Timeline(store.reader, data);
    const routeReads = new RouteReads();
    await app.register(apiRoutes, {
      prefix: '/api',
      timeline,
      routeReads,
      // The API only reads: a replica (DATABASE_READ_URL) can answer it.
      repos: createRepositories(store.reader, makeCaches(config, data)),
      now,
      gateway,
      answers: answers && { cache: answers, caching },
      corsOrigins,
    });
    // The developer portal's API: its own plugin under /portal/api, with hooks of its own, so nothing
    // of it runs for an /api/ call (docs/portal.md).
    await app.register(portalRoutes, {
      prefix: '/portal/api',
      store,
      gateway,
      config: portalSettings,
      mailer: portalMail,
      now,
    });
    await app.register(timemapRoutes, { timeline, routeReads });
    await app.register(docsRoutes, { store });
    await app.register(explorerRoutes, { root: webRoot });
    await app.register(changesRoutes, { publicUrl: publicAddress.url });
    await app.register(statusRoutes, { store, now });
  }
  return app;
}
