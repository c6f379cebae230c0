import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HistoryEntry } from '../../schemas/history.js';
import { HISTORY_TYPES, historyKeys, historyQuery, readHistory } from '../../store/history-repo.js';
import type { AdminContext } from './context.js';

const describe = HISTORY_TYPES.map(
  (t) =>
    `${t.name}: ${historyKeys(t)
      .map(([file, , required]) => (required ? file : `[${file}]`))
      .join(', ')}`,
).join('; ');

/**
 * Served values and earlier revisions of any published type, asked by its keys as its import file
 * names them: `/admin/history/fund-prices?fund=101&date=2026-11-20`,
 * `/admin/history/fx-rates?family=USD50&date=...`, `/admin/history/market-summary?date=...&code=RR`.
 */
export const historyRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (app, { store }) => {
  app.get(
    '/history/:type',
    {
      schema: {
        summary:
          'Values a published row has had: the served ones first, then earlier revisions, newest first',
        description: `Keys by type (optional ones in brackets; the day may also be given as \`date\`): ${describe}`,
        params: Type.Object({ type: Type.String({ maxLength: 40 }) }),
        querystring: Type.Record(Type.String(), Type.String({ maxLength: 200 })),
        response: { 200: Type.Array(HistoryEntry) },
      },
    },
    async (request) => {
      const query = await historyQuery(store.db, request.params.type, request.query);
      return query ? readHistory(store.db, query) : [];
    },
  );
};
