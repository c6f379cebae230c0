import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

export const ImportIssue = Type.Object({
  file: Type.String(),
  line: Nullable(Type.Integer({ description: 'Line (CSV, NDJSON) or item number (JSON array)' })),
  column: Nullable(Type.String()),
  reason: Type.String(),
});

export const ImportReport = Type.Object(
  {
    status: Type.Union([Type.Literal('committed'), Type.Literal('unchanged'), Type.Literal('rejected')], {
      description: 'unchanged: every row was already published as it is, so no batch was made (batchId null)',
    }),
    batchId: Nullable(Type.Integer()),
    rowsRead: Type.Integer(),
    inserted: Type.Integer(),
    changed: Type.Integer(),
    unchanged: Type.Integer(),
    revisions: Type.Integer(),
    errorCount: Type.Integer(),
    errors: Type.Array(ImportIssue),
    seconds: Type.Number(),
  },
  { $id: 'ImportReport' },
);
export type ImportReport = Static<typeof ImportReport>;
export type ImportIssue = Static<typeof ImportIssue>;
