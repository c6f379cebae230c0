import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { bangkokToday } from '../domain/dates.js';
import { LooseDate, parseLooseDate } from '../domain/params.js';
import type { Repositories } from '../store/repositories.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
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

  // The history of issue 20: the same answers as of another day, so the rates in force on a past day
  // can be shown with the same code as today's. A later day gives the rates announced for it so far.
  const OnDate = Type.Object({ date: LooseDate });

  app.get(
    '/GetDepositRate/:date',
    {
      schema: {
        operationId: 'InterestRates_GetDepositRateOn',
        summary: "Each deposit product's rate in effect on a given day (history)",
        params: OnDate,
        response: {
          200: Type.Array(DepositRate, { description: 'Rates in effect on that day, in display order' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) =>
      depositRates(await repos.deposits.currentRates(parseLooseDate('date', request.params.date))),
  );

  app.get(
    '/GetLoanRate/:date',
    {
      schema: {
        operationId: 'InterestRates_GetLoanRateOn',
        summary: "Each loan reference rate's and loan product's rate in effect on a given day (history)",
        params: OnDate,
        response: {
          200: Type.Array(LoanRate, { description: 'Rates in effect on that day, in display order' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => loanRates(await repos.loans.currentRates(parseLooseDate('date', request.params.date))),
  );
};
