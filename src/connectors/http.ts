import { retryAfterMs } from '../client/errors.js';
import { AnswerReader } from '../sync/answer-reader.js';
import type { CallWindow } from './call-window.js';

/** A credential a source asks for: the setting that holds it and where an operator gets one. */
export interface Credential {
  /** The setting's variable, e.g. BOT_API_TOKEN. */
  env: string;
  /** Where to get one, in a few words with the address. */
  where: string;
}

/** Why a connector's run stopped, in words safe to log and store (never a credential). */
export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  constructor(
    readonly kind: 'credential' | 'unreachable' | 'refused' | 'not-source' | 'too-large' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

export interface SourceHttpOptions {
  /** Time for one request, its whole answer included, in ms. */
  timeoutMs: number;
  /** Tries after the first of a request that failed (5xx, a timeout, a broken connection). */
  retries: number;
  /** Bytes of one answer at most: reading stops there and the run fails. */
  maxAnswerBytes: number;
  /** Longest wait a source may ask for (Retry-After on 429/421) before the run gives up, in ms. */
  maxRetryWaitMs?: number;
  /** First back-off wait after a failure, doubled at each retry, in ms. */
  backoffMs?: number;
  /** Values that must never appear in a message (the credentials), whatever a source echoes. */
  secrets: readonly string[];
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Told of every wait: a Retry-After, or a back-off after a failure. */
  onWait?: (ms: number, why: string) => void;
  /** The source's limit of calls in a window: each request (and retry) takes its place in it first. */
  pace?: CallWindow;
}

export interface SourceAnswer {
  status: number;
  /** The parsed JSON body; undefined for 204. */
  body: unknown;
}

/** Statuses a source asks to come back later with (SEC's gateway says 421 for its rate limit too). */
const WAIT_STATUSES = new Set([421, 429]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The polite HTTP client of every connector: one request at a time (sources of public data advertise
 * no concurrency, and BOT none at all), a timeout covering the whole answer, retries with back-off on
 * 5xx and timeouts, the wait a 429 or 421 names (Retry-After) before trying again, answers read no
 * further than a bound (the sync's AnswerReader), and a 401/403 said as the setting to fix.
 */
export class SourceHttp {
  requests = 0;
  retries = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SourceHttpOptions) {}

  /** A GET of JSON; `what` names it in errors, `credential` says which setting a 401 is about. */
  getJson(
    url: string,
    request: { what: string; headers?: Record<string, string>; credential?: Credential },
  ): Promise<SourceAnswer> {
    const turn = this.queue.then(() => this.attempts(url, request));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async attempts(
    url: string,
    {
      what,
      headers,
      credential,
    }: { what: string; headers?: Record<string, string>; credential?: Credential },
  ): Promise<SourceAnswer> {
    const { retries, timeoutMs } = this.options;
    const backoffMs = this.options.backoffMs ?? 1000;
    const maxWait = this.options.maxRetryWaitMs ?? 300_000;
    let failures = 0;
    let waited = 0;
    for (;;) {
      if (this.options.signal?.aborted) throw new ConnectorError('stopped', 'the run was stopped');
      await this.options.pace?.take(this.options.signal).catch(() => {
        throw new ConnectorError('stopped', 'the run was stopped');
      });
      this.requests++;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
      let failure: string;
      let wait = 0;
      try {
        const res = await (this.options.fetch ?? globalThis.fetch)(url, {
          headers: { accept: 'application/json', ...headers },
          signal,
          redirect: 'error',
        });
        if (res.status === 401 || res.status === 403) {
          await res.body?.cancel();
          throw new ConnectorError(
            'credential',
            credential
              ? `${what}: the source refused the credential (${res.status}): check ${credential.env} (get one at ${credential.where})`
              : `${what}: the source refused the request (${res.status})`,
          );
        }
        if (WAIT_STATUSES.has(res.status)) {
          wait = retryAfterMs(res.headers.get('retry-after')) || backoffMs * 2 ** failures;
          await res.body?.cancel();
          if (waited + wait > maxWait)
            throw new ConnectorError(
              'refused',
              `${what}: the source asked to wait ${Math.round(wait / 1000)} s more (${res.status}), beyond the ${Math.round(maxWait / 1000)} s a run waits`,
            );
          waited += wait;
          this.retries++;
          this.options.onWait?.(wait, `HTTP ${res.status}`);
          await sleep(wait);
          continue;
        }
        if (res.status === 204) {
          await res.body?.cancel();
          return { status: 204, body: undefined };
        }
        if (res.status >= 500) {
          await res.body?.cancel();
          failure = `the source answered ${res.status}`;
        } else if (!res.ok) {
          const text = await this.text(res, 300);
          throw new ConnectorError('refused', `${what}: the source answered ${res.status}${text}`);
        } else {
          return { status: res.status, body: await this.json(res, what) };
        }
      } catch (error) {
        if (error instanceof ConnectorError) throw error;
        if (this.options.signal?.aborted) throw new ConnectorError('stopped', 'the run was stopped');
        failure = timeout.aborted
          ? `no whole answer within ${timeoutMs} ms`
          : `the source could not be reached (${this.redact(String((error as Error)?.cause ?? error))})`;
      }
      if (failures >= retries) throw new ConnectorError('unreachable', `${what}: ${failure}`);
      wait = backoffMs * 2 ** failures++;
      this.retries++;
      this.options.onWait?.(wait, failure);
      await sleep(wait);
    }
  }

  /** The body as JSON, read no further than the bound. */
  private async json(res: Response, what: string): Promise<unknown> {
    const limit = this.options.maxAnswerBytes;
    const reader = new AnswerReader(limit);
    for await (const piece of (res.body ?? []) as AsyncIterable<Uint8Array>) {
      if (!reader.push(piece))
        throw new ConnectorError(
          'too-large',
          `${what}: the answer is larger than the limit of ${limit.toLocaleString('en-US')} bytes (CONNECT_MAX_ANSWER_BYTES)`,
        );
    }
    try {
      return reader.end();
    } catch {
      throw new ConnectorError('not-source', `${what}: the answer is not JSON`);
    }
  }

  /** The start of an error answer's body, for its message (credentials taken out). */
  private async text(res: Response, max: number): Promise<string> {
    const pieces: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const piece of (res.body ?? []) as AsyncIterable<Uint8Array>) {
        pieces.push(Buffer.from(piece));
        bytes += piece.length;
        if (bytes >= max) break;
      }
    } catch {
      // Only adds to the message.
    }
    const text = Buffer.concat(pieces).toString('utf8').slice(0, max).replace(/\s+/g, ' ').trim();
    return text ? `: ${this.redact(text)}` : '';
  }

  private redact(text: string): string {
    let out = text;
    for (const secret of this.options.secrets) if (secret) out = out.split(secret).join('***');
    return out;
  }
}
