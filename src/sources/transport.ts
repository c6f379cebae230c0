import { retryAfterMs } from '../client/errors.js';
import { AnswerReader } from './answer-reader.js';
import { ACCEPT_ENCODING, arrive, discard, TransportError, type Arrival } from './arrival.js';
import type { CallWindow } from './call-window.js';
import { Pacer, sleep } from './pacer.js';

export { TransportError } from './arrival.js';

/** How a source is asked, and how politely (the sync's SYNC_* and the connectors' CONNECT_* settings). */
export interface TransportOptions {
  /** How messages name the other end: 'the upstream', 'the source'. */
  party: string;
  /** The setting of maxAnswerBytes, named when an answer goes past it. */
  limitSetting: string;
  /** Time for one request, its redirects and its whole answer, in ms. */
  timeoutMs: number;
  /** Tries after the first of a request that failed in a way worth trying again. */
  retries: number;
  /** Bytes of one answer at most (and VALUE_BYTES more per value of a JSON answer). */
  maxAnswerBytes: number;
  /** Longest wait in all the source may ask for (Retry-After) for one request, in ms. */
  maxRetryWaitMs: number;
  /** First back-off wait when the source names none, doubled at each retry, in ms. */
  backoffMs: number;
  /** Statuses worth another try: the source briefly failing, or over a limit. */
  tryAgain: ReadonlySet<number> | ((status: number) => boolean);
  /** Requests in flight at most (default 1). */
  concurrency?: number;
  /** Requests per second at most (0 or none: no rate). */
  rate?: number;
  /** The source's limit of calls in a sliding window: each request and retry takes its place first. */
  window?: CallWindow;
  /** Values that must never appear in a message (keys, credentials), whatever a source echoes. */
  secrets?: readonly string[];
  /** Stops the requests (and waits) in progress, e.g. when the service shuts down. */
  signal?: AbortSignal;
  /**
   * Told of every wait: one the source asked for (Retry-After), or a back-off after a failure; `why`
   * names the party (`the source answered 503`, `the upstream answered 429 and asked to wait`).
   */
  onWait?: (ms: number, why: string) => void;
  /** Told as each request (and retry) leaves, after its pacing. */
  onRequest?: () => void;
}

/**
 * How every source tells a wait its transport told it of (the jobs' log lines and the commands'
 * output alike): `bot-fx: the source answered 503; waiting 1.0 s`. `who` is the source's name.
 */
export function waitLine(who: string, ms: number, why: string): string {
  return `${who}: ${why}; waiting ${(ms / 1000).toFixed(1)} s`;
}

/** An answer, its body read whole (within the limit and the timeout) before it is given. */
export interface Answer {
  status: number;
  headers: Headers;
  /** A 2xx answer to a request of JSON: its value, parsed as it arrived, or why it is not JSON. */
  json?: { value: unknown } | { error: unknown };
  /** Any other answer's body: an error's is cut at the limit. None for 204 and 304. */
  bytes?: Buffer<ArrayBuffer>;
  /** An answer worth another try, given when the retries were used up. */
  gaveUp?: boolean;
}

/**
 * The polite HTTP of every source (the sync's upstream, each connector's public source): requests
 * paced (in flight, per second, per call window), one timeout for a request and its whole answer,
 * redirects followed only within the origin, decoded answers read no further than a limit, and
 * retries: a Retry-After is waited out without using up a retry (up to maxRetryWaitMs in all), any
 * other failure worth another try (a network error, a timeout, a status of `tryAgain`) is retried
 * after a doubling back-off.
 */
export class Transport {
  /** Requests sent, retries included. */
  requests = 0;
  retries = 0;
  /** Time spent waiting because the source asked to (Retry-After), in ms. */
  waitedMs = 0;
  private readonly pacer: Pacer;
  private readonly tryAgain: (status: number) => boolean;

  constructor(private readonly options: TransportOptions) {
    this.pacer = new Pacer(Math.max(1, options.concurrency ?? 1), options.rate ?? 0, options.window);
    const { tryAgain } = options;
    this.tryAgain = typeof tryAgain === 'function' ? tryAgain : (status) => tryAgain.has(status);
  }

  /** One request; `json`: it asks for JSON, and a 2xx answer is parsed as it arrives. */
  async send(
    url: string,
    {
      method = 'GET',
      headers = {},
      json,
    }: { method?: 'GET' | 'POST'; headers?: Record<string, string>; json: boolean },
  ): Promise<Answer> {
    const { retries, timeoutMs, maxRetryWaitMs, backoffMs, party } = this.options;
    const sent = { ...headers, 'accept-encoding': ACCEPT_ENCODING };
    await this.pacer.take();
    let asked = 0;
    let failures = 0;
    try {
      for (;;) {
        await this.pacer.spaced(this.options.signal).catch((error: unknown) => {
          throw this.stopped() ?? error;
        });
        this.requests++;
        this.options.onRequest?.();
        let res: Arrival | undefined;
        let failure = '';
        // One time for the request, its redirects and its whole answer: a body that trickles is as
        // much a timeout as headers that never come.
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
        try {
          res = await arrive(url, method, sent, signal, party);
          if (!this.tryAgain(res.status)) return await this.read(res, json);
        } catch (error) {
          const stopped = this.stopped();
          if (stopped) throw stopped;
          if (error instanceof TransportError) throw error;
          const why = this.redact(String((error as Error)?.cause ?? error));
          if (timeout.aborted)
            failure = res
              ? `the answer did not arrive whole within ${timeoutMs} ms`
              : `no answer within ${timeoutMs} ms`;
          else failure = res ? `the answer broke off (${why})` : `${party} could not be reached (${why})`;
          res = undefined;
        }
        const askedNow = res ? retryAfterMs(res.headers.get('retry-after')) : 0;
        if (askedNow === 0 && failures++ >= retries) {
          if (res) return { ...(await this.read(res, json)), gaveUp: true };
          throw new TransportError('unreachable', failure);
        }
        if (res) discard(res.body);
        asked += askedNow;
        if (asked > maxRetryWaitMs)
          throw new TransportError(
            'refused',
            `${party} asked to wait ${Math.round(askedNow / 1000)} s more (${res!.status}), beyond the ${Math.round(maxRetryWaitMs / 1000)} s a run waits`,
          );
        const wait = askedNow || backoffMs * 2 ** (failures - 1);
        if (askedNow) {
          this.waitedMs += askedNow;
          this.pacer.pause(askedNow);
        }
        this.retries++;
        this.options.onWait?.(
          wait,
          !res ? failure : `${party} answered ${res.status}${askedNow ? ' and asked to wait' : ''}`,
        );
        await sleep(wait);
        const stopped = this.stopped();
        if (stopped) throw stopped;
      }
    } finally {
      this.pacer.release();
    }
  }

  /** `text` with every secret taken out. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.options.secrets ?? []) if (secret) out = out.split(secret).join('***');
    return out;
  }

  private stopped(): TransportError | undefined {
    return this.options.signal?.aborted ? new TransportError('stopped', 'the run was stopped') : undefined;
  }

  /**
   * The answer with its body read here, under the request's timeout, never more than maxAnswerBytes
   * of it: a source could otherwise send without end. A 2xx answer of JSON is parsed as it arrives
   * (AnswerReader), its values counted in the limit with its bytes. An error answer's body only adds
   * to its message: it is cut at the limit, and kept without what could not be read.
   */
  private async read(res: Arrival, json: boolean): Promise<Answer> {
    const { status, headers } = res;
    if (status === 204 || status === 304) {
      discard(res.body);
      return { status, headers };
    }
    const limit = this.options.maxAnswerBytes;
    const ok = status >= 200 && status < 300;
    const reader = ok && json ? new AnswerReader(limit) : undefined;
    const pieces: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const piece of res.body as AsyncIterable<Buffer>) {
        bytes += piece.length;
        const over = reader ? !reader.push(piece) : bytes > limit;
        // Leaving the loop destroys the body: the rest is never read.
        if (over) {
          if (!ok) break;
          throw new TransportError(
            'too-large',
            `the answer is larger than the limit of ${limit.toLocaleString('en-US')} bytes (${this.options.limitSetting})`,
          );
        }
        if (!reader) pieces.push(piece);
      }
    } catch (error) {
      if (error instanceof SyntaxError) return { status, headers, json: { error } };
      if (ok || error instanceof TransportError) throw error;
    }
    if (!reader) return { status, headers, bytes: Buffer.concat(pieces) };
    try {
      return { status, headers, json: { value: reader.end() } };
    } catch (error) {
      return { status, headers, json: { error } };
    }
  }
}
