import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding, type AnswerCache, type CachedAnswer } from '../cache/answer-cache.js';
import { bangkokDay } from '../domain/windows.js';
import type { Gateway } from '../gateway/index.js';
import { operationName, serviceGroup } from './route-names.js';

declare module 'fastify' {
  interface FastifyRequest {
    cacheKey?: string;
    cacheVersion?: number;
  }
}

export interface CachingOptions {
  maxAgeS: number;
  /** Whether shared caches (CDNs, proxies) may keep answers (CACHE_PUBLIC). */
  shared: boolean;
}

/**
 * Cache-Control and Vary of every cached answer. Shared caches may keep an answer as long as browsers:
 * the data changes a few times a day, and an ETag makes every revalidation a cheap 304. Varying on
 * the key header keeps one key's cached answer from being handed to a request with another (or no)
 * key; a key in the query string is part of the URL anyway. CACHE_PUBLIC=false keeps answers out of
 * shared caches, for operators who want every call to reach the gateway (usage, quotas, suspensions).
 * Varying on Origin keeps one origin's CORS headers from being handed to another: which origins may
 * read an answer depends on the call (CORS_ORIGINS, public access opened or closed at run time).
 */
export function cachingHeaders(options: CachingOptions): Readonly<Record<string, string>> {
  return {
    'cache-control': `${options.shared ? 'public' : 'private'}, max-age=${options.maxAgeS}`,
    vary: options.shared
      ? 'Accept, Accept-Encoding, Ocp-Apim-Subscription-Key, Origin'
      : 'Accept, Accept-Encoding, Origin',
  };
}

/**
 * The answer cache's key of a call: paths match case-insensitively, and so do every parameter of the
 * GET operations; the query string holds no parameter of theirs. "Today" (deposit rates) is part of
 * the key, so an answer never outlives its Bangkok day.
 */
export function answerKey(url: string, accept: string | undefined, now: Date): string {
  const wantsCsv = (accept ?? '').toLowerCase().includes('text/csv');
  const q = url.indexOf('?');
  return `${(q < 0 ? url : url.slice(0, q)).toLowerCase()}|${wantsCsv ? 'csv' : 'json'}|${bangkokDay(now).day}`;
}

/** Whether If-None-Match names this ETag (or any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/**
 * Serves repeated API answers from memory, with ETag / If-None-Match (304), Cache-Control and gzip or
 * brotli by Accept-Encoding. Runs after the key check and limits (they are onRequest hooks), so a
 * cached answer is still checked, limited and counted like any other. Only 200 answers of GET/HEAD
 * are kept; an answer that was valid once has valid parameters, so a hit skips validation too.
 * Most hits never get here: the direct answers (direct-answers.ts) serve them before the framework.
 */
export function installResponseCache(
  app: FastifyInstance,
  cache: AnswerCache,
  gateway: Gateway,
  options: CachingOptions & { now: () => Date },
): void {
  const caching = cachingHeaders(options);

  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    request.cacheKey = answerKey(request.url, request.headers.accept, options.now());
    request.cacheVersion = cache.currentVersion;
    const hit = cache.get(request.cacheKey);
    (hit ? gateway.metrics.answerHit : gateway.metrics.answerMiss).inc();
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
  caching: Readonly<Record<string, string>>,
): Buffer | null {
  reply.header('etag', answer.etag).headers(caching);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304);
    return null;
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = cache.encoded(request.cacheKey!, answer, encoding);
  if (body !== answer.body) reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}
