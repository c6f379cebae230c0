import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache, CachedAnswer } from '../cache/answer-cache.js';
import { answerEncoding, answerNotModified, cachedAnswerHeaders } from '../calls/answer-headers.js';
import { keptHeaders } from './as-of.js';
import { answerKey } from '../calls/answer-key.js';
import type { Gateway } from '../gateway/index.js';
import { operationName, serviceGroup } from './route-names.js';

declare module 'fastify' {
  interface FastifyRequest {
    cacheKey?: string;
    cacheVersion?: number;
  }
}

/**
 * Serves repeated API answers from memory, with ETag / If-None-Match (304), Cache-Control and gzip (or
 * brotli, for a client without gzip) by Accept-Encoding, their headers and encoding the call core's
 * (calls/answer-headers.ts). Runs after the key check and limits (they are onRequest hooks), so a cached answer is still checked, limited and
 * counted like any other. Only 200 answers of GET/HEAD are kept; an answer that was valid once has
 * valid parameters, so a hit skips validation too. Most hits never get here: the fast path
 * (direct-answers.ts) serves them before the framework.
 */
export function installResponseCache(
  app: FastifyInstance,
  cache: AnswerCache,
  gateway: Gateway,
  options: {
    /** Cache-Control and Vary (calls/answer-headers.ts cachingHeaders), as the fast path sends them. */
    caching: Readonly<Record<string, string>>;
    now: () => Date;
  },
): void {
  const { caching } = options;

  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    request.cacheKey = answerKey(
      request.url,
      request.headers.accept,
      options.now(),
      request.asOf ?? (request.asksInstant ? 'now' : undefined),
    );
    request.cacheVersion = cache.currentVersion;
    const hit = cache.get(request.cacheKey);
    (hit ? gateway.metrics.answerHit : gateway.metrics.answerMiss).inc();
    // A 304 goes without a payload, so it carries no Content-Length (RFC 9110 8.6), as the fast path's.
    if (hit) await reply.send(prepare(request, reply, cache, hit, caching) ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cacheKey === undefined || reply.statusCode !== 200 || reply.getHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const answer = cache.put(request.cacheKey, request.cacheVersion ?? -1, {
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      headers: keptHeaders(reply),
      body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
      route: {
        group: serviceGroup(request.routeOptions.url ?? ''),
        operation: operationName({
          schema: request.routeOptions.schema,
          url: request.routeOptions.url ?? '',
        }),
      },
    });
    return prepare(request, reply, cache, answer, caching);
  });
}

/** Headers and body of an answer for this request: 304, or the body in the best accepted encoding. */
function prepare(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  answer: CachedAnswer,
  caching: Readonly<Record<string, string>>,
): Buffer | null {
  const notModified = answerNotModified(request.headers, answer);
  const encoding = answerEncoding(request.headers['accept-encoding']);
  const body = notModified ? undefined : cache.encoded(request.cacheKey!, answer, encoding);
  reply.headers(cachedAnswerHeaders(answer, body, encoding, caching));
  if (notModified) reply.code(304);
  return body ?? null;
}
