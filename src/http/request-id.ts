import { randomFillSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a caller's request id when it is safe to log, otherwise makes one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : newRequestId();
}

const IDS_PER_FILL = 512;
const random = Buffer.alloc(16 * IDS_PER_FILL);
let next = random.length;
const text = Buffer.from('00000000-0000-4000-8000-000000000000', 'latin1');
/** Where each of the 16 bytes' two hex digits go in `text`. */
const AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/**
 * A random UUID (version 4), as crypto.randomUUID makes it (random bytes drawn ahead in bulk), written
 * into one buffer and read out as one string. randomUUID joins its 36 characters from 20 pieces, and
 * the first use of the id (the header's check, the log line) flattens them, at twice the cost of
 * this (measured: CONTRIBUTING.md, Measurements behind the code).
 */
export function newRequestId(): string {
  if (next === random.length) {
    randomFillSync(random);
    next = 0;
  }
  random[next + 6] = (random[next + 6]! & 0x0f) | 0x40; // version 4
  random[next + 8] = (random[next + 8]! & 0x3f) | 0x80; // RFC 9562 variant
  for (let i = 0; i < 16; i++) {
    const byte = random[next + i]!;
    text[AT[i]!] = HEX[byte >> 4]!;
    text[AT[i]! + 1] = HEX[byte & 15]!;
  }
  next += 16;
  return text.toString('latin1', 0, 36);
}

/** Every answer names its request id, the same id as in that request's log lines. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
