import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** One value a row of any data type has had: the served one first, then earlier revisions. */
export const HistoryEntry = Type.Object(
  {
    served: Type.Boolean(),
    batchId: Nullable(
      Type.Integer({
        description:
          'The batch that delivered this value; null for a reference row (a fund, a product) stored before batches named what they wrote',
      }),
    ),
    replacedByBatchId: Nullable(Type.Integer()),
    replacedAt: Nullable(Type.String()),
    values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()])),
  },
  { $id: 'HistoryEntry' },
);
export type HistoryEntry = Static<typeof HistoryEntry>;
