import cluster from 'node:cluster';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { MESSAGES } from '../domain/errors.js';
import type { Gateway } from '../gateway/index.js';
import type { Store } from '../store/db.js';
import { sourceStatuses } from '../source-list.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What every source's part of /ready says of its last run (src/sources/state.ts, RunStatus). */
const RUN_FIELDS = {
  lastRunAt: Nullable(Type.String()),
  lastResult: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  lastSuccessAt: Nullable(Type.String()),
};

/** The sync's state in /ready's details (docs/sync.md), when this service mirrors an upstream. */
const SyncDetails = Type.Object({
  upstream: Type.String(),
  phase: Type.String(),
  ...RUN_FIELDS,
  lagSeconds: Nullable(Type.Number()),
});

/** Each connector's state in /ready's details (docs/connectors.md), once one has run. */
const ConnectorDetails = Type.Object({
  connector: Type.String(),
  backfillDone: Type.Boolean(),
  ...RUN_FIELDS,
  latestDate: Nullable(Type.String()),
  expectedDate: Type.String(),
  lagDays: Nullable(Type.Number()),
});

/** Every source in /ready's one list (`sources`), the sync and each connector alike. */
const SourceDetails = Type.Object({
  source: Type.String(),
  from: Type.String(),
  backfillDone: Type.Boolean(),
  ...RUN_FIELDS,
  latestDate: Nullable(Type.String()),
  expectedDate: Nullable(Type.String()),
  lagDays: Nullable(Type.Number()),
  lagSeconds: Nullable(Type.Number()),
});

/** How long /ready waits for the database: a load balancer's probe should not hang on it. */
const READY_TIMEOUT_MS = 2000;

/**
 * Liveness (/health): answers without a key and without touching the database, so a node is not
 * restarted for an outage of the database. Readiness (/ready): 503 while the database does not
 * answer, or while the limits fail closed for want of Redis (every API call is then 503 too), so the
 * node is taken out of rotation until it can serve again (the connections come back by themselves).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ store: Store; gateway: Gateway }> = async (
  app,
  { store, gateway },
) => {
  // WORKERS > 1: which worker answered (its cluster id), so an operator or a test can tell them apart.
  const worker = cluster.worker ? { 'x-worker': String(cluster.worker.id) } : undefined;
  if (worker) app.addHook('onRequest', async (_request, reply) => void reply.headers(worker));
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        hide: true,
        response: {
          200: Type.Object({
            status: Type.Literal('ready'),
            sync: Type.Optional(SyncDetails),
            connectors: Type.Optional(Type.Array(ConnectorDetails)),
            sources: Type.Optional(Type.Array(SourceDetails)),
          }),
          503: Type.Ref('GatewayError'),
        },
      },
    },
    async (request, reply) => {
      const notReady = (message: string) =>
        reply
          .code(503)
          .headers({ 'retry-after': '5', 'cache-control': 'no-store' })
          .send({ statusCode: 503, message });
      try {
        await answersWithin(store.ping(), READY_TIMEOUT_MS);
      } catch (err) {
        // Probes come every few seconds during the whole outage: logged with the refused calls.
        app.outages.failed(request.log, 'database unavailable', err);
        return notReady(MESSAGES.unavailable);
      }
      // The Redis failures themselves are logged by the gateway (limiter-failures.ts).
      if (!(await gateway.limitsAnswer())) return notReady(MESSAGES.limitsUnavailable);
      // A sync that failed does not take the node out: it serves what it has, and says how old it is.
      // Connectors likewise: a failed run is told, not a reason to leave the rotation.
      return { status: 'ready' as const, ...(await sourceStatuses(store.db)) };
    },
  );
};

function answersWithin(ping: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
}
