import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

export const Batch = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String(),
    source: Type.String(),
    status: Type.String(),
    createdAt: Type.String(),
    committedAt: Nullable(Type.String()),
    rowCount: Type.Integer(),
  },
  { $id: 'Batch' },
);
export type Batch = Static<typeof Batch>;

/**
 * An id in an admin path or query: plain decimal digits only, one schema for every admin route. As an
 * integer, Fastify's validator would take whatever JavaScript's Number() reads as one (`0x1`, `1e3`,
 * `+1`, ` 1`), so an id is validated as text and read with `idNumber`. Up to 16 digits: every id a
 * row can have (JavaScript's exact integers end at 9007199254740991).
 */
export const AdminId = (of: string) =>
  Type.String({ pattern: '^[0-9]{1,16}$', description: `${of} id (decimal digits)` });

/** The number an AdminId names; undefined past JavaScript's exact integers, where no row's id is. */
export function idNumber(text: string): number | undefined {
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
