import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { SubscriptionState } from './subscriptions.js';
import { PER_DEVELOPER_MAX } from '../domain/products.js';

// Shapes of the developer portal's JSON API (/portal/api/, docs/portal.md) and of products as the
// operator manages them.

export const Lang = Type.Union([Type.Literal('en'), Type.Literal('th')]);
/** A name shown to people and put into emails: no control characters (no header or line injection). */
export const PersonName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
});
/** The rule (one @, no name, list or control characters) is src/portal/addresses.ts's, with its own error code. */
export const Email = Type.String({
  minLength: 1,
  maxLength: 320,
  description: 'A plain email address: one @, no display name, list, brackets, spaces or control characters',
});
/** Length only: the rules (at least 10 characters, not a common one) answer with their own codes. */
export const Password = Type.String({ maxLength: 256 });
export const Token = Type.String({ minLength: 1, maxLength: 100 });

export const Developer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  pendingEmail: Nullable(Type.String()),
  confirmed: Type.Boolean(),
  lang: Lang,
  createdAt: Type.String(),
  /** Two-step sign-in (TOTP) is on. */
  twoStep: Type.Boolean(),
});
export type Developer = Static<typeof Developer>;

export const PortalErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});

export const SignupBody = Type.Object(
  { name: PersonName, email: Email, password: Password, lang: Lang, invitation: Type.Optional(Token) },
  { additionalProperties: false },
);
export const SigninBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export const TokenBody = Type.Object({ token: Token }, { additionalProperties: false });
export const EmailBody = Type.Object({ email: Email }, { additionalProperties: false });
/**
 * A key to check (POST /portal/api/key-check), in the body: never in a URL, which logs keep. Any length
 * up to this: one longer than a key can be is answered as a wrong key, and counted as a guess.
 */
export const KeyCheckBody = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export const KeyCheckAnswer = Type.Object({ alive: Type.Boolean() });
export const ResetBody = Type.Object({ token: Token, password: Password }, { additionalProperties: false });
export const MeUpdate = Type.Object(
  { name: Type.Optional(PersonName), lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export const EmailChange = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export const PasswordChange = Type.Object(
  { current: Password, password: Password },
  { additionalProperties: false },
);
export const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
/** A code of the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const Code = Type.String({ minLength: 6, maxLength: 20 });
export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export const SecondStepBody = Type.Object({ challenge: Token, code: Code }, { additionalProperties: false });
export const TwoStepOff = Type.Object({ password: Password, code: Code }, { additionalProperties: false });

export const PortalRateLimit = Type.Object({ calls: Type.Integer(), seconds: Type.Integer() });
export type PortalRateLimit = Static<typeof PortalRateLimit>;
export const PortalQuota = Type.Object({
  calls: Type.Integer(),
  period: Type.Union([Type.Literal('day'), Type.Literal('month')]),
});
export type PortalQuota = Static<typeof PortalQuota>;

/** A product as developers see it (published ones only). */
export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Object({ en: Type.String(), th: Type.String() }),
  groups: Type.Array(Type.String()),
  rateLimit: Nullable(PortalRateLimit),
  quota: Nullable(PortalQuota),
  approval: Type.Boolean(),
  perDeveloper: Type.Integer(),
  terms: Type.String(),
});
export type Product = Static<typeof Product>;

/** A product as the operator sees it: a developer's view and whether it is published. */
export const ProductInfo = Type.Composite(
  [Product, Type.Object({ published: Type.Boolean(), createdAt: Type.String(), updatedAt: Type.String() })],
  { $id: 'ProductInfo' },
);
export type ProductInfo = Static<typeof ProductInfo>;

const ProductFields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }),
  descriptionEn: Type.String({ maxLength: 2000 }),
  descriptionTh: Type.String({ maxLength: 2000 }),
  groups: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "'all' or service groups separated by commas",
  }),
  rateLimit: Nullable(PortalRateLimit),
  quota: Nullable(PortalQuota),
  approval: Type.Boolean(),
  perDeveloper: Type.Integer({ minimum: 1, maximum: PER_DEVELOPER_MAX }),
  terms: Type.String({ maxLength: 20_000 }),
};
const ProductSettings = Type.Object(ProductFields);
export const NewProduct = Type.Composite(
  [Type.Pick(ProductSettings, ['name']), Type.Partial(Type.Omit(ProductSettings, ['name']))],
  { additionalProperties: false },
);
export type NewProduct = Static<typeof NewProduct>;
export const ProductUpdate = Type.Partial(ProductSettings, { additionalProperties: false });
export type ProductUpdate = Static<typeof ProductUpdate>;

export const PortalSubscription = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  product: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  state: SubscriptionState,
  createdAt: Type.String(),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  rateLimit: Nullable(PortalRateLimit),
  quota: Nullable(PortalQuota),
  quotaLeft: Nullable(Type.Integer()),
  primaryLast4: Type.String(),
  secondaryLast4: Type.String(),
  /** Each key's end (the developer's choice), and a replaced key still working until its end. */
  primaryExpiresAt: Nullable(Type.String()),
  secondaryExpiresAt: Nullable(Type.String()),
  previousPrimary: Nullable(Type.Object({ last4: Type.String(), endsAt: Type.String() })),
  previousSecondary: Nullable(Type.Object({ last4: Type.String(), endsAt: Type.String() })),
  /** 1: mailed at 80 % and 100 % of the daily quota (false: opted out). */
  quotaWarnings: Type.Boolean(),
});
export type PortalSubscription = Static<typeof PortalSubscription>;

/** A developer as the operator sees them. */
export const DeveloperInfo = Type.Composite(
  [
    Developer,
    Type.Object({
      blocked: Type.Boolean(),
      closed: Type.Boolean(),
      subscriptions: Type.Integer({ description: 'Subscriptions owned, in any state' }),
    }),
  ],
  { $id: 'DeveloperInfo' },
);
export type DeveloperInfo = Static<typeof DeveloperInfo>;
