import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Quota, RateLimit } from './subscriptions.js';

// Shapes of the admin API's public access routes; the CLI prints the same objects.

export const PublicAccessSettings = Type.Object(
  {
    groups: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 10,
      description: 'Service groups open to calls without a key, e.g. FundPriceService',
    }),
    origins: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      minItems: 1,
      maxItems: 50,
      description: "Browser origins that may read the answers, e.g. https://www.bank.example, or ['*']",
    }),
    // New schemas of the same properties, not spreads of RateLimit and Quota: a spread carries TypeBox's
    // symbol keys into this type, which declaration files (npm run build) cannot name.
    rateLimit: Type.Object(RateLimit.properties, {
      additionalProperties: false,
      description: 'Per client address: at most `calls` calls per `periodSeconds`',
    }),
    quota: Nullable(
      Type.Object(Quota.properties, {
        additionalProperties: false,
        description: 'Per client address, per Bangkok day or month',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PublicAccessSettings = Static<typeof PublicAccessSettings>;

export const PublicAccessInfo = Type.Object(
  {
    open: Type.Boolean({ description: 'Whether any service group answers calls without a key' }),
    groups: Type.Array(Type.String()),
    origins: Type.Array(Type.String()),
    rateLimit: Nullable(RateLimit),
    quota: Nullable(Quota),
    subscriptionId: Nullable(
      Type.Integer({ description: "The 'anonymous' subscription usage counts these calls under" }),
    ),
    updatedAt: Nullable(Type.String()),
  },
  {},
);
export type PublicAccessInfo = Static<typeof PublicAccessInfo>;
