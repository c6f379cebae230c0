import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Family, FundCode, LooseDate, parseLooseDate } from '../../domain/params.js';
import { FundRepository } from '../../funds/repository.js';
import { noCaches } from '../../composition/caches.js';
import { AdminId, idNumber } from '../../schemas/admin.js';
import { HistoryEntry } from '../../schemas/history.js';
import { HistoryRepository } from '../../store/history-repo.js';
import type { AdminContext } from './context.js';

/** Served values and earlier revisions of a fund price, a family's rates on a day, a loan rate or a day's market summary. */
export const historyRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (app, { store }) => {
  const history = new HistoryRepository(store.db);
  const funds = new FundRepository(store.db, noCaches());

  app.get(
    '/history/fund-prices',
    {
      schema: {
        summary: "A fund's price on a date: served value first, then earlier revisions",
        querystring: Type.Object({ fund: FundCode, date: LooseDate }),
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    async (request) => {
      const date = parseLooseDate('date', request.query.date);
      const fund = await funds.findFund(request.query.fund);
      return fund ? history.fundPrice(fund.id, date) : [];
    },
  );

  app.get(
    '/history/fx-rates',
    {
      schema: {
        summary: "A family's rates on a day, every round: served values, then earlier revisions",
        querystring: Type.Object({ family: Family, date: LooseDate }),
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    async (request) => history.fxRates(request.query.family, parseLooseDate('date', request.query.date)),
  );

  app.get(
    '/history/loan-rates',
    {
      schema: {
        summary:
          'A loan rate (by loan product id) of an effective date: served value, then earlier revisions',
        querystring: Type.Object({
          product: AdminId('a loan product'),
          date: LooseDate,
        }),
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    async (request) => {
      const product = idNumber(request.query.product);
      const date = parseLooseDate('date', request.query.date);
      return product === undefined ? [] : history.loanRate(product, date);
    },
  );

  app.get(
    '/history/market-summary',
    {
      schema: {
        summary:
          "A day's market summary values (or one code's): served values, then earlier revisions, by code and number",
        querystring: Type.Object({
          date: LooseDate,
          code: Type.Optional(
            Type.String({ pattern: '^[A-Z]{2,6}$', description: 'a market summary code, e.g. RR, FXMO' }),
          ),
        }),
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    async (request) => history.marketSummary(parseLooseDate('date', request.query.date), request.query.code),
  );
};
