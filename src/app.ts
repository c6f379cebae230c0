import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { startGateway, type Gateway } from './gateway/index.js';
import { redisSettings } from './gateway/redis.js';
import { frameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { loggerOptions, OneLineRequestLog } from './http/logging.js';
import { OutageLog } from './http/outage-log.js';
import { DirectAnswers, type DirectAnswerOptions } from './http/direct-answers.js';
import { cachingHeaders } from './calls/answer-headers.js';
import { keyedOrigins } from './calls/cors.js';
import { clientAddress, isTrustedProxy, trustProxyOption } from './http/trust-proxy.js';
import { LIMIT_DEFAULTS } from './config.js';
import { installRequestMetrics } from './http/metrics.js';
import { installOpenApi } from './http/openapi.js';
import { installRequestIdHeader, requestId } from './http/request-id.js';
import { AnswerCache } from './cache/answer-cache.js';
import { DataVersion } from './store/data-version.js';
import type { PriceSeries } from './domain/price-series.js';
import { NavSeriesCache } from './store/nav-series-cache.js';
import { SeriesCache } from './store/series-cache.js';
import { dailySeriesBytes, type FxDailySeries } from './store/fx-repo.js';
import { connectionOptions, installConnectionLimits, type LimitSettings } from './http/connection-limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installProtocolChecks, markRefused, protocolRefusal, refuseConnect } from './http/protocol-edges.js';
import { limitClientConnections, RequestsInFlight } from './http/client-connections.js';
import { apiRoutes } from './routes/api.js';
import { docsRoutes } from './routes/docs.js';
import { explorerRoutes } from './routes/explorer.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import type { Store } from './store/db.js';
import { createRepositories } from './store/repositories.js';
import { AdminTokenRepository } from './store/admin-token-repo.js';
import { adminRoutes } from './routes/admin/index.js';

export interface AppOptions {
  config: Pick<Config, 'logLevel' | 'bodyLimit' | 'requestTimeoutMs'> &
    Partial<
      Pick<
        Config,
        | 'adminBodyLimit'
        | 'trustProxy'
        | 'keyGuessLimit'
        | 'usageFlushMs'
        | 'corsOrigins'
        | 'cacheMaxBytes'
        | 'navCacheMaxBytes'
        | 'priceCacheMaxBytes'
        | 'fxCacheMaxBytes'
        | 'cacheMaxAgeS'
        | 'cachePublic'
        | 'redisUrl'
        | 'redisKeyPrefix'
        | 'redisFailureMode'
      >
    > &
    LimitSettings;
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
}: AppOptions): Promise<FastifyInstance> {
  // Cached answers are served straight from the server's request event when they can be (the fast
  // path, DirectAnswers); everything else, and every call through app.inject, goes through Fastify.
  // Both are thin adapters over one call core (src/calls/).
  let direct: DirectAnswers | undefined;
  const connection = connectionOptions(config, config.requestTimeoutMs);
  const trustProxy = config.trustProxy ?? false;
  // Behind a trusted proxy, requests in flight per forwarded client (see client-connections.ts).
  const maxRequestsPerAddress = config.maxRequestsPerAddress ?? LIMIT_DEFAULTS.maxRequestsPerAddress;
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
        maxConnections: config.maxConnections ?? LIMIT_DEFAULTS.maxConnections,
        maxConnectionsPerAddress: config.maxConnectionsPerAddress ?? LIMIT_DEFAULTS.maxConnectionsPerAddress,
        isTrustedProxy: isTrustedProxy(trustProxy),
      });
      // What Fastify does to the server it makes itself.
      server.keepAliveTimeout = connection.keepAliveTimeout!;
      server.requestTimeout = connection.requestTimeout!;
      server.setTimeout(connection.connectionTimeout);
      return server;
    },
    logController: new OneLineRequestLog(),
    logger: logStream
      ? { ...loggerOptions(config.logLevel), stream: logStream }
      : loggerOptions(config.logLevel),
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
  }).withTypeProvider<TypeBoxTypeProvider>();

  refuseConnect(app.server, app.log);

  const gateway =
    shared ??
    (await startGateway({
      store,
      now,
      keyGuessLimit: config.keyGuessLimit,
      usageFlushMs: config.usageFlushMs,
      redis: redisSettings(config),
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
    await app.register(metricsRoutes, { gateway, localOnly: parts.api || parts.admin });
  }
  if (parts.admin) {
    await app.register(adminRoutes, {
      prefix: '/admin',
      store,
      adminTokens: new AdminTokenRepository(store.db),
      bodyLimit: config.adminBodyLimit ?? 100 * 1024 * 1024,
      now,
      gateway,
    });
  }
  if (parts.api) {
    // One watcher of the data version for both caches below, so they drop old data in the same step.
    const data = new DataVersion(store);
    await data.start();
    // Another node announcing a commit (REDIS_URL) makes it re-read the data version now.
    const stopListening = gateway.onChange('data', () => void data.refresh().catch(() => undefined));
    app.addHook('onClose', async () => {
      stopListening();
      data.stop();
    });
    // Answers kept until a batch commits (in any process); CACHE_MAX_BYTES=0 turns the cache off.
    const maxBytes = config.cacheMaxBytes ?? 64 * 1024 * 1024;
    const answers = maxBytes > 0 ? new AnswerCache(data, { maxBytes }) : undefined;
    // Funds' NAV series for the statistics, kept until a batch commits; NAV_CACHE_MAX_BYTES=0: none,
    // each statistics call then scans the fund's history.
    const navBytes = config.navCacheMaxBytes ?? 64 * 1024 * 1024;
    const navSeries = navBytes > 0 ? new NavSeriesCache(data, { maxBytes: navBytes }) : undefined;
    // Funds' whole price histories for FundPrice_ByFundCode and GetNavByFundCode (52 bytes a price:
    // about 250 kB a fund over 20 years); PRICE_CACHE_MAX_BYTES=0: none, each call reads its range.
    // Kept apart from the NAV series so the statistics keep their 12 bytes a NAV (some 1,000 funds in
    // 64 MB) whatever the histories asked for.
    const priceBytes = config.priceCacheMaxBytes ?? 64 * 1024 * 1024;
    const prices =
      priceBytes > 0
        ? new SeriesCache<number, PriceSeries>(data, { maxBytes: priceBytes, bytesOf: (s) => s.bytes + 512 })
        : undefined;
    // Families' daily FX series for the downloads (about 1.7 MB a family and era over 20 years);
    // FX_CACHE_MAX_BYTES=0: none, each download reads its range.
    const fxBytes = config.fxCacheMaxBytes ?? 32 * 1024 * 1024;
    const fxDaily =
      fxBytes > 0
        ? new SeriesCache<string, FxDailySeries>(data, { maxBytes: fxBytes, bytesOf: dailySeriesBytes })
        : undefined;
    const maxAgeS = config.cacheMaxAgeS ?? 60;
    const cachePublic = config.cachePublic ?? true;
    const corsOrigins = config.corsOrigins ?? ['*'];
    if (answers) {
      direct = new DirectAnswers({
        answers,
        gateway,
        caching: cachingHeaders({ maxAgeS, shared: cachePublic }),
        corsOrigins: keyedOrigins(corsOrigins),
        maxUrlLength: config.maxUrlLength ?? LIMIT_DEFAULTS.maxUrlLength,
        underPressure: () => (app.hasDecorator('isUnderPressure') ? app.isUnderPressure() : false),
        ip: clientAddress(trustProxy),
        log: app.log as DirectAnswerOptions['log'],
      });
      const stopDirect = direct;
      app.addHook('preClose', (done) => {
        stopDirect.close();
        done();
      });
    }
    await app.register(apiRoutes, {
      prefix: '/api',
      // The API only reads: a replica (DATABASE_READ_URL) can answer it.
      repos: createRepositories(store.reader, {
        nav: navSeries,
        prices,
        fxDaily,
        // Every fund route looks its fund up by the code asked: one read per code until the data
        // changes. Codes that name no fund are kept too, so the bound (about 8,000 codes) matters.
        funds: new SeriesCache(data, { maxBytes: 8 * 1024 * 1024, bytesOf: () => 1024 }),
        // AllFundPrices' listing of every fund: one read per data version (about 1 MB at market scale).
        fundListing: new SeriesCache(data, {
          maxBytes: 64 * 1024 * 1024,
          bytesOf: (l) => l.funds.length * 512,
        }),
      }),
      now,
      gateway,
      answers,
      maxAgeS,
      cachePublic,
      corsOrigins,
    });
    await app.register(docsRoutes);
    await app.register(explorerRoutes, { root: webRoot });
  }
  return app;
}
