import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FundCode, parseRangeParams, RangeParams, withExample, Year } from '../domain/params.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { dividendsOf, factsListOf, factsOf } from './facts-presenter.js';
import { FundDividend, FundFacts, ListedFundFacts } from './facts-schemas.js';
import type { FundRepositories } from './repository.js';

/** A fund's facts and its dividends (decisions section 11): the fund by number or short code, as 4.3. */
export const fundFactsRoutes: FastifyPluginAsyncTypebox<{ repos: FundRepositories }> = async (
  app,
  { repos },
) => {
  app.get(
    '/FundFacts/:fund',
    {
      config: { reads: ['funds', 'fund-facts', 'fund-prices'] },
      schema: {
        operationId: 'FundFacts',
        summary:
          "A fund's facts as SEC publishes them: fund house, policy, risk level, fees, benchmark, dividend policy, inception, net assets, links",
        params: Type.Object({ fund: FundCode }),
        response: {
          200: Type.Union([FundFacts, Type.Null()], {
            description:
              'The facts, English and Thai side by side, each block with the day SEC last updated it; a block not published is null; null for an unknown fund',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const fund = await repos.funds.findFund(request.params.fund);
      if (!fund) return null;
      const [facts, netAssets] = await Promise.all([
        repos.funds.facts(fund.id),
        repos.funds.latestNetAssets(fund.id),
      ]);
      return factsOf(fund, facts, netAssets);
    },
  );

  // A fund list's filters (the explorer's prices by fund house and risk) need every fund's house and
  // risk at once: one call, not one FundFacts a fund (docs/operations.md, Fund facts).
  app.get(
    '/AllFundFacts',
    {
      config: { reads: ['funds', 'fund-categories', 'fund-facts'] },
      schema: {
        operationId: 'AllFundFacts',
        summary: "Every listed fund's fund house and risk level: what a fund list filters by",
        response: {
          200: Type.Array(ListedFundFacts, {
            description:
              "Every listed fund in AllFundsName's order, its house and risk level as its FundFacts gives them (null: not published); the rest of its facts: FundFacts/{fund}",
          }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => factsListOf(await repos.funds.factsOfEveryFund()),
  );

  app.get(
    '/FundDividends/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy',
    {
      config: { reads: ['funds', 'fund-dividends'] },
      schema: {
        operationId: 'FundDividends',
        summary: 'Dividends a fund paid, by book-closing day in a date range, ascending',
        // The example: a demo fund that pays, over the years of the demo's history.
        params: Type.Object({
          fund: withExample(FundCode, 'B-FIXED-D'),
          ...RangeParams,
          fyyyy: withExample(Year, '2020'),
        }),
        response: {
          200: Type.Array(FundDividend, {
            description: 'Dividends with a book-closing day in the range, ascending; [] for an unknown fund',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { from, to } = parseRangeParams(request.params);
      const fund = await repos.funds.findFund(request.params.fund);
      return fund ? dividendsOf(await repos.funds.dividends(fund.id, from, to)) : [];
    },
  );
};
