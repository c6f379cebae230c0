import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { DataTypeName } from '../data-types/index.js';
import { bangkokToday } from '../domain/dates.js';
import { LooseDate, parseLooseDate } from '../domain/params.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { depositRates, loanRates } from './presenter.js';
import type { ProductRate } from './product-rate.js';
import type { InterestRateRepositories, ProductRateRepository } from './repository.js';
import { DepositRate, LoanRate } from './schemas.js';

/** One operation of the group: its name, wire item, presenter and repository. */
interface RateOperation<T extends TSchema> {
  name: string;
  /** What the operation lists, as its summaries start. */
  subject: string;
  item: T;
  present: (rates: ProductRate[]) => Static<T>[];
  repo: ProductRateRepository;
  /** The data types its answer is made of (http/as-of.ts). */
  reads: readonly DataTypeName[];
}

/** The InterestRatesService group (4.7, and the website's loan rates of contract notes: the website). */
export const interestRateRoutes: FastifyPluginAsyncTypebox<{
  repos: InterestRateRepositories;
  now: () => Date;
}> = async (app, { repos, now }) => {
  // Each operation is served for today and, as the history of issue 20, as of another day (`/{date}`):
  // one answer for a day, so a past day's rates are shown with the same code as today's. A later day
  // gives the rates announced for it so far.
  const OnDate = Type.Object({ date: LooseDate });
  const serve = <T extends TSchema>({ name, subject, item, present, repo, reads }: RateOperation<T>) => {
    const answer = async (day: string) => present(await repo.ratesOn(day));
    app.get(
      `/${name}`,
      {
        config: { reads },
        schema: {
          operationId: `InterestRates_${name}`,
          summary: `${subject} in effect today (Bangkok)`,
          response: {
            200: Type.Array(item, { description: 'Rates in effect today, in display order' }),
            ...KEY_ERRORS,
          },
        },
      },
      () => answer(bangkokToday(now())),
    );
    app.get(
      `/${name}/:date`,
      {
        config: { reads },
        schema: {
          operationId: `InterestRates_${name}On`,
          summary: `${subject} in effect on a given day (history)`,
          params: OnDate,
          response: {
            200: Type.Array(item, { description: 'Rates in effect on that day, in display order' }),
            ...PARAM_ERRORS,
          },
        },
      },
      (request) => answer(parseLooseDate('date', request.params.date)),
    );
  };

  serve({
    name: 'GetDepositRate',
    subject: "Each deposit product's rate",
    item: DepositRate,
    present: depositRates,
    repo: repos.deposits,
    reads: ['deposit-products', 'deposit-rates'],
  });
  serve({
    name: 'GetLoanRate',
    subject: "Each loan reference rate's (MLR, MOR, MRR) and loan product's rate",
    item: LoanRate,
    present: loanRates,
    repo: repos.loans,
    reads: ['loan-products', 'loan-rates'],
  });
};
