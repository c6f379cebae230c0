import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ActionError } from '../../domain/errors.js';
import { PortalOperator } from '../../portal/operator.js';
import { AdminId, idNumber } from '../../schemas/admin.js';
import { DeveloperInfo, Email, Lang, NewProduct, ProductInfo, ProductUpdate } from '../../schemas/portal.js';
import { SubscriptionInfo } from '../../schemas/subscriptions.js';
import { ADMIN_ERRORS } from '../../schemas/common.js';
import { ProductRepository } from '../../store/product-repo.js';
import type { AdminContext } from './context.js';
import { PORTAL_ADMIN_TAG } from '../../http/openapi.js';

const doc = { tags: [PORTAL_ADMIN_TAG], security: [{ AdminToken: [] }] };

const Id = (of: string) => Type.Object({ id: AdminId(of) });
const idOf = (text: string, what: string): number => {
  const id = idNumber(text);
  if (id === undefined) throw new ActionError('not-found', `${what} ${text} was not found`);
  return id;
};

/** Products, developers and approvals: the same actions as `rates products|developers|subscriptions`. */
export const portalAdminRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (app, context) => {
  const { store, gateway } = context;
  const now = () => gateway.now();
  const products = new ProductRepository(store.db);
  const operator = new PortalOperator(store, context.mailer, context.portalConfig, now);
  // JSON bodies here (the admin routes' own parser takes batches as they come).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  const applied = async <T>(result: T): Promise<T> => {
    await gateway.subscriptionsChanged();
    return result;
  };

  app.get(
    '/products',
    { schema: { ...doc, response: { ...ADMIN_ERRORS, 200: Type.Array(ProductInfo) } } },
    async () => products.list(),
  );
  app.post(
    '/products',
    { schema: { ...doc, body: NewProduct, response: { ...ADMIN_ERRORS, 201: ProductInfo } } },
    async (request, reply) => reply.code(201).send(await products.create(request.body, now())),
  );
  app.get(
    '/products/:id',
    { schema: { ...doc, params: Id('a product'), response: { ...ADMIN_ERRORS, 200: ProductInfo } } },
    async (request) => {
      const id = idOf(request.params.id, 'Product');
      const product = await products.get(id);
      if (!product) throw new ActionError('not-found', `Product ${id} was not found`);
      return product;
    },
  );
  app.patch(
    '/products/:id',
    {
      schema: {
        ...doc,
        params: Id('a product'),
        body: ProductUpdate,
        response: { ...ADMIN_ERRORS, 200: ProductInfo },
      },
    },
    async (request) => products.update(idOf(request.params.id, 'Product'), request.body, now()),
  );
  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/products/:id/${action}`,
      { schema: { ...doc, params: Id('a product'), response: { ...ADMIN_ERRORS, 200: ProductInfo } } },
      async (request) =>
        products.update(idOf(request.params.id, 'Product'), { published: action === 'publish' }, now()),
    );
  }

  app.get(
    '/developers',
    { schema: { ...doc, response: { ...ADMIN_ERRORS, 200: Type.Array(DeveloperInfo) } } },
    async () => operator.list(),
  );
  app.get(
    '/developers/:id',
    {
      schema: {
        ...doc,
        params: Id('a developer'),
        response: {
          ...ADMIN_ERRORS,
          200: Type.Object({ developer: DeveloperInfo, subscriptions: Type.Array(SubscriptionInfo) }),
        },
      },
    },
    async (request) => operator.show(idOf(request.params.id, 'Developer')),
  );
  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/developers/:id/${action}`,
      { schema: { ...doc, params: Id('a developer'), response: { ...ADMIN_ERRORS, 200: DeveloperInfo } } },
      async (request) =>
        applied(await operator.block(idOf(request.params.id, 'Developer'), action === 'block')),
    );
  }
  app.post(
    '/developers/invitations',
    {
      schema: {
        ...doc,
        body: Type.Object({ email: Email, lang: Type.Optional(Lang) }, { additionalProperties: false }),
        response: { ...ADMIN_ERRORS, 202: Type.Object({}) },
      },
    },
    async (request, reply) => {
      await operator.invite(request.body.email, request.body.lang ?? 'en');
      return reply.code(202).send({});
    },
  );

  app.get(
    '/subscriptions/pending',
    { schema: { ...doc, response: { ...ADMIN_ERRORS, 200: Type.Array(SubscriptionInfo) } } },
    async () => operator.pending(),
  );
  app.post(
    '/subscriptions/:id/approve',
    {
      schema: { ...doc, params: Id('a subscription'), response: { ...ADMIN_ERRORS, 200: SubscriptionInfo } },
    },
    async (request) =>
      applied(await operator.decide(idOf(request.params.id, 'Subscription'), { approve: true })),
  );
  app.post(
    '/subscriptions/:id/reject',
    {
      schema: {
        ...doc,
        params: Id('a subscription'),
        body: Type.Object(
          { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
          { additionalProperties: false },
        ),
        response: { ...ADMIN_ERRORS, 200: SubscriptionInfo },
      },
    },
    async (request) =>
      applied(
        await operator.decide(idOf(request.params.id, 'Subscription'), {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
};
