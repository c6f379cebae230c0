import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bangkokToday } from '../domain/dates.js';
import type { Gateway } from '../gateway/index.js';

/** The operation a request was for: its operationId, else its route, else 'unmatched' (a 404). */
export function operationOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { operationId?: string } | undefined;
  return schema?.operationId ?? request.routeOptions.url ?? 'unmatched';
}

/** Counts every answered call of a known subscription (refused ones too) by Bangkok day and operation. */
export function installUsageCounting(app: FastifyInstance, gateway: Gateway): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.subscriptionId === undefined) return;
    gateway.usage.record(
      request.subscriptionId,
      bangkokToday(gateway.now()),
      operationOf(request),
      reply.statusCode,
    );
  });
}
