import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  Day,
  FundCode,
  Month,
  parseDateParts,
  parseMonthParts,
  parseRangeParams,
  RangeParams,
  withExample,
  Year,
} from '../domain/params.js';
import { dayPricesJson, priceRecordsJson } from '../funds/presenter-bytes.js';
import type { FundRepositories } from '../funds/repository.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { latestDateObject, navFunds, navMaxMin, updateDayObjects } from './presenter.js';
import { NAV_PRICE_WRITERS } from './presenter-bytes.js';
import { NavFund, NavFundPrice, NavLatestDate, NavMaxMin, NavPriceRecord, NavUpdateDay } from './schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const RangeOfFund = Type.Object({ fund: FundCode, ...RangeParams });

/**
 * The nav group: what the bank's newer website calls under /api/nav (contract notes: the newer website). The fund data of
 * FundPriceService, read through the same repository, in the site's shapes: objects where the site
 * reads an object, `day` and `mdate` in lower case, dates YYYY-MM-DD.
 */
export const navRoutes: FastifyPluginAsyncTypebox<{ repos: FundRepositories }> = async (app, { repos }) => {
  const { funds } = repos;

  app.get(
    '/LatestDate',
    {
      schema: {
        operationId: 'nav_LatestDate',
        summary: 'The latest date with any fund price, as an object',
        response: { 200: NavLatestDate, ...KEY_ERRORS },
      },
    },
    async () => latestDateObject(await funds.latestDate()),
  );

  app.get(
    '/AllFundNames',
    {
      schema: {
        operationId: 'nav_AllFundNames',
        summary: 'Every listed fund with its latest price and display order',
        response: {
          200: Type.Array(NavFund, {
            description:
              "Every fund in AllFundPrices' order (category, display order, number); null prices and " +
              'dates for a fund without any price',
          }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => {
      const [listing, prices, latest] = await Promise.all([
        funds.fundListing(),
        funds.latestPrices(),
        funds.latestDate(),
      ]);
      return navFunds(listing, prices, latest);
    },
  );

  app.get(
    '/GetUpdateInMonth/:yyyy/:m/:fund',
    {
      schema: {
        operationId: 'nav_GetUpdateInMonth',
        summary: 'Days of a month on which a fund (0: any fund) has a price',
        params: Type.Object({ yyyy: Year, m: withExample(Month, '1'), fund: withExample(FundCode, '0') }),
        response: {
          200: Type.Array(NavUpdateDay, { description: 'Days of the month with a price, ascending' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { yyyy, m, fund: code } = request.params;
      const { first, last } = parseMonthParts('yyyy', [yyyy, m]);
      const fund = /^0+$/.test(code) ? null : await funds.findFund(code);
      if (fund === undefined) return [];
      return updateDayObjects(await funds.updateDays(fund?.id ?? null, first, last));
    },
  );

  app.get(
    '/AllFundPrices/:dd/:mm/:yyyy',
    {
      schema: {
        operationId: 'nav_AllFundPrices',
        summary:
          'Prices of every fund on a date; a fund that publishes late shows its price of the week before',
        params: Type.Object({ dd: Day, mm: Month, yyyy: Year }),
        response: {
          200: Type.Array(NavFundPrice, {
            description:
              'Every fund with a price on that date or in the 7 days before (then mf_backdate is set), ' +
              'by category, display order and number; [] when no fund has a price on that date',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { dd, mm, yyyy } = request.params;
      const date = parseDateParts(['dd', 'mm', 'yyyy'], [dd, mm, yyyy]);
      const [listing, prices] = await Promise.all([funds.fundListing(), funds.pricesShownOn(date)]);
      return reply.type(JSON_TYPE).send(dayPricesJson(listing, prices, date, NAV_PRICE_WRITERS));
    },
  );

  app.get(
    '/FundMaxMinNav/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy',
    {
      schema: {
        operationId: 'nav_FundMaxMinNav',
        summary:
          'Highest and lowest NAV over the range, 12 months and since inception, with that day’s prices; first and last NAV',
        params: RangeOfFund,
        response: {
          200: NavMaxMin,
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { from, to } = parseRangeParams(request.params);
      const fund = await funds.findFund(request.params.fund);
      if (!fund) return navMaxMin(null, null);
      const [statistics, prices] = await Promise.all([
        funds.navStatistics(fund.id, from, to),
        funds.prices(fund.id, from, to),
      ]);
      return navMaxMin(statistics, prices.series);
    },
  );

  app.get(
    '/NavHistory/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy',
    {
      schema: {
        operationId: 'nav_NavHistory',
        summary: 'Every price of a fund over a range, ascending by date',
        params: RangeOfFund,
        response: {
          200: Type.Array(NavPriceRecord, {
            description: 'Prices ascending by date; [] for an unknown fund',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = parseRangeParams(request.params);
      const fund = await funds.findFund(request.params.fund);
      if (!fund) return [];
      // FundPrice_ByFundCode's byte writer, its dates without a time of day.
      const json = priceRecordsJson(fund, await funds.prices(fund.id, from, to), '');
      return reply.type(JSON_TYPE).send(json);
    },
  );
};
