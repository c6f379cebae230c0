import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import { addDays, bangkokToday } from '../domain/dates.js';
import type { Gateway } from '../gateway/index.js';
import { REQUEST_LOG_DAYS } from '../gateway/request-log.js';
import type { SubscriptionInfo } from '../schemas/subscriptions.js';
import type { Store } from '../store/db.js';
import { RequestLogRepository, type RequestLogFilter } from '../store/request-log-repo.js';
import type { Sessions } from './session.js';

interface Context {
  store: Store;
  gateway: Gateway;
  sessions: Sessions;
  now: () => Date;
  /** The developer's subscription of that id, else 404 (subscription-routes.ts). */
  owned: (developerId: number, id: string) => Promise<SubscriptionInfo>;
}

const Params = Type.Object({ id: Type.String({ maxLength: 20 }) });
const Query = Type.Object(
  {
    status: Type.Optional(Type.String({ pattern: '^[1-5]xx$' })),
    operation: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    day: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
type QueryOf = (typeof Query)['static'];

const PAGE = 50;
/** A CSV holds at most the rows one subscription keeps (REQUEST_LOG_MAX_ROWS), read in pages of this. */
const CSV_PAGE = 1000;
const CSV_COLUMNS = ['time', 'operation', 'path', 'status', 'ms', 'requestId'];

const present = (r: Awaited<ReturnType<RequestLogRepository['page']>>[number]) => ({
  id: r.id,
  time: r.at,
  operation: r.operation,
  path: r.path,
  status: r.status,
  ms: r.ms,
  requestId: r.request_id,
});

/**
 * A subscription's request log (docs/portal.md): its keyed calls of the last 30 days, newest first,
 * by status class, operation and Bangkok day, in pages (`before` the last id seen), and as CSV.
 * What this node has logged is written first, so a call just made is in it.
 */
export const requestLogRoutes: FastifyPluginAsyncTypebox<Context> = async (app, context) => {
  const { store, gateway, sessions, now, owned } = context;
  const log = new RequestLogRepository(store.db);

  const filterOf = async (request: FastifyRequest, id: string, q: QueryOf, limit: number) => {
    const s = await owned(sessions.required(request).developer.id, id);
    await gateway.requestLog.flush();
    return {
      subscriptionId: s.id,
      since: addDays(bangkokToday(now()), -(REQUEST_LOG_DAYS - 1)),
      ...(q.status !== undefined && { statusClass: q.status }),
      ...(q.operation !== undefined && { operation: q.operation }),
      ...(q.day !== undefined && { day: q.day }),
      ...(q.before !== undefined && { before: q.before }),
      limit,
    } satisfies RequestLogFilter;
  };

  app.get(
    '/subscriptions/:id/requests',
    { schema: { params: Params, querystring: Query } },
    async (request) => {
      const limit = request.query.limit ?? PAGE;
      const filter = await filterOf(request, request.params.id, request.query, limit + 1);
      const rows = await log.page(filter);
      const page = rows.slice(0, limit);
      return {
        requests: page.map(present),
        next: rows.length > limit ? page.at(-1)!.id : null,
        operations: await log.operations(filter.subscriptionId),
        days: REQUEST_LOG_DAYS,
      };
    },
  );

  app.get(
    '/subscriptions/:id/requests.csv',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const filter = await filterOf(request, request.params.id, request.query, CSV_PAGE);
      const rows = [];
      for (let before = filter.before; ;) {
        const page = await log.page({ ...filter, ...(before !== undefined && { before }) });
        rows.push(...page.map(present));
        if (page.length < CSV_PAGE) break;
        before = page.at(-1)!.id;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="requests-${filter.subscriptionId}.csv"`)
        .send(stringify(rows, { header: true, columns: CSV_COLUMNS }));
    },
  );
};
