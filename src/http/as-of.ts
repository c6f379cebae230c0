import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { DataTypeName } from '../data-types/index.js';
import { httpDate, parseAsOf, parseHttpDate } from '../domain/as-of.js';
import { ApiError, ParamError } from '../domain/errors.js';
import { asOfState, type AsOf } from '../store/as-of.js';
import { commitAt, mementoOf, type Timeline } from '../store/timeline.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The data types the operation's answer is made of: what its Last-Modified and timemap follow. */
    reads?: readonly DataTypeName[];
  }
  interface FastifyRequest {
    /** Asked as of a past instant (Accept-Datetime or ?asOf=): the state it reads. */
    asOf?: AsOf;
    /** Asked as of an instant at all (a future one is answered with the latest state). */
    asksInstant?: boolean;
  }
}

// Memento (RFC 7089) on every /api/ operation (docs/time-travel.md): Accept-Datetime or ?asOf= picks
// the state as of an instant; every answer names the state it serves (Last-Modified, and for an asked
// instant Memento-Datetime and its timemap).

const AS_OF_PARAM = /[?&]asof=([^&]*)/i;
/** A year: an answer as of a past instant never changes. */
const IMMUTABLE_S = 31_536_000;

/** Whether a call asks for an instant: the fast path leaves such calls to the framework. */
export const asksInstant = (headers: IncomingHttpHeaders, url: string): boolean =>
  headers['accept-datetime'] !== undefined || AS_OF_PARAM.test(url);

/** The call's URL without its asOf parameter: the latest answer's own (Link rel="original"). */
export function originalPath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && !/^asof=/i.test(p));
  return kept.length > 0 ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/** The instant a call asks for: ?asOf= over Accept-Datetime; 400 when malformed. */
function askedInstant(request: FastifyRequest): Date | undefined {
  const param = AS_OF_PARAM.exec(request.url);
  if (param) {
    const raw = param[1]!.replaceAll('+', ' ');
    // Malformed percent-encoding (%ZZ) is a malformed instant, not a URIError.
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      value = raw;
    }
    const instant = parseAsOf(value);
    if (!instant)
      throw new ParamError(
        'asOf',
        'an ISO 8601 instant with its offset (2026-11-20T10:00:00+07:00) or a day (2026-11-20)',
        value,
      );
    return instant;
  }
  const header = request.headers['accept-datetime'];
  if (header === undefined) return undefined;
  const instant = parseHttpDate(String(header));
  if (!instant)
    throw new ParamError('Accept-Datetime', 'an HTTP-date (Fri, 20 Nov 2026 03:00:00 GMT)', header);
  return instant;
}

export function installAsOf(
  api: FastifyInstance,
  options: { timeline: Timeline; now: () => Date; shared: boolean },
): void {
  const { timeline, now } = options;

  api.addHook('preValidation', async (request) => {
    if (request.method === 'OPTIONS') return;
    const instant = askedInstant(request);
    if (!instant) return;
    request.asksInstant = true;
    const commits = await timeline.current();
    const reads = request.routeOptions.config.reads ?? [];
    const first = commits.find((c) => reads.some((type) => c.types.has(type))) ?? commits[0];
    if (!first || instant < first.at)
      throw new ApiError(
        404,
        `Nothing was published by ${httpDate(instant)}: ` +
          (first ? `the first answer is of ${httpDate(first.at)}` : 'nothing is published yet'),
      );
    // An instant to come: the latest answer, as it stands now.
    if (instant >= now()) return;
    request.asOf = asOfState(commits, commitAt(commits, instant)!.batch, instant);
  });

  api.addHook('onSend', async (request, reply, payload) => {
    // A cached answer (an ETag set) carries the headers it was made with.
    if (reply.statusCode !== 200 || reply.getHeader('etag') !== undefined) return payload;
    const commits = await timeline.commits();
    const memento = mementoOf(
      commits,
      request.asOf?.batch ?? Number.POSITIVE_INFINITY,
      request.routeOptions.config.reads ?? [],
    );
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-datetime/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Datetime` : 'Accept-Datetime');
    if (!memento) return payload;
    reply.header('last-modified', httpDate(memento.at));
    if (!request.asksInstant) return payload;
    const original = originalPath(request.url);
    reply.header('memento-datetime', httpDate(memento.at));
    reply.header(
      'link',
      `<${original}>; rel="original", <${`/timemap${original.split('?')[0]}`}>; rel="timemap"; type="application/link-format"`,
    );
    if (request.asOf)
      reply.header(
        'cache-control',
        `${options.shared ? 'public' : 'private'}, max-age=${IMMUTABLE_S}, immutable`,
      );
    return payload;
  });
}

/** The as-of headers an answer is kept with in the answer cache (its caching headers come after). */
export function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['content-disposition', 'last-modified', 'memento-datetime', 'link']) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  // Only an as-of answer sets its own (immutable) caching.
  if (reply.request.asOf) kept['cache-control'] = String(reply.getHeader('cache-control'));
  return kept;
}

/** Each /api/ route's path pattern and the data types it reads: which operation a timemap is of. */
export class RouteReads {
  private readonly routes: [RegExp, readonly DataTypeName[]][] = [];

  add(url: string, reads: readonly DataTypeName[]): void {
    const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+');
    // Paths match case-insensitively, as the operations do.
    this.routes.push([new RegExp(`^${escaped}/?$`, 'i'), reads]);
  }

  /** The data types the operation at `path` reads; undefined for a path no operation has. */
  of(path: string): readonly DataTypeName[] | undefined {
    return this.routes.find(([pattern]) => pattern.test(path))?.[1];
  }
}
