import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import helmet from 'helmet';
import { LRUCache } from 'lru-cache';
import type { CachedAnswer, Encoding } from '../cache/answer-cache.js';
import { modifiedSince } from '../domain/as-of.js';

/**
 * The security headers of an API answer (JSON or CSV, never rendered as a page): the set the OWASP
 * REST Security cheat sheet lists for APIs. No framing, no sniffing, and a policy that lets nothing
 * load should a browser render one anyway. Strict-Transport-Security stays with the TLS terminator in
 * front (the service speaks plain HTTP); Cache-Control and Content-Type come with each answer. The
 * rest of helmet's set (X-XSS-Protection, X-DNS-Prefetch-Control, Cross-Origin-*, ...) is about
 * pages, and on a small answer it was more bytes than the body.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/**
 * Helmet's defaults for pages (the explorer, /docs, and anything else outside /api) except two:
 * - Content-Security-Policy: the docs page and the explorer set their own, which a global one would
 *   override.
 * - Strict-Transport-Security: the service speaks plain HTTP; the TLS terminator in front owns HSTS.
 * None of them depends on the request, so helmet runs once, here, and every answer gets its headers
 * as one prepared object (running its middleware per request cost several microseconds a call).
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders();

/** The security headers of the answer to a request for `url` (a path, with or without a query). */
export function securityHeaders(url: string): Readonly<Record<string, string>> {
  return API_PATH.test(url) ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS;
}

// Paths match case-insensitively (contract notes: every operation): /API/... is an API call too.
const API_PATH = /^\/api(?:[/?]|$)/i;

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  const middleware = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
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
      ? 'Accept, Accept-Encoding, Accept-Datetime, Ocp-Apim-Subscription-Key, Origin'
      : 'Accept, Accept-Encoding, Accept-Datetime, Origin',
  };
}

/**
 * Whether a cached answer is a 304 for these request headers: If-None-Match names its ETag (or any),
 * or, without If-None-Match, it was last modified no later than If-Modified-Since (RFC 9110 13.1.3).
 */
export function answerNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  answer: CachedAnswer,
): boolean {
  if (headers['if-none-match'] !== undefined) return etagMatches(headers['if-none-match'], answer.etag);
  return !modifiedSince(headers['if-modified-since'], answer.headers['last-modified']);
}

/** Whether If-None-Match names this ETag (or any): the answer is then a 304 without a body. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/**
 * The headers of a cached answer sent as `body` in `encoding` (body undefined: a 304): its content
 * type and disposition, ETag, caching, and the body's encoding and length. Both the framework's
 * answer cache and the fast path send exactly these.
 */
export function cachedAnswerHeaders(
  answer: CachedAnswer,
  body: Buffer | undefined,
  encoding: Encoding,
  caching: Readonly<Record<string, string>>,
): Record<string, string> {
  return {
    'content-type': answer.contentType,
    etag: answer.etag,
    ...caching,
    // After the caching: an answer as of a past instant is cached for a year (http/as-of.ts).
    ...answer.headers,
    ...(body && body !== answer.body && { 'content-encoding': encoding }),
    ...(body && { 'content-length': String(body.length) }),
  };
}

// Accept-Encoding values with the encoding they choose: clients send the same few values on every
// call, and a bound keeps values made up per call from growing it.
const chosenEncodings = new LRUCache<string, Encoding>({ max: 256 });

/**
 * The encoding of an API answer, from Accept-Encoding and its q-values (`gzip;q=0` refuses gzip):
 * gzip whenever the client accepts it, brotli only for one that accepts brotli and not gzip, else
 * none. The original served gzip, never brotli, and real clients advertise `br` without being able to
 * decode it (contract notes: every operation: a pipeline sends a browser's `gzip, deflate, br, zstd` from a library with
 * no brotli). Static files (explorer, docs) keep preferring brotli: browsers decode it.
 */
export function answerEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = chosenEncodings.get(acceptEncoding);
  if (encoding === undefined) {
    const accepted = acceptEncoding.toLowerCase();
    encoding = negotiate<'gzip'>(accepted, ['gzip']) ?? negotiate<'br'>(accepted, ['br']) ?? 'identity';
    chosenEncodings.set(acceptEncoding, encoding);
  }
  return encoding;
}
