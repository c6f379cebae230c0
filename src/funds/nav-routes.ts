import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  checkRange,
  FundCode,
  Ignored,
  LooseDate,
  parseLooseDate,
  parseRangeParams,
  RangeParams,
  withExample,
} from '../domain/params.js';
import { logFailure, toApiError, sendApiError } from '../http/errors.js';
import type { FundRepositories } from './repository.js';
import { BODY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { navEntries, navStatisticsFields } from './presenter.js';
import { FundNavRange, FundNavStatistics } from './schemas.js';
import { KeyQuery } from '../http/key-query.js';

const json = (description: string, schema: TSchema) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The two NAV operations: the POST range lookup (4.1) and the range statistics (4.2). */
export const fundNavRoutes: FastifyPluginAsyncTypebox<{ repos: FundRepositories }> = async (
  app,
  { repos },
) => {
  app.post(
    '/GetNavByFundCode/:fromDate/:toDate',
    {
      schema: {
        operationId: 'MutualFundApi_GetFundCode',
        summary: 'Fund NAV by code and date range',
        params: Type.Object({ fromDate: LooseDate, toDate: withExample(LooseDate, '2026-01-31') }),
        querystring: Type.Object({ fundCode: FundCode, ...KeyQuery }),
        response: {
          200: json('The NAV list; an unknown fund: Success false, a message, an empty list', FundNavRange),
          // A URL that cannot even be percent-decoded is refused before routing, in the gateway's body.
          400: json(
            'A malformed parameter: the envelope with Success false and a message naming it ' +
              '(a URL that cannot be decoded: the gateway error body)',
            Type.Union([FundNavRange, Type.Ref('GatewayError')]),
          ),
          ...BODY_ERRORS,
        },
      },
      // This operation reports bad input inside its own envelope rather than the gateway body.
      errorHandler: (error, request, reply) => {
        const apiError = toApiError(error, request);
        logFailure(request, error, apiError);
        if (apiError.statusCode !== 400) return sendApiError(reply, apiError);
        const { fromDate, toDate } = request.params as Record<string, string | undefined>;
        // Given twice, it is a list: the envelope's FundCode is a string, so it stays empty then.
        const fundCode = (request.query as Record<string, unknown> | undefined)?.fundCode;
        return sendApiError(reply, apiError, {
          NAVList: [],
          Success: false,
          Message: apiError.message,
          FundCode: typeof fundCode === 'string' ? fundCode : '',
          DateFrom: fromDate ?? '',
          DateTo: toDate ?? '',
        });
      },
    },
    async (request) => {
      const { from, to } = checkRange({
        from: parseLooseDate('fromDate', request.params.fromDate),
        to: parseLooseDate('toDate', request.params.toDate),
      });
      const code = request.query.fundCode;
      const fund = await repos.funds.findFund(code);
      const envelope = { FundCode: code, DateFrom: from, DateTo: to };
      if (!fund) {
        return { NAVList: [], Success: false, Message: `Fund '${code}' was not found`, ...envelope };
      }
      return {
        NAVList: navEntries(await repos.funds.prices(fund.id, from, to)),
        Success: true,
        Message: '',
        ...envelope,
      };
    },
  );

  // Fund_Nav_ByFundCode (4.2), and the website's Fund_Nav with its ignored last segment: one answer.
  const statistics = async (params: Static<typeof StatisticsParams>) => {
    const { from, to } = parseRangeParams(params);
    const fund = await repos.funds.findFund(params.fund);
    return fund ? [navStatisticsFields(await repos.funds.navStatistics(fund.id, from, to))] : [];
  };
  const response = {
    200: Type.Array(FundNavStatistics, { description: 'One element; [] for an unknown fund' }),
    ...PARAM_ERRORS,
  };

  app.get(
    '/Fund_Nav_ByFundCode/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy',
    {
      schema: {
        operationId: 'FundPriceWebApi_Fund_Nav_FundCode',
        summary:
          'Fund NAV statistics: min/max over the range, 12 months and since inception; first and last NAV',
        params: StatisticsParams,
        response,
      },
    },
    async (request) => statistics(request.params),
  );

  app.get(
    '/Fund_Nav/:fund/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy/:x',
    {
      schema: {
        operationId: 'Fund_Nav',
        summary: "Fund_Nav_ByFundCode's statistics under the website's path; the last segment is ignored",
        params: Type.Object({ ...StatisticsParams.properties, x: Ignored }),
        response,
      },
    },
    async (request) => statistics(request.params),
  );
};

const StatisticsParams = Type.Object({ fund: FundCode, ...RangeParams });
