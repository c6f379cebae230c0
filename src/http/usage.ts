import type { FastifyReply, FastifyRequest } from 'fastify';
import { bangkokDay } from '../domain/windows.js';
import type { Gateway } from '../gateway/index.js';

/** Counts an answered call of a known subscription (refused ones too) by Bangkok day and operation. */
export function countUsage(
  gateway: Gateway,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
): void {
  if (request.subscriptionId === undefined) return;
  gateway.recordCall(request.subscriptionId, bangkokDay(gateway.now()).day, operation, reply.statusCode);
}
