import type { FastifyPluginAsync } from 'fastify';
import type { Gateway } from '../gateway/index.js';
import type { AnswerCache } from '../cache/answer-cache.js';
import type { CorsOrigin } from '../calls/cors.js';
import { installGatewayHooks } from '../http/gateway-hooks.js';
import { installResponseCache } from '../http/response-cache.js';
import { installApiCors } from '../http/security-headers.js';
import type { Repositories } from '../composition/repositories.js';
import { exchangeRateRoutes } from '../exchange-rates/routes.js';
import { exchangeRateWebsiteRoutes } from '../exchange-rates/website-routes.js';
import { fundNavRoutes } from '../funds/nav-routes.js';
import { fundPriceRoutes } from '../funds/price-routes.js';
import { interestRateRoutes } from '../interest-rates/routes.js';
import { navRoutes } from '../nav/routes.js';
import { marketRoutes } from '../market/routes.js';

/** The operations under /api (the spec's ten and the website's, contract notes: the website), behind the key check, limits and usage counting (in that order). */
export const apiRoutes: FastifyPluginAsync<{
  repos: Repositories;
  now: () => Date;
  gateway: Gateway;
  /** The answer cache and its caching headers; none: CACHE_MAX_BYTES=0. */
  answers: { cache: AnswerCache; caching: Readonly<Record<string, string>> } | undefined;
  /** CORS_ORIGINS, as the call core's CORS rule takes them (calls/cors.ts). */
  corsOrigins: CorsOrigin;
}> = async (api, { repos, now, gateway, answers, corsOrigins }) => {
  // The one POST operation ignores its body: accept any content type, keep nothing of it.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  // CORS first: its hook sets the allow headers before the key check, so a browser can read a 401 too.
  await installApiCors(api, corsOrigins, gateway.publicAccess);
  installGatewayHooks(api, gateway);
  // Without an answer cache (CACHE_MAX_BYTES=0) answers carry no ETag and are built on every call.
  if (answers) installResponseCache(api, answers.cache, gateway, { caching: answers.caching, now });
  // Each group gets its own repositories only.
  const funds = { funds: repos.funds };
  const exchangeRates = { fx: repos.fx, fxRounds: repos.fxRounds };
  const interestRates = { deposits: repos.deposits, loans: repos.loans };
  const market = { market: repos.market };
  await api.register(fundNavRoutes, { prefix: '/FundPriceService', repos: funds });
  await api.register(fundPriceRoutes, { prefix: '/FundPriceService', repos: funds });
  await api.register(exchangeRateRoutes, { prefix: '/ExchangeRateService', repos: exchangeRates });
  await api.register(exchangeRateWebsiteRoutes, { prefix: '/ExchangeRateService', repos: exchangeRates });
  await api.register(interestRateRoutes, { prefix: '/InterestRatesService', repos: interestRates, now });
  // The bank's newer website (contract notes: the newer website): the fund data in its shapes, a service group of its own.
  await api.register(navRoutes, { prefix: '/nav', repos: funds });
  await api.register(marketRoutes, { prefix: '/MarketService', repos: market });
};
