import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import { bangkokToday } from '../domain/dates.js';
import { ActionError } from '../domain/errors.js';
import type { Gateway } from '../gateway/index.js';
import type { PortalSubscription } from '../schemas/portal.js';
import { Product } from '../schemas/portal.js';
import type { SubscriptionInfo } from '../schemas/subscriptions.js';
import type { Store } from '../store/db.js';
import { KeyRepository } from '../store/key-repo.js';
import { checkProductLimit } from '../store/product-limit.js';
import { ProductRepository, productLimits } from '../store/product-repo.js';
import { SubscriptionRepository } from '../store/subscription-repo.js';
import { UsageRepository } from '../store/usage-repo.js';
import type { Accounts } from './accounts.js';
import { requestName } from './developer-view.js';
import { requestLogRoutes } from './request-log-routes.js';
import { PortalError } from './errors.js';
import type { Sessions } from './session.js';
import { usageDays, usageRange } from './usage.js';

interface Context {
  store: Store;
  gateway: Gateway;
  sessions: Sessions;
  accounts: Accounts;
  now: () => Date;
}

const Id = Type.Object({ id: Type.String({ maxLength: 20 }) });
/** Ids in portal paths are plain digits; anything else names nothing, as another developer's id does. */
const idOf = (text: string): number => {
  const id = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new PortalError(404, 'not_found');
  return id;
};
const NewBody = Type.Object(
  {
    productId: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }),
    acceptTerms: Type.Boolean(),
  },
  { additionalProperties: false },
);
const Rename = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }),
    ),
    /** Quota warnings by email (80 % and 100 % of the daily quota); false opts out. */
    quotaWarnings: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Slot = Type.Union([Type.Literal('primary'), Type.Literal('secondary')]);
/** A key's end: an ISO time, or null for none. */
const KeyEnd = Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()]);
/** The grace periods the portal offers for the old key (decisions, section 12): none, 1 hour, 24 hours, 7 days. */
export const GRACE_SECONDS = [0, 3600, 86_400, 604_800] as const;
const Regenerate = Type.Object(
  {
    which: Slot,
    grace: Type.Optional(Type.Union(GRACE_SECONDS.map((s) => Type.Literal(s)))),
    expiresAt: Type.Optional(KeyEnd),
  },
  { additionalProperties: false },
);
const Expiry = Type.Object({ expiresAt: KeyEnd }, { additionalProperties: false });
const SlotParams = Type.Object({ id: Type.String({ maxLength: 20 }), slot: Slot });
const CSV_COLUMNS = ['date', 'operation', 'answered', 'limited', 'failed'];

/** Products and a developer's own subscriptions: every id route answers 404 for another's id. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<Context> = async (app, context) => {
  const { store, gateway, sessions, now } = context;
  const products = new ProductRepository(store.db);
  const subscriptions = new SubscriptionRepository(store.db);
  const usage = new UsageRepository(store.db);

  /** The developer's subscription `id`; 404 for an unknown id and for another developer's alike. */
  const owned = async (developerId: number, text: string): Promise<SubscriptionInfo> => {
    const subscription = await subscriptions.get(idOf(text), now());
    if (!subscription || subscription.developerId !== developerId) throw new PortalError(404, 'not_found');
    return subscription;
  };
  const present = async (s: SubscriptionInfo): Promise<PortalSubscription> => {
    const product = s.productId === null ? undefined : await products.row(s.productId);
    return {
      id: s.id,
      name: s.name,
      product: product ? { id: product.id, name: product.name } : null,
      state: s.state,
      createdAt: s.createdAt,
      startsAt: s.activatedAt,
      endsAt: s.expiresAt,
      rejectionReason: s.rejectionReason,
      rateLimit: s.rateLimit && { calls: s.rateLimit.calls, seconds: s.rateLimit.periodSeconds },
      quota: s.quota,
      quotaLeft: s.quota ? Math.max(0, s.quota.calls - (await quotaUsed(s))) : null,
      primaryLast4: s.keys.primary.hint,
      secondaryLast4: s.keys.secondary.hint,
      primaryExpiresAt: s.keys.primary.expiresAt ?? null,
      secondaryExpiresAt: s.keys.secondary.expiresAt ?? null,
      previousPrimary: previous(s.keys.primary.previous),
      previousSecondary: previous(s.keys.secondary.previous),
      quotaWarnings: (await subscriptions.quotaWarnings(s.id)) === 1,
    };
  };
  const previous = (old: { hint: string; expiresAt: string } | null | undefined) =>
    old ? { last4: old.hint, endsAt: old.expiresAt } : null;
  /** A key's end as given: a time to come (ISO), or null; else 400 expiry_invalid. */
  const keyEnd = (text: string | null | undefined): string | null => {
    if (text === undefined || text === null) return null;
    const time = Date.parse(text);
    if (!Number.isFinite(time) || time <= now().getTime()) throw new PortalError(400, 'expiry_invalid');
    return new Date(time).toISOString();
  };
  /** Calls let through in the quota's current window, as the servers last wrote usage (every few seconds). */
  const quotaUsed = async (s: SubscriptionInfo): Promise<number> => {
    const today = bangkokToday(now());
    const from = s.quota!.period === 'day' ? today : `${today.slice(0, 8)}01`;
    const rows = await usage.report({ subscriptionId: s.id, from, to: today });
    return rows.filter((r) => r.statusClass !== '4xx').reduce((sum, r) => sum + r.count, 0);
  };
  const applied = async <T>(result: T): Promise<T> => {
    await gateway.subscriptionsChanged();
    return result;
  };
  const acting = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ActionError)
        throw new PortalError(
          error.kind === 'not-found' ? 404 : 400,
          error.kind === 'not-found' ? 'not_found' : 'bad_request',
          error.message,
        );
      throw error;
    }
  };

  app.get('/products', { schema: { response: { 200: Type.Array(Product) } } }, async () =>
    (await products.list(true)).map(({ published: _p, createdAt: _c, updatedAt: _u, ...product }) => product),
  );

  app.get('/subscriptions', async (request) => {
    const { developer } = sessions.required(request);
    return Promise.all((await subscriptions.ownedBy(developer.id, now())).map(present));
  });

  app.post('/subscriptions', { schema: { body: NewBody } }, async (request, reply) => {
    const { developer } = sessions.required(request);
    if (developer.confirmed_at === null) throw new PortalError(403, 'not_confirmed');
    const product = await products.row(request.body.productId);
    if (!product || product.published !== 1) throw new PortalError(404, 'not_found');
    if (!request.body.acceptTerms) throw new PortalError(400, 'terms_not_accepted');
    const created = await new KeyRepository(store.db)
      .create(requestName(request.body.name), null, now(), {
        groups: product.groups,
        limits: productLimits(product),
        developerId: developer.id,
        productId: product.id,
        state: product.approval === 1 ? 'submitted' : 'active',
        // Counted in the transaction that adds it: concurrent subscribes on any node cannot pass the limit.
        check: (trx) => checkProductLimit(trx, developer.id, product.id, product.per_developer, now()),
      })
      .catch((error: unknown) => {
        throw error instanceof ActionError && error.kind === 'conflict'
          ? new PortalError(409, 'product_limit')
          : error;
      });
    const subscription = (await subscriptions.get(created.subscription.id, now()))!;
    return reply.code(201).send({
      subscription: await present(subscription),
      primaryKey: created.primaryKey,
      secondaryKey: created.secondaryKey,
    });
  });

  app.get('/subscriptions/:id', { schema: { params: Id } }, async (request) =>
    present(await owned(sessions.required(request).developer.id, request.params.id)),
  );

  app.patch('/subscriptions/:id', { schema: { params: Id, body: Rename } }, async (request) => {
    const s = await owned(sessions.required(request).developer.id, request.params.id);
    const { name, quotaWarnings } = request.body;
    if (quotaWarnings !== undefined) await subscriptions.setQuotaWarnings(s.id, quotaWarnings);
    if (name === undefined) return present((await subscriptions.get(s.id, now()))!);
    return present(await subscriptions.update(s.id, { name: requestName(name) }, now()));
  });

  app.post('/subscriptions/:id/cancel', { schema: { params: Id } }, async (request) => {
    const s = await owned(sessions.required(request).developer.id, request.params.id);
    return present(await applied(await acting(() => subscriptions.act(s.id, 'cancel', now()))));
  });

  app.post('/subscriptions/:id/regenerate', { schema: { params: Id, body: Regenerate } }, async (request) => {
    const s = await owned(sessions.required(request).developer.id, request.params.id);
    if (s.state === 'cancelled' || s.state === 'rejected')
      throw new PortalError(400, 'bad_request', `A ${s.state} subscription has no keys to regenerate.`);
    const { which, grace = 0 } = request.body;
    const expiresAt = keyEnd(request.body.expiresAt);
    const oldKeyUntil = grace > 0 ? new Date(now().getTime() + grace * 1000).toISOString() : undefined;
    const key = await applied(
      await subscriptions.regenerate(s.id, which, now(), { expiresAt, ...(oldKeyUntil && { oldKeyUntil }) }),
    );
    // The old key's end as kept: the grace period's, or its own end if that came first.
    const kept = (await subscriptions.get(s.id, now()))?.keys[which].previous;
    return { key, last4: key.slice(-4), expiresAt, oldKeyUntil: kept?.expiresAt ?? null };
  });

  // A key's end, chosen by the developer: it stops at that time on every node (or never: null).
  app.put(
    '/subscriptions/:id/keys/:slot/expiry',
    { schema: { params: SlotParams, body: Expiry } },
    async (request) => {
      const s = await owned(sessions.required(request).developer.id, request.params.id);
      if (s.state === 'cancelled' || s.state === 'rejected') throw new PortalError(404, 'not_found');
      const expiresAt = keyEnd(request.body.expiresAt);
      await subscriptions.setKeyExpiry(s.id, request.params.slot, expiresAt, now());
      await gateway.subscriptionsChanged();
      return present((await subscriptions.get(s.id, now()))!);
    },
  );

  const usageOf = async (developerId: number, text: string) => {
    const s = await owned(developerId, text);
    await gateway.usage.flush();
    return usageDays(await usage.report({ subscriptionId: s.id, ...usageRange(now()) }));
  };

  app.get('/subscriptions/:id/usage', { schema: { params: Id } }, async (request) => ({
    days: await usageOf(sessions.required(request).developer.id, request.params.id),
  }));

  await app.register(requestLogRoutes, { store, gateway, sessions, now, owned });

  app.get('/subscriptions/:id/usage.csv', { schema: { params: Id } }, async (request, reply) => {
    const days = await usageOf(sessions.required(request).developer.id, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usage-${idOf(request.params.id)}.csv"`)
      .send(stringify(days, { header: true, columns: CSV_COLUMNS }));
  });
};
