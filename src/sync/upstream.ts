import { STATUS_CODES } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { request } from 'undici';
import { RatesClient } from '../client/client.js';
import { RatesApiError, retryAfterMs } from '../client/errors.js';
import { AnswerReader } from './answer-reader.js';

/** How to reach the upstream, and how politely. */
export interface UpstreamOptions {
  /** Scheme and host of the upstream service, e.g. https://rates.example.com */
  baseUrl: string;
  key: string;
  /** Requests per second at most (0: no limit). */
  rate: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** Time for one request, answer included, in ms. */
  timeoutMs: number;
  /** Bytes of one answer at most: reading stops there, and the run fails (SYNC_MAX_ANSWER_BYTES). */
  maxAnswerBytes: number;
  /** Tries after the first for a request that failed in a way worth trying again. */
  retries: number;
  /** Longest wait the upstream may ask for (Retry-After) before the sync gives up, in ms. */
  maxRetryWaitMs: number;
  /** First back-off wait when the upstream names none, doubled at each retry, in ms. */
  backoffMs?: number;
  /** Stops the requests (and waits) in progress, e.g. when the service shuts down. */
  signal?: AbortSignal;
  /** Told of every wait the upstream asked for (429, 403) or a back-off after a failure. */
  onWait?: (ms: number, why: string) => void;
}

/** Why a sync stopped: the upstream refused the key, cannot be reached, or is not this interface. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly kind: 'key' | 'unreachable' | 'refused' | 'not-interface' | 'too-large' | 'refused-row',
    message: string,
  ) {
    super(message);
  }
}

/** Statuses worth another try: over a limit, or the upstream (or a proxy before it) briefly failing. */
const TRY_AGAIN = new Set([403, 429, 500, 502, 503, 504]);

/** A queue of requests: at most `limit` in flight, and starts spaced by the request rate. */
class Pacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  private pausedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly rate: number,
  ) {}

  async take(): Promise<void> {
    if (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    await this.spaced();
  }

  /** Waits for this request's turn under the request rate (also before each retry). */
  async spaced(): Promise<void> {
    const now = performance.now();
    let start = Math.max(now, this.pausedUntil);
    if (this.rate > 0) {
      start = Math.max(start, this.nextStart);
      this.nextStart = start + 1000 / this.rate;
    }
    if (start > now) await sleep(start - now);
  }

  /** Holds every request back for `ms` (the upstream asked to wait: it is one limit for all of them). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + ms);
  }

  release(): void {
    this.inFlight--;
    this.waiting.shift()?.();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The upstream service through the project's own typed client, with a polite fetch under it: a
 * request rate and a concurrency bound, a timeout per request, retries with back-off of failures
 * worth retrying (and after the Retry-After the upstream names on 429 and 403), and every answer
 * checked against the interface's own schemas before anything of it is used.
 */
export class Upstream {
  readonly client: RatesClient;
  /** Requests sent, retries included. */
  requests = 0;
  retries = 0;
  /** Time spent waiting because the upstream asked to (429/403 Retry-After), in ms. */
  waitedMs = 0;

  private readonly pacer: Pacer;
  private readonly checks = new WeakMap<TSchema, TypeCheck<TSchema>>();

  constructor(private readonly options: UpstreamOptions) {
    this.pacer = new Pacer(Math.max(1, options.concurrency), options.rate);
    // No retries in the client: the polite fetch below does them, for more than 429 and 503.
    this.client = new RatesClient({
      key: options.key,
      baseUrl: options.baseUrl,
      retries: 0,
      fetch: (input, init) => this.politeFetch(String(input), init),
    });
  }

  /** The upstream's origin, safe to log and store (a key is never part of it). */
  get origin(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  /**
   * One operation of the upstream: its answer when it has the shape `schema` says, else an
   * UpstreamError that says which operation answered what. `null` when the upstream does not have
   * the operation (404), so the caller can fall back to the ten of the spec.
   */
  async read<S extends TSchema>(
    schema: S,
    what: string,
    call: (client: RatesClient) => Promise<unknown>,
  ): Promise<Static<S> | null> {
    let answer: unknown;
    try {
      answer = await call(this.client);
    } catch (error) {
      if (error instanceof SyntaxError)
        throw new UpstreamError('not-interface', `${what}: the upstream's answer is not JSON`);
      if (!(error instanceof RatesApiError)) throw error;
      if (error.cause instanceof AnswerFailure)
        throw new UpstreamError(error.cause.kind, `${what}: ${error.cause.message}`);
      if (error.status === 404) return null;
      if (error.status === 401)
        throw new UpstreamError('key', `${what}: the upstream refused the key (401): ${error.message}`);
      if (error.status === 0) throw new UpstreamError('unreachable', `${what}: ${error.message}`);
      throw new UpstreamError('refused', `${what}: the upstream answered ${error.status}: ${error.message}`);
    }
    const check = this.checkOf(schema);
    if (!check.Check(answer)) {
      const first = check.Errors(answer).First();
      const where = first ? ` (at ${first.path || '/'}: ${first.message})` : '';
      throw new UpstreamError(
        'not-interface',
        `${what}: the upstream's answer is not of this interface${where}`,
      );
    }
    return answer as Static<S>;
  }

  /** As `read`, for operations every upstream of the interface has: a 404 is not the interface. */
  async must<S extends TSchema>(
    schema: S,
    what: string,
    call: (client: RatesClient) => Promise<unknown>,
  ): Promise<Static<S>> {
    const answer = await this.read(schema, what, call);
    if (answer === null)
      throw new UpstreamError('not-interface', `${what}: the upstream has no such operation (404)`);
    return answer;
  }

  private checkOf(schema: TSchema): TypeCheck<TSchema> {
    let check = this.checks.get(schema);
    if (!check) {
      check = TypeCompiler.Compile(schema);
      this.checks.set(schema, check);
    }
    return check;
  }

  private async politeFetch(url: string, init: RequestInit | undefined): Promise<Response> {
    const { retries, timeoutMs, maxRetryWaitMs } = this.options;
    const backoffMs = this.options.backoffMs ?? 500;
    await this.pacer.take();
    // Waits the upstream asks for (Retry-After) are not failures: they do not use up the retries,
    // only up to maxRetryWaitMs of waiting in all for one request.
    let asked = 0;
    let failures = 0;
    // The client's calls carry no body: a method and headers (the key, Accept) are the whole request.
    const method = (init?.method ?? 'GET') as 'GET' | 'POST';
    const headers: Record<string, string> = {
      ...Object.fromEntries(new Headers(init?.headers)), // names in lower case
      'accept-encoding': ACCEPT_ENCODING,
    };
    const json = headers.accept === 'application/json';
    try {
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) await this.pacer.spaced();
        this.requests++;
        let res: Arrival | undefined;
        let failure = '';
        // One time for the request, its redirects and its whole answer: a body that trickles is as
        // much a timeout as headers that never come.
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
        try {
          res = await this.fetchWithin(url, method, headers, signal);
          if (!TRY_AGAIN.has(res.status)) return await this.whole(res, json);
        } catch (error) {
          if (this.options.signal?.aborted) throw new Error('the sync was stopped');
          if (error instanceof AnswerFailure) throw error;
          const why = String((error as Error)?.cause ?? error);
          if (timeout.aborted)
            failure = res
              ? `the answer did not arrive whole within ${timeoutMs} ms`
              : `no answer within ${timeoutMs} ms`;
          else failure = res ? `the answer broke off (${why})` : `the upstream could not be reached (${why})`;
          res = undefined;
        }
        const askedNow = res ? retryAfterMs(res.headers.get('retry-after')) : 0;
        if (askedNow === 0 && failures++ >= retries) {
          if (res) return await this.whole(res, json, { lenient: true });
          throw new AnswerFailure('unreachable', failure);
        }
        asked += askedNow;
        if (asked > maxRetryWaitMs) return await this.whole(res!, json, { lenient: true }); // the client turns it into an error with its message
        const wait = askedNow || backoffMs * 2 ** (failures - 1);
        if (res) discard(res.body);
        if (askedNow) {
          this.waitedMs += askedNow;
          this.pacer.pause(askedNow);
        }
        this.retries++;
        this.options.onWait?.(wait, res ? `HTTP ${res.status}` : failure);
        await sleep(wait);
        if (this.options.signal?.aborted) throw new Error('the sync was stopped');
      }
    } finally {
      this.pacer.release();
    }
  }

  /**
   * The answer with its body read here, under the request's timeout (the client reads it afterwards,
   * when no retry could be made any more), and never more than maxAnswerBytes of it: an upstream
   * could otherwise send without end. A JSON answer of data (`json`: the call asked for JSON) is
   * parsed as it arrives (AnswerReader), its values counted in the limit with its bytes. `lenient`: an error answer given up on, whose body only adds
   * to its message, is kept without its body when that cannot be read, and cut at the limit.
   */
  private async whole(res: Arrival, json: boolean, { lenient = false } = {}): Promise<Response> {
    const limit = this.options.maxAnswerBytes;
    const head = { status: res.status, statusText: STATUS_CODES[res.status] ?? '', headers: res.headers };
    const ok = res.status >= 200 && res.status < 300;
    const reader = ok && json ? new AnswerReader(limit) : undefined;
    const pieces: Uint8Array[] = [];
    let bytes = 0;
    try {
      for await (const piece of res.body as AsyncIterable<Buffer>) {
        bytes += piece.length;
        const over = reader ? !reader.push(piece) : bytes > limit;
        // Leaving the loop destroys the body: the rest is never read.
        if (over) {
          if (lenient) break;
          throw new AnswerFailure(
            'too-large',
            `the answer is larger than the limit of ${limit.toLocaleString('en-US')} bytes (SYNC_MAX_ANSWER_BYTES)`,
          );
        }
        if (!reader) pieces.push(piece);
      }
    } catch (error) {
      // Not JSON: said as the client says it when it parses (read() names the operation).
      if (error instanceof SyntaxError) return new ParsedAnswer({ error }, head);
      if (!lenient || error instanceof AnswerFailure) throw error;
    }
    if (reader) {
      try {
        return new ParsedAnswer({ value: reader.end() }, head);
      } catch (error) {
        return new ParsedAnswer({ error }, head);
      }
    }
    return new Response(res.status === 204 || res.status === 304 ? null : Buffer.concat(pieces), head);
  }

  /**
   * One request, following redirects only within the upstream's origin: the key goes in a header
   * of every request, so a redirect elsewhere (another host, port or scheme) would hand it to
   * whoever is there. Such a redirect ends the run instead.
   *
   * undici's `request` rather than `fetch`: the answers are read here as Node streams and decoded
   * with zlib, without fetch's web streams between (CONTRIBUTING.md, Measurements behind the code).
   */
  private async fetchWithin(
    url: string,
    asked: 'GET' | 'POST',
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<Arrival> {
    const origin = new URL(url).origin;
    let target = url;
    let method = asked;
    for (let hops = 0; ; hops++) {
      const res = await request(target, { method, headers, signal });
      const location = REDIRECTS.has(res.statusCode) ? single(res.headers.location) : undefined;
      if (location === undefined) return arrival(res.statusCode, res.headers, res.body);
      discard(res.body);
      const next = new URL(location, target);
      if (next.origin !== origin)
        throw new AnswerFailure(
          'refused',
          `the upstream redirected to another origin (${next.origin}); the key is not sent there`,
        );
      if (hops >= MAX_REDIRECTS) throw new AnswerFailure('refused', `more than ${MAX_REDIRECTS} redirects`);
      // As fetch does: a 303, or a 301/302 of a POST, is followed with a GET.
      if (res.statusCode === 303 || (method === 'POST' && res.statusCode <= 302)) method = 'GET';
      target = next.href;
    }
  }
}

/** An answer as it arrives: its status, its headers and its body, decoded. */
interface Arrival {
  status: number;
  headers: Headers;
  body: Readable;
}

type RawHeaders = Record<string, string | string[] | undefined>;

/** Stops reading a body that is not wanted (undici's says so with an error event: nobody listens). */
const discard = (body: Readable) => void body.on('error', () => {}).destroy();

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The encodings asked for, and how each is decoded (what fetch would ask for and decode). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DECODED_PIECE = 64 * 1024;
const DECODERS: Record<string, () => Transform> = {
  gzip: () => createGunzip({ chunkSize: DECODED_PIECE }),
  'x-gzip': () => createGunzip({ chunkSize: DECODED_PIECE }),
  deflate: () => createInflate({ chunkSize: DECODED_PIECE }),
  br: () => createBrotliDecompress({ chunkSize: DECODED_PIECE }),
};

/** The answer with its body decoded as its Content-Encoding says; an encoding not asked for is refused. */
function arrival(status: number, raw: RawHeaders, body: Readable): Arrival {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return { status, headers, body };
  const decoder = DECODERS[encoding];
  if (!decoder) {
    discard(body);
    throw new AnswerFailure('not-interface', `the answer is encoded as ${encoding}, which was not asked for`);
  }
  // The decoded body replaces the raw one: a failure of the raw one fails it, and stopping it (a
  // limit, a timeout) stops the raw one. Not stream.pipeline: it makes and aborts an AbortController
  // per answer, a DOMException each (measured with the rest: CONTRIBUTING.md).
  headers.delete('content-encoding');
  headers.delete('content-length');
  const decoded = decoder();
  body.on('error', (error) => decoded.destroy(error));
  decoded.on('close', () => body.destroy());
  return { status, headers, body: body.pipe(decoded) };
}

/** Redirect statuses, and how many in a row a request follows (fetch's own bound). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/**
 * Why one request failed, said by the request itself (a timeout, a redirect elsewhere); `read`
 * prefixes it with the operation and day. It comes through the client as a RatesApiError's cause.
 */
class AnswerFailure extends Error {
  constructor(
    readonly kind: UpstreamError['kind'],
    message: string,
  ) {
    super(message);
  }
}

/** An answer whose JSON body was read and parsed as it arrived: the client's `json()` gets the result. */
class ParsedAnswer extends Response {
  constructor(
    private readonly parsed: { value: unknown } | { error: unknown },
    init: ResponseInit,
  ) {
    super(null, init);
  }

  override json(): Promise<unknown> {
    return 'value' in this.parsed ? Promise.resolve(this.parsed.value) : Promise.reject(this.parsed.error);
  }
}
