import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding, type AnswerCache, type CachedAnswer } from '../cache/answer-cache.js';
import { bangkokToday } from '../domain/dates.js';

declare module 'fastify' {
  interface FastifyRequest {
    cacheKey?: string;
    cacheVersion?: number;
  }
}

/**
 * Serves repeated API answers from memory, with ETag / If-None-Match (304), Cache-Control and gzip or
 * brotli by Accept-Encoding. Runs after the key check and limits (they are onRequest hooks), so a
 * cached answer is still checked, limited and counted like any other. Only 200 answers of GET/HEAD
 * are kept; an answer that was valid once has valid parameters, so a hit skips validation too.
 */
export function installResponseCache(
  app: FastifyInstance,
  cache: AnswerCache,
  options: { maxAgeS: number; shared: boolean; now: () => Date },
): void {
  // Shared caches (CDNs, proxies) may keep an answer as long as browsers: the data changes a few
  // times a day, and an ETag makes every revalidation a cheap 304. Varying on the key header keeps
  // one key's cached answer from being handed to a request with another (or no) key; a key in the
  // query string is part of the URL anyway. CACHE_PUBLIC=false keeps answers out of shared caches,
  // for operators who want every call to reach the gateway (usage, quotas, suspensions at once).
  const caching = {
    'cache-control': `${options.shared ? 'public' : 'private'}, max-age=${options.maxAgeS}`,
    vary: options.shared ? 'Accept, Accept-Encoding, Ocp-Apim-Subscription-Key' : 'Accept, Accept-Encoding',
  };

  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // Paths match case-insensitively, and so do every parameter of the GET operations. "Today"
    // (deposit rates) is part of the key, so an answer never outlives its Bangkok day.
    const wantsCsv = (request.headers.accept ?? '').toLowerCase().includes('text/csv');
    request.cacheKey = `${request.url.split('?')[0]!.toLowerCase()}|${wantsCsv ? 'csv' : 'json'}|${bangkokToday(options.now())}`;
    request.cacheVersion = cache.currentVersion;
    const hit = cache.get(request.cacheKey);
    if (hit) {
      reply.header('content-type', hit.contentType).headers(hit.headers);
      await reply.send(prepare(request, reply, cache, hit, caching) ?? '');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cacheKey === undefined || reply.statusCode !== 200 || reply.getHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const answer = cache.put(request.cacheKey, request.cacheVersion ?? -1, {
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      headers: disposition(reply),
      body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
    });
    return prepare(request, reply, cache, answer, caching);
  });
}

function disposition(reply: FastifyReply): Record<string, string> {
  const value = reply.getHeader('content-disposition');
  return value === undefined ? {} : { 'content-disposition': String(value) };
}

/** Headers and body of an answer for this request: 304, or the body in the best accepted encoding. */
function prepare(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  answer: CachedAnswer,
  caching: Record<string, string>,
): Buffer | null {
  reply.header('etag', answer.etag).headers(caching);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === answer.etag || tag.trim() === '*')) {
    reply.code(304);
    return null;
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = cache.encoded(request.cacheKey!, answer, encoding);
  if (body !== answer.body) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}
