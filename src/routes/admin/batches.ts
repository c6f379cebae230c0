import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ParamError } from '../../domain/errors.js';
import type { Format } from '../../ingest/sources.js';
import { IMPORT_TYPES, type ImportType } from '../../ingest/spec.js';
import { Batch } from '../../schemas/admin.js';
import { ImportReport } from '../../schemas/import-report.js';
import { BatchRepository } from '../../store/batch-repo.js';
import type { AdminContext } from './context.js';

const FORMATS: Record<string, Format> = {
  'text/csv': 'csv',
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
};

function formatOf(contentType: string | undefined, explicit: string | undefined): Format {
  if (explicit === 'csv' || explicit === 'json' || explicit === 'ndjson') return explicit;
  const format = FORMATS[(contentType ?? '').split(';')[0]!.trim().toLowerCase()];
  if (!format)
    throw new ParamError('Content-Type', `one of ${Object.keys(FORMATS).join(', ')}`, contentType ?? '');
  return format;
}

export const batchRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (app, { store, now }) => {
  const batches = new BatchRepository(store.db);

  app.get(
    '/batches',
    {
      schema: {
        summary: 'Recent publication batches, newest first',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
        }),
        response: { 200: Type.Array(Batch) },
      },
    },
    async (request) => batches.recent(request.query.limit ?? 50),
  );

  app.post(
    '/batches',
    {
      schema: {
        summary: 'Publish one batch (CSV, JSON array or NDJSON body): all rows or none',
        querystring: Type.Object({
          type: Type.String({ enum: [...IMPORT_TYPES], description: `one of ${IMPORT_TYPES.join(', ')}` }),
          format: Type.Optional(
            Type.String({ enum: ['csv', 'json', 'ndjson'], description: "'csv', 'json' or 'ndjson'" }),
          ),
          source: Type.Optional(
            Type.String({ maxLength: 200, description: 'a name recorded with the batch' }),
          ),
        }),
        response: { 201: ImportReport, 422: ImportReport },
      },
    },
    async (request, reply) => {
      const format = formatOf(request.headers['content-type'], request.query.format);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const type = request.query.type as ImportType;
      // Loaded with the first batch: its CSV and JSON parsers are not needed until then.
      const { runImport } = await import('../../ingest/import.js');
      const report = await runImport(
        store,
        [{ name: `${type}.${format}`, type, format, open: () => Readable.from([body]) }],
        { source: request.query.source ?? `admin-api:${request.adminToken?.name ?? 'unknown'}`, now },
      );
      request.log.info(
        { batchId: report.batchId, status: report.status, rows: report.rowsRead },
        'batch published',
      );
      return reply.code(report.status === 'committed' ? 201 : 422).send(report);
    },
  );
};
