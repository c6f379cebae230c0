import { Type, type Static } from '@sinclair/typebox';
import { MAX_RATE_PERIOD_S } from '../domain/subscriptions.js';
import { Nullable } from './common.js';

// Shapes of the admin API's subscription routes; the CLI prints the same objects.

export const RateLimit = Type.Object(
  {
    calls: Type.Integer({ minimum: 1 }),
    periodSeconds: Type.Integer({ minimum: 1, maximum: MAX_RATE_PERIOD_S }),
  },
  { additionalProperties: false, description: 'At most `calls` calls per window of `periodSeconds`' },
);

export const Quota = Type.Object(
  {
    calls: Type.Integer({ minimum: 1 }),
    period: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  },
  { additionalProperties: false, description: 'At most `calls` calls per Bangkok calendar day or month' },
);

export const KeyHint = Type.Object({
  hint: Type.String({ description: 'Last 4 characters of the key' }),
  createdAt: Type.String(),
  expiresAt: Type.Optional(Nullable(Type.String({ description: 'When the key stops; null: never' }))),
  previous: Type.Optional(
    Nullable(
      Type.Object(
        { hint: Type.String(), expiresAt: Type.String() },
        { description: 'The key this one replaced, working until expiresAt (a grace period)' },
      ),
    ),
  ),
});

/** A subscription's state as served (expired is worked out from its end, not stored). */
export const SubscriptionState = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('active'),
  Type.Literal('suspended'),
  Type.Literal('cancelled'),
  Type.Literal('rejected'),
  Type.Literal('expired'),
]);
export type SubscriptionState = Static<typeof SubscriptionState>;

export const SubscriptionInfo = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    owner: Nullable(Type.String()),
    groups: Type.String({ description: "'all' or service groups separated by commas" }),
    state: SubscriptionState,
    rateLimit: Nullable(RateLimit),
    quota: Nullable(Quota),
    expiresAt: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    keys: Type.Object({ primary: KeyHint, secondary: KeyHint }),
    developerId: Nullable(Type.Integer({ description: 'The developer who owns it (portal)' })),
    productId: Nullable(Type.Integer()),
    rejectionReason: Nullable(Type.String()),
    activatedAt: Nullable(Type.String({ description: 'When it became active (made, or approved)' })),
  },
  { $id: 'SubscriptionInfo' },
);
export type SubscriptionInfo = Static<typeof SubscriptionInfo>;

/** What an operator may set; on update every field is optional and `null` clears a limit. */
export const SubscriptionSettings = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    owner: Nullable(Type.String({ maxLength: 200 })),
    groups: Type.String({ minLength: 1, maxLength: 200 }),
    rateLimit: Nullable(RateLimit),
    quota: Nullable(Quota),
    expiresAt: Nullable(Type.String({ format: 'date-time' })),
    /** Gives the subscription to a developer account (null: the operator's again). */
    developerId: Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type SubscriptionSettings = Static<typeof SubscriptionSettings>;

export const SubscriptionUpdate = Type.Partial(SubscriptionSettings, { additionalProperties: false });
export type SubscriptionUpdate = Static<typeof SubscriptionUpdate>;

export const NewSubscription = Type.Composite(
  [Type.Pick(SubscriptionSettings, ['name']), Type.Partial(Type.Omit(SubscriptionSettings, ['name']))],
  { additionalProperties: false },
);
export type NewSubscription = Static<typeof NewSubscription>;

export const CreatedSubscription = Type.Object({
  subscription: SubscriptionInfo,
  primaryKey: Type.String(),
  secondaryKey: Type.String(),
});

export const UsageRow = Type.Object({
  subscriptionId: Type.Integer(),
  subscription: Type.String(),
  day: Type.String(),
  operation: Type.String(),
  statusClass: Type.String(),
  count: Type.Integer(),
});
export type UsageRow = Static<typeof UsageRow>;
