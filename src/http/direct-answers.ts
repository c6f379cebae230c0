import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AnswerCache, CachedAnswer, Encoding } from '../cache/answer-cache.js';
import { admit, type Admission } from '../calls/admission.js';
import {
  answerEncoding,
  cachedAnswerHeaders,
  answerNotModified,
  securityHeaders,
} from '../calls/answer-headers.js';
import { answerKey } from '../calls/answer-key.js';
import { asksInstant } from './as-of.js';
import type { CallLog } from '../calls/call-log.js';
import { countCall } from '../calls/completion.js';
import { corsOrigin, fixedCorsHeaders, type CorsOrigin } from '../calls/cors.js';
import { handOver } from '../calls/handover.js';
import { KEY_HEADER, presentedKey } from '../calls/presented-key.js';
import type { Gateway } from '../gateway/index.js';
import { keyHashOn } from './connection-key.js';
import { requestId, REQUEST_ID_HEADER } from './request-id.js';

/** What the fast path needs from the app. */
export interface DirectAnswerOptions {
  answers: AnswerCache;
  gateway: Gateway;
  /** Cache-Control and Vary (calls/answer-headers.ts). */
  caching: Readonly<Record<string, string>>;
  /** CORS_ORIGINS, as the call core's CORS rule takes them (calls/cors.ts). */
  corsOrigins: CorsOrigin;
  maxUrlLength: number;
  /** Load shedding (MAX_EVENT_LOOP_DELAY_MS): while it refuses calls, they go on to refuse them. */
  underPressure: () => boolean;
  /** The caller's address as the framework works it out (TRUST_PROXY). */
  ip: (req: IncomingMessage) => string;
  log: Logger;
  callLog: CallLog;
}

/**
 * The fast path: answers a call from the answer cache straight from the HTTP server's request event,
 * before the framework builds its request, reply and hook chain for it (that chain cost more than
 * half of what a cached answer took in CPU profiles). It is a thin adapter over the call core, as
 * the framework's hooks are: admission (calls/admission.ts), the answer's headers
 * (calls/answer-headers.ts, cors.ts) and completion (calls/completion.ts) are the same functions.
 *
 * Served here: a GET whose answer is cached, that the core admits, and whose CORS headers do not
 * depend on its Origin. A refusal, or an answer that failed before it began, goes to the framework
 * with the core's decision (calls/handover.ts), so nothing is counted twice. Anything else (HEAD,
 * OPTIONS, a call the CORS settings must judge by its Origin, load shedding, shutdown) goes to the
 * framework untouched. test/http/fast-path.test.ts proves both answer every cached operation alike.
 */
export class DirectAnswers {
  private closing = false;
  /**
   * Prepared header lists by CORS headers (a few fixed objects) and body sent (by answer for a 304);
   * they go when the answer leaves the cache.
   */
  private readonly prepared = new Map<object, WeakMap<object, string[]>>();

  constructor(private readonly options: DirectAnswerOptions) {}

  /** From now on every call goes to the framework (it answers with Connection: close on shutdown). */
  close(): void {
    this.closing = true;
  }

  /**
   * Serves the call when it can and returns true; returns false, having changed nothing, when the
   * framework must answer it. A call taken that the core refuses is passed to `next`.
   */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void): boolean {
    const { answers, gateway, maxUrlLength } = this.options;
    const url = req.url ?? '';
    if (req.method !== 'GET' || this.closing || url.length > maxUrlLength) return false;
    // A call as of an instant is answered by the framework (http/as-of.ts): it resolves the instant.
    if (asksInstant(req.headers, url)) return false;
    const now = gateway.now();
    const cacheKey = answerKey(url, req.headers.accept, now);
    const answer = answers.get(cacheKey);
    if (!answer || this.options.underPressure()) return false;
    const { group } = answer.route;
    const key = presentedKey(req.headers[KEY_HEADER], url);
    const { origin } = req.headers;
    const allowed = corsOrigin(
      { method: 'GET', origin, keyless: key === undefined, group },
      this.options.corsOrigins,
      gateway.publicAccess,
    );
    // Served here only when its CORS headers do not depend on the Origin it names.
    const cors = fixedCorsHeaders(allowed, origin);
    if (!cors) return false;

    const started = performance.now();
    const ip = this.options.ip(req);
    const admission = admit(gateway, { key, address: ip, group, now }, (k) => keyHashOn(req.socket, k));
    const settle = (decided: Admission) => {
      if (!decided.admitted) return this.handOver(req, decided, next);
      try {
        this.answer(req, res, cacheKey, answer, decided, { started, now, ip, cors });
      } catch (error) {
        // Never a crash: the framework answers it (its error handler logs and answers 500), or, when
        // the answer had begun, the connection ends, so the caller sees it cut short.
        if (!res.headersSent) {
          const failed = {
            admitted: false as const,
            refusal: error,
            subscriptionId: decided.subscription.id,
          };
          return this.handOver(req, failed, next);
        }
        this.options.log.error({ err: error }, 'direct answer failed');
        res.destroy();
      }
    };
    if (admission instanceof Promise) {
      admission.then(settle).catch((error: unknown) => {
        this.options.log.error({ err: error }, 'direct answer failed');
        res.destroy();
      });
    } else {
      settle(admission);
    }
    return true;
  }

  private handOver(req: IncomingMessage, admission: Admission, next: () => void): void {
    handOver(req, admission);
    next();
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    cacheKey: string,
    answer: CachedAnswer,
    admission: Extract<Admission, { admitted: true }>,
    call: { started: number; now: Date; ip: string; cors: Readonly<Record<string, string>> },
  ): void {
    const { answers, gateway, log, callLog } = this.options;
    const id = requestId(req);
    const encoding = answerEncoding(req.headers['accept-encoding']);
    const notModified = answerNotModified(req.headers, answer);
    const statusCode = notModified ? 304 : 200;
    const body = notModified ? undefined : answers.encoded(cacheKey, answer, encoding);
    const headers = this.headersOf(req.url ?? '', answer, body, encoding, call.cors).slice();
    headers.push(REQUEST_ID_HEADER, id);
    const limits = admission.headers;
    for (const name in limits) headers.push(name, limits[name]!);
    gateway.metrics.answerHitDirect.inc();
    res.writeHead(statusCode, headers).end(body);

    const ms = performance.now() - call.started;
    const { operation } = answer.route;
    countCall(gateway, {
      operation,
      statusCode,
      ms,
      subscriptionId: admission.subscription.id,
      now: call.now,
      url: req.url ?? '',
      requestId: id,
    });
    if (log.isLevelEnabled('info')) {
      callLog.write({ method: 'GET', url: req.url ?? '', ip: call.ip, statusCode, responseTime: ms }, id);
    }
  }

  /**
   * The headers every answer of `answer` with this body carries (none: a 304), as a flat list, worked
   * out once per body from the core's: security, CORS, and the cached answer's. The security headers
   * go by the path, which is an API one for every cached answer.
   */
  private headersOf(
    url: string,
    answer: CachedAnswer,
    body: Buffer | undefined,
    encoding: Encoding,
    cors: Readonly<Record<string, string>>,
  ): string[] {
    let prepared = this.prepared.get(cors);
    if (!prepared) this.prepared.set(cors, (prepared = new WeakMap()));
    const known = prepared.get(body ?? answer);
    if (known) return known;
    const headers = Object.entries({
      ...securityHeaders(url),
      ...cors,
      ...cachedAnswerHeaders(answer, body, encoding, this.options.caching),
    }).flat();
    prepared.set(body ?? answer, headers);
    return headers;
  }
}
