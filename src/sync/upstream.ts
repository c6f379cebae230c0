import { STATUS_CODES } from 'node:http';
import { type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { RatesClient } from '../client/client.js';
import { RatesApiError } from '../client/errors.js';
import { Transport, TransportError, type TransportOptions } from '../sources/transport.js';

/** How to reach the upstream, and how politely (SYNC_* settings; the transport says what each is). */
export interface UpstreamOptions extends Pick<
  TransportOptions,
  'timeoutMs' | 'retries' | 'maxAnswerBytes' | 'maxRetryWaitMs' | 'signal' | 'onWait'
> {
  /** Scheme and host of the upstream service, e.g. https://rates.example.com */
  baseUrl: string;
  key: string;
  /** Requests per second at most (0: no limit). */
  rate: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** First back-off wait (default 500 ms). */
  backoffMs?: number;
}

/** Why a sync stopped: the upstream refused the key, cannot be reached, or is not this interface. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly kind: 'key' | 'refused-row' | TransportError['kind'],
    message: string,
  ) {
    super(message);
  }
}

/** Statuses worth another try: over a limit, or the upstream (or a proxy before it) briefly failing. */
const TRY_AGAIN = new Set([403, 429, 500, 502, 503, 504]);

/**
 * The upstream service through the project's own typed client, with every source's polite transport
 * under it (src/sources/transport.ts: a request rate and a concurrency bound, a timeout per request,
 * retries, the Retry-After the upstream names on 429 and 403), and every answer checked against the
 * interface's own schemas before anything of it is used.
 */
export class Upstream {
  readonly client: RatesClient;
  /** Requests sent and retried, and the time the upstream asked to wait. */
  readonly transport: Transport;
  private readonly checks = new WeakMap<TSchema, TypeCheck<TSchema>>();

  constructor(private readonly options: UpstreamOptions) {
    this.transport = new Transport({
      ...options,
      party: 'the upstream',
      limitSetting: 'SYNC_MAX_ANSWER_BYTES',
      backoffMs: options.backoffMs ?? 500,
      tryAgain: TRY_AGAIN,
      secrets: [options.key],
    });
    // No retries in the client: the transport does them, for more than 429 and 503.
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
      if (error.cause instanceof TransportError)
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

  /**
   * The client's fetch, through the shared transport: its body already read (under the timeout and
   * the limit), a JSON one already parsed, so the client only looks at the result.
   */
  private async politeFetch(url: string, init: RequestInit | undefined): Promise<Response> {
    // The client's calls carry no body: a method and headers (the key, Accept) are the whole request.
    const headers = Object.fromEntries(new Headers(init?.headers)); // names in lower case
    const answer = await this.transport.send(url, {
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      headers,
      json: headers.accept === 'application/json',
    });
    const head = {
      status: answer.status,
      statusText: STATUS_CODES[answer.status] ?? '',
      headers: answer.headers,
    };
    if (answer.json) return new ParsedAnswer(answer.json, head);
    return new Response(answer.bytes ?? null, head);
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
