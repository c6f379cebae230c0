import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pickEncoding, type AnswerCache, type CachedAnswer, type Encoding } from '../cache/answer-cache.js';
import { allowsGroup } from '../domain/subscriptions.js';
import { bangkokDay } from '../domain/windows.js';
import type { Gateway } from '../gateway/index.js';
import { isUsable, type Subscription } from '../store/key-repo.js';
import { keyHashOn } from './connection-key.js';
import { loggableUrl } from './logging.js';
import { requestId, REQUEST_ID_HEADER } from './request-id.js';
import { pinoObject, requestLineWriter, type CompletedCall } from './request-line.js';
import { answerKey, etagMatches } from './response-cache.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { admitWithoutKey, KEY_HEADER, MAX_KEY_LENGTH, presentedKeyOf, queryKey } from './subscription-key.js';
import { admitCall, admitCallNow } from './traffic-limits.js';

/** What the direct answers need from the app. */
export interface DirectAnswerOptions {
  answers: AnswerCache;
  gateway: Gateway;
  /** Cache-Control and Vary (response-cache.ts). */
  caching: Readonly<Record<string, string>>;
  /** CORS headers of a call from any origin ('*'); without them, calls that name an Origin go on. */
  corsHeaders: Readonly<Record<string, string>> | undefined;
  maxUrlLength: number;
  /** Load shedding (MAX_EVENT_LOOP_DELAY_MS): while it refuses calls, they go on to refuse them. */
  underPressure: () => boolean;
  /** The caller's address as the framework works it out (TRUST_PROXY), for the log line. */
  ip: (req: IncomingMessage) => string;
  log: Logger;
}

interface Handover {
  subscription: Subscription;
  /** The call's count against its limits, already made: it settles with the refusal to answer. */
  limits: Promise<Record<string, string>>;
  /** A call without a key (public access): the client address its limits counted. */
  address: string | undefined;
}

const HANDOVER = Symbol('direct answers handover');
type HandedRequest = IncomingMessage & { [HANDOVER]?: Handover };

/** What the direct answers decided about a call they handed to the framework, if they did. */
export function handedOver(req: IncomingMessage): Handover | undefined {
  return (req as HandedRequest)[HANDOVER];
}

/**
 * Answers a call from the answer cache straight from the HTTP server's request event, before the
 * framework builds its request, reply and hook chain for it: that chain cost more than half of what
 * a cached answer took (CPU profiles of the service under autocannon). Only the plain case is served here: a GET
 * whose answer is cached, whose key belongs to a usable subscription this process has read already,
 * allowed into the route's service group, or that names no key (and no Origin) on a group public
 * access opened (`admitWithoutKey`, the framework's rule too), and admitted by its limits. Anything
 * else (no key on a closed group, an unknown key, a refusal, HEAD, OPTIONS, a cross-origin call the CORS settings must judge, load shedding,
 * shutdown) goes to the framework, which answers it as always; nothing is counted twice: a call whose
 * limits were counted here is handed over with that count (see `handedOver`).
 *
 * Every answer carries the same headers as the framework's, is counted in usage and metrics under its
 * operation, and logged in the same one line (test/http/direct-answers.test.ts compares them).
 */
export class DirectAnswers {
  private closing = false;
  /** Prepared header lists by body sent (by answer for a 304); they go when the answer leaves the cache. */
  private readonly prepared = new WeakMap<object, string[]>();
  private readonly preparedKeyless = new WeakMap<object, string[]>();

  /** Writes a call's request log line: by hand when that is byte for byte pino's (request-line.ts). */
  private readonly logCall: (call: CompletedCall) => void;

  constructor(private readonly options: DirectAnswerOptions) {
    const { log } = options;
    this.logCall = requestLineWriter(log) ?? ((call) => log.info(pinoObject(call), 'request completed'));
  }

  /** From now on every call goes to the framework (it answers with Connection: close on shutdown). */
  close(): void {
    this.closing = true;
  }

  /**
   * Serves the call when it can and returns true; returns false, having changed nothing, when the
   * framework must answer it. A call taken whose limits refuse it is passed to `next` later.
   */
  serve(req: IncomingMessage, res: ServerResponse, next: () => void): boolean {
    const { answers, gateway, maxUrlLength } = this.options;
    const url = req.url ?? '';
    if (req.method !== 'GET' || this.closing || url.length > maxUrlLength) return false;
    if (req.headers.origin !== undefined && !this.options.corsHeaders) return false;
    const now = gateway.now();
    const cacheKey = answerKey(url, req.headers.accept, now);
    const answer = answers.get(cacheKey);
    if (!answer || this.options.underPressure()) return false;
    const key = presentedKeyOf(req.headers[KEY_HEADER], () => queryKey(url));
    let subscription: Subscription | undefined;
    let address: string | undefined;
    if (key === undefined) {
      // Public access: the CORS headers of a keyless call depend on its origin; the framework's.
      if (req.headers.origin !== undefined) return false;
      subscription = admitWithoutKey(gateway, answer.route.group);
      address = this.options.ip(req);
    } else if (key.length <= MAX_KEY_LENGTH) {
      subscription = gateway.subscriptions.peek(keyHashOn(req.socket, key));
      if (
        subscription &&
        !(isUsable(subscription, now) && allowsGroup(subscription.groups, answer.route.group))
      )
        subscription = undefined;
    }
    if (!subscription) return false;
    const admitted = subscription;
    const keyless = address !== undefined;

    const started = performance.now();
    const handOver = (counted: Promise<Record<string, string>>) => {
      (req as HandedRequest)[HANDOVER] = { subscription: admitted, limits: counted, address };
      next();
    };
    const respond = (limitHeaders: Record<string, string>) => {
      try {
        this.answer(req, res, cacheKey, answer, admitted, limitHeaders, started, now, keyless);
      } catch (error) {
        // Never a crash: the framework answers it (its error handler logs and answers 500), or, when
        // the answer had begun, the connection ends, so the caller sees it cut short.
        if (!res.headersSent) return handOver(settled(error));
        this.options.log.error({ err: error }, 'direct answer failed');
        res.destroy();
      }
    };
    // Limits counted in this process's memory decide at once; shared ones (Redis) answer later.
    let counted: Record<string, string> | undefined;
    try {
      counted = keyless ? undefined : admitCallNow(gateway, subscription, now);
    } catch (refusal) {
      handOver(settled(refusal));
      return true;
    }
    if (counted) {
      respond(counted);
      return true;
    }
    const limits = admitCall(gateway, subscription, now, address);
    limits
      .then(respond, () => handOver(limits))
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'direct answer failed');
        res.destroy();
      });
    return true;
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    cacheKey: string,
    answer: CachedAnswer,
    subscription: Subscription,
    limitHeaders: Record<string, string>,
    started: number,
    now: Date,
    keyless: boolean,
  ): void {
    const { answers, gateway, log } = this.options;
    const id = requestId(req);
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const notModified = etagMatches(req.headers['if-none-match'], answer.etag);
    const status = notModified ? 304 : 200;
    const body = notModified ? undefined : answers.encoded(cacheKey, answer, encoding);
    const headers = this.headersOf(answer, body, encoding, keyless).slice();
    headers.push(REQUEST_ID_HEADER, id);
    for (const name in limitHeaders) headers.push(name, limitHeaders[name]!);
    gateway.metrics.answerHitDirect.inc();
    res.writeHead(status, headers).end(body);

    const ms = performance.now() - started;
    const { operation } = answer.route;
    gateway.recordCall(subscription.id, bangkokDay(now).day, operation, status);
    gateway.metrics.observe(operation, status, ms / 1000);
    if (log.isLevelEnabled('info')) {
      this.logCall({
        reqId: id,
        method: 'GET',
        url: loggableUrl(req.url ?? ''),
        ip: this.options.ip(req),
        statusCode: status,
        responseTime: ms,
      });
    }
  }

  /**
   * The headers every answer of `answer` with this body carries (none: a 304), as a flat list, worked
   * out once per body: content type, security, CORS and caching headers, and the body's encoding and length.
   * A keyless call (served here only without an Origin) carries no CORS headers: public access
   * allows only its listed origins, which the framework's CORS hook judges.
   */
  private headersOf(
    answer: CachedAnswer,
    body: Buffer | undefined,
    encoding: Encoding,
    keyless: boolean,
  ): string[] {
    const prepared = keyless ? this.preparedKeyless : this.prepared;
    const known = prepared.get(body ?? answer);
    if (known) return known;
    const headers = Object.entries({
      ...SECURITY_HEADERS,
      ...(!keyless && this.options.corsHeaders),
      'content-type': answer.contentType,
      ...answer.headers,
      etag: answer.etag,
      ...this.options.caching,
      ...(body && body !== answer.body && { 'content-encoding': encoding }),
      ...(body && { 'content-length': String(body.length) }),
    }).flat();
    prepared.set(body ?? answer, headers);
    return headers;
  }
}

/** A refusal or failure for the framework's hook to await a moment later (never unhandled meanwhile). */
function settled(error: unknown): Promise<never> {
  const failed = Promise.reject(error);
  failed.catch(() => undefined);
  return failed;
}
