import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bangkokToday } from '../domain/dates.js';
import type { Repositories } from '../store/repositories.js';
import { KEY_ERRORS } from '../schemas/common.js';
import { depositRates, loanRates } from './presenter.js';
import { DepositRate, LoanRate } from './schemas.js';

/** The InterestRatesService group (4.7, and the website's loan rates of decisions 6). */
export const interestRateRoutes: FastifyPluginAsyncTypebox<{ repos: Repositories; now: () => Date }> = async (
  app,
  { repos, now },
) => {
  app.get(
    '/GetDepositRate',
    {
      schema: {
        operationId: 'InterestRates_GetDepositRate',
        summary: "Each deposit product's rate in effect today (Bangkok)",
        response: {
          200: Type.Array(DepositRate, { description: 'Rates in effect today, in display order' }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => depositRates(await repos.deposits.currentRates(bangkokToday(now()))),
  );

  app.get(
    '/GetLoanRate',
    {
      schema: {
        operationId: 'InterestRates_GetLoanRate',
        summary:
          "Each loan reference rate's (MLR, MOR, MRR) and loan product's rate in effect today (Bangkok)",
        response: {
          200: Type.Array(LoanRate, { description: 'Rates in effect today, in display order' }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => loanRates(await repos.loans.currentRates(bangkokToday(now()))),
  );
};
