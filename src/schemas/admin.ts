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
