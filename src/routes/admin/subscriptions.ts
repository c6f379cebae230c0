import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ActionError } from '../../domain/errors.js';
import type { StateAction } from '../../domain/subscriptions.js';
import {
  CreatedSubscription,
  NewSubscription,
  SubscriptionInfo,
  SubscriptionUpdate,
  UsageRow,
} from '../../schemas/subscriptions.js';
import { AdminId, idNumber } from '../../schemas/admin.js';
import { SubscriptionRepository } from '../../store/subscription-repo.js';
import { UsageRepository } from '../../store/usage-repo.js';
import type { AdminContext } from './context.js';

const Id = Type.Object({ id: AdminId('a subscription') });
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'a day YYYY-MM-DD' });
const UsageQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) });

/** Subscriptions under /admin/subscriptions: the same actions as the `keys` commands. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (
  app,
  { store, gateway },
) => {
  const subscriptions = new SubscriptionRepository(store.db);
  const usage = new UsageRepository(store.db);
  const now = () => gateway.now();
  // This process applies its own changes at once; other processes when it announces them (REDIS_URL),
  // else within their poll interval.
  const applied = async <T>(result: T): Promise<T> => {
    await gateway.subscriptionsChanged();
    return result;
  };
  const notFound = (id: number | string) => new ActionError('not-found', `Subscription ${id} was not found`);
  const found = <T>(id: number, value: T | undefined): T => {
    if (value === undefined) throw notFound(id);
    return value;
  };
  /** The subscription an id names; one no row can have is not found, as an unused one. */
  const idOf = (request: { params: { id: string } }): number => {
    const id = idNumber(request.params.id);
    if (id === undefined) throw notFound(request.params.id);
    return id;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.get('/subscriptions', { schema: { response: { 200: Type.Array(SubscriptionInfo) } } }, async () =>
    subscriptions.list(now()),
  );

  app.post(
    '/subscriptions',
    { schema: { body: NewSubscription, response: { 201: CreatedSubscription } } },
    async (request, reply) => reply.code(201).send(await subscriptions.create(request.body, now())),
  );

  app.get(
    '/subscriptions/:id',
    { schema: { params: Id, response: { 200: SubscriptionInfo } } },
    async (request) => {
      const id = idOf(request);
      return found(id, await subscriptions.get(id, now()));
    },
  );

  app.patch(
    '/subscriptions/:id',
    { schema: { params: Id, body: SubscriptionUpdate, response: { 200: SubscriptionInfo } } },
    async (request) => applied(await subscriptions.update(idOf(request), request.body, now())),
  );

  for (const action of ['suspend', 'resume', 'cancel'] satisfies StateAction[]) {
    app.post(
      `/subscriptions/:id/${action}`,
      { schema: { params: Id, response: { 200: SubscriptionInfo } } },
      async (request) => applied(await subscriptions.act(idOf(request), action, now())),
    );
  }

  app.post(
    '/subscriptions/:id/keys/:slot/regenerate',
    {
      schema: {
        params: Type.Object({
          ...Id.properties,
          slot: Type.Union([Type.Literal('primary'), Type.Literal('secondary')], {
            description: 'primary or secondary',
          }),
        }),
        response: { 200: Type.Object({ slot: Type.String(), key: Type.String() }) },
      },
    },
    async (request) => {
      const { slot } = request.params;
      return applied({ slot, key: await subscriptions.regenerate(idOf(request), slot, now()) });
    },
  );

  app.get(
    '/subscriptions/:id/usage',
    { schema: { params: Id, querystring: UsageQuery, response: { 200: Type.Array(UsageRow) } } },
    async (request) => {
      const id = idOf(request);
      found(id, await subscriptions.get(id));
      await gateway.usage.flush();
      return usage.report({ subscriptionId: id, ...request.query });
    },
  );

  app.get(
    '/usage',
    { schema: { querystring: UsageQuery, response: { 200: Type.Array(UsageRow) } } },
    async (request) => {
      await gateway.usage.flush();
      return usage.report(request.query);
    },
  );
};
