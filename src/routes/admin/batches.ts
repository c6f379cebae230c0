import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BatchRepository } from '../../store/batch-repo.js';
import { Batch } from '../../schemas/admin.js';
import type { AdminContext } from './context.js';

export const batchRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (app, { store }) => {
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
};
