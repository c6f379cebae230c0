import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorCodes } from 'fastify';
import { ApiError, ParamError } from '../../domain/errors.js';
import { importInThread } from '../../ingest/import-thread.js';
import { spoolUpload, UploadTooLarge } from '../../ingest/upload-spool.js';
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

export const batchRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (
  app,
  { store, now, bodyLimit },
) => {
  const batches = new BatchRepository(store.db);
  // A batch's body is not read here but by the route, as a stream (see below). A declared length over
  // the limit is refused before any of it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const length = Number(request.headers['content-length']);
    if (length > bodyLimit) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    else done(null, payload);
  });
  // One import at a time per process, as SQLite's single writer would have it anyway; the next waits
  // its turn instead of failing on the write lock. Closing the app waits for the one running.
  let importing: Promise<unknown> = Promise.resolve();
  app.addHook('onClose', async () => {
    await importing;
  });

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
        response: { 200: ImportReport, 201: ImportReport, 422: ImportReport },
      },
    },
    async (request, reply) => {
      const format = formatOf(request.headers['content-type'], request.query.format);
      const type = request.query.type as ImportType;
      // The body goes to a temporary file as it arrives (memory stays a few chunks whatever its size),
      // then a worker thread imports the file: the event loop stays free for the API meanwhile.
      const body = request.body instanceof Readable ? request.body : Readable.from([]);
      const upload = await spoolUpload(body, bodyLimit).catch((error: unknown) => {
        if (error instanceof UploadTooLarge) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
        throw new ApiError(400, `The upload did not arrive whole: ${(error as Error).message}`);
      });
      const clockOffsetMs = now().getTime() - Date.now();
      const run = importing.then(() =>
        importInThread(store, {
          path: upload.path,
          name: `${type}.${format}`,
          type,
          format,
          source: request.query.source ?? `admin-api:${request.adminToken?.name ?? 'unknown'}`,
          clockOffsetMs,
        }),
      );
      importing = run.catch(() => undefined);
      const report = await run.finally(() => upload.remove());
      request.log.info(
        { batchId: report.batchId, status: report.status, rows: report.rowsRead },
        'batch published',
      );
      // 201 made a batch; 200 found every row already published as it is, and made none.
      const code = ({ committed: 201, unchanged: 200, rejected: 422 } as const)[report.status];
      return reply.code(code).send(report);
    },
  );
};
