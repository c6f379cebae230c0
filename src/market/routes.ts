import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { KEY_ERRORS } from '../schemas/common.js';
import { marketSummary } from './presenter.js';
import type { MarketRepository } from './repository.js';
import { MarketSummarySchema } from './schemas.js';

/** The MarketService group of the bank's newer site (docs/operations.md, "The market summary"). */
export const marketRoutes: FastifyPluginAsyncTypebox<{ repos: { market: MarketRepository } }> = async (
  app,
  { repos },
) => {
  app.get(
    '/GetMarketsum',
    {
      schema: {
        operationId: 'GetMarketsum',
        summary: 'The latest daily market summary: its day, then its values by code and number',
        response: { 200: MarketSummarySchema, ...KEY_ERRORS },
      },
      // The answer is a pair of lists (a tuple), which the schema-driven serializer cannot write.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => marketSummary(await repos.market.latest()),
  );
};
