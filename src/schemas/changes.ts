import { Type, type Static } from '@sinclair/typebox';

// The shape of docs/changes.json, the API's change log: the server checks the file against it when it
// starts, and the portal's "What changed" page reads the same shape from /changes.json.

const Text = Type.Object(
  { en: Type.String({ minLength: 1 }), th: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

export const ChangeEntry = Type.Object(
  {
    /** Stable, never reused: the feed's entries are known by it. */
    id: Type.String({ pattern: '^[a-z0-9-]+$' }),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    title: Text,
    summary: Text,
    /** operationIds of the OpenAPI document that the change added or changed; none for a change to every call. */
    operations: Type.Array(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export const Changes = Type.Object(
  { $comment: Type.Optional(Type.String()), entries: Type.Array(ChangeEntry, { minItems: 1 }) },
  { additionalProperties: false },
);

export type ChangeEntry = Static<typeof ChangeEntry>;
export type Changes = Static<typeof Changes>;
