import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  Day,
  FundCode,
  Ignored,
  Month,
  parseDateParts,
  parseMonthParts,
  parseRangeParams,
  RangeParams,
  Year,
} from '../domain/params.js';
import type { FundRepositories } from './repository.js';
import { latestDateItems, updateDayItems } from './presenter.js';
import { dayPricesJson, fundNamesJson, priceRecordsJson } from './presenter-bytes.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { FundNameItem, FundPriceListItem, FundPriceRecord, LatestDateRecord, UpdateDay } from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HistoryParams = Type.Object({ fundcode: FundCode, ...RangeParams });

/** Price listings of the FundPriceService group (4.3, 4.4, 4.9, 4.10) and the website's (contract notes: the website). */
export const fundPriceRoutes: FastifyPluginAsyncTypebox<{ repos: FundRepositories }> = async (
  app,
  { repos },
) => {
  // FundPrice_ByFundCode (4.3), and the website's FundPrice with its ignored last segment: one answer.
  const history = async (params: Static<typeof HistoryParams>, reply: FastifyReply) => {
    const { from, to } = parseRangeParams(params);
    const fund = await repos.funds.findFund(params.fundcode);
    if (!fund) return [];
    // Bytes are sent as they are: the same JSON the schema would write, built faster (presenter-bytes.ts).
    const json = priceRecordsJson(fund, await repos.funds.prices(fund.id, from, to));
    return reply.type(JSON_TYPE).send(json);
  };
  const historyResponse = {
    200: Type.Array(FundPriceRecord, { description: 'Prices ascending by date; [] for an unknown fund' }),
    ...PARAM_ERRORS,
  };

  app.get(
    '/FundPrice_ByFundCode/:fundcode/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy',
    {
      schema: {
        operationId: 'FundPriceWebApi_FundPrice_Fundcode',
        summary: 'Fund prices by code and date range, ascending by date',
        params: HistoryParams,
        response: historyResponse,
      },
    },
    async (request, reply) => history(request.params, reply),
  );

  app.get(
    '/FundPrice/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy/:x',
    {
      schema: {
        operationId: 'FundPrice',
        summary: "FundPrice_ByFundCode's prices under the website's path; the last segment is ignored",
        params: Type.Object({ fund: FundCode, ...RangeParams, x: Ignored }),
        response: historyResponse,
      },
    },
    async (request, reply) => history({ ...request.params, fundcode: request.params.fund }, reply),
  );

  app.get(
    '/AllFundPrices/:d/:m/:yyyy',
    {
      schema: {
        operationId: 'AllFundPrices',
        summary:
          'Prices of every fund on a date; a fund that publishes late shows its price of the week before',
        params: Type.Object({ d: Day, m: Month, yyyy: Year }),
        response: {
          200: Type.Array(FundPriceListItem, {
            description:
              'Every fund with a price on that date or in the 7 days before (then mf_backdate is set), ' +
              'by category, display order and number; [] when no fund has a price on that date',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { d, m, yyyy } = request.params;
      const date = parseDateParts(['d', 'm', 'yyyy'], [d, m, yyyy]);
      const [listing, prices] = await Promise.all([
        repos.funds.fundListing(),
        repos.funds.pricesShownOn(date),
      ]);
      return reply.type(JSON_TYPE).send(dayPricesJson(listing, prices, date));
    },
  );

  app.get(
    '/AllFundsName',
    {
      schema: {
        operationId: 'AllFundsName',
        summary: "Every listed fund with its category and links, no prices: the website's fund picker",
        response: {
          200: Type.Array(FundNameItem, {
            description: "Every fund, in AllFundPrices' order (category, display order, number)",
          }),
          ...KEY_ERRORS,
        },
      },
    },
    async (_request, reply) => reply.type(JSON_TYPE).send(fundNamesJson(await repos.funds.fundListing())),
  );

  app.get(
    '/GetUpdateInMonth/:year/:month/:fundcode',
    {
      schema: {
        operationId: 'FundPriceWebApi_GetUpdateInMonth',
        summary: 'Days of a month on which a fund (0: any fund) has a price',
        params: Type.Object({ year: Year, month: Month, fundcode: FundCode }),
        response: {
          200: Type.Array(UpdateDay, { description: 'Days of the month with a price, ascending' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { first, last } = parseMonthParts('year', [request.params.year, request.params.month]);
      const code = request.params.fundcode;
      const fund = /^0+$/.test(code) ? null : await repos.funds.findFund(code);
      if (fund === undefined) return [];
      const days = await repos.funds.updateDays(fund?.id ?? null, first, last);
      return updateDayItems(days);
    },
  );

  app.get(
    '/LatestDate',
    {
      schema: {
        operationId: 'LatestDate',
        summary: 'The latest date with any fund price',
        response: {
          200: Type.Array(LatestDateRecord, { description: 'One element; [] when there is no price' }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => {
      const latest = await repos.funds.latestDate();
      return latestDateItems(latest);
    },
  );
};
