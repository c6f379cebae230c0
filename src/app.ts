import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { frameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { loggerOptions } from './http/logging.js';
import { installOpenApi } from './http/openapi.js';
import { installRequestIdHeader, requestId } from './http/request-id.js';
import { installSubscriptionKeyCheck } from './http/subscription-key.js';
import { docsRoutes } from './routes/docs.js';
import { exchangeRateRoutes } from './routes/exchange-rates.js';
import { explorerRoutes } from './routes/explorer.js';
import { fundNavRoutes } from './routes/fund-nav.js';
import { fundPriceRoutes } from './routes/fund-prices.js';
import { healthRoutes } from './routes/health.js';
import { interestRateRoutes } from './routes/interest-rates.js';
import type { Store } from './store/db.js';
import { createRepositories } from './store/repositories.js';

export interface AppOptions {
  config: Pick<Config, 'logLevel' | 'bodyLimit' | 'requestTimeoutMs'>;
  store: Store;
  /** The clock behind "today"; tests pin it. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
  /** The built explorer (web/dist by default). */
  webRoot?: string;
}

/** The whole HTTP app, as the server runs it and as every test builds it. */
export async function buildApp({
  config,
  store,
  now = () => new Date(),
  logStream,
  webRoot,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream
      ? { ...loggerOptions(config.logLevel), stream: logStream }
      : loggerOptions(config.logLevel),
    genReqId: requestId,
    requestIdHeader: false,
    // The original was an ASP.NET service; its clients rely on case-insensitive paths.
    // maxParamLength: a family list may be 400 characters (contract notes); Fastify's default is 100.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 400 },
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestIdHeader(app);
  installErrorHandling(app);
  const repos = createRepositories(store.db);
  await installOpenApi(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      // The one POST operation ignores its body: accept any content type, keep nothing of it.
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
      installSubscriptionKeyCheck(api, repos.keys);
      await api.register(fundNavRoutes, { prefix: '/FundPriceService', repos });
      await api.register(fundPriceRoutes, { prefix: '/FundPriceService', repos });
      await api.register(exchangeRateRoutes, { prefix: '/ExchangeRateService', repos });
      await api.register(interestRateRoutes, { prefix: '/InterestRatesService', repos, now });
    },
    { prefix: '/api' },
  );
  await app.register(docsRoutes);
  await app.register(explorerRoutes, { root: webRoot });

  return app;
}
