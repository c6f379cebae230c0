import type { CallWindow } from '../sources/call-window.js';
import { Transport, TransportError, type Answer, type TransportOptions } from '../sources/transport.js';

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

/** How a connector asks its source (CONNECT_* settings; the transport says what each is). */
export interface SourceHttpOptions
  extends
    Pick<TransportOptions, 'timeoutMs' | 'retries' | 'maxAnswerBytes' | 'signal' | 'onWait' | 'onRequest'>,
    Partial<Pick<TransportOptions, 'maxRetryWaitMs' | 'backoffMs'>> {
  /** Values that must never appear in a message (the credentials), whatever a source echoes. */
  secrets: readonly string[];
  /** The source's limit of calls in a window (TransportOptions' `window`). */
  pace?: CallWindow;
}

export interface SourceAnswer {
  status: number;
  /** The parsed JSON body; undefined for 204. */
  body: unknown;
}

/** Statuses worth another try: a 5xx, or over the source's limit (SEC's gateway says 421 for it too). */
const tryAgain = (status: number) => status >= 500 || status === 421 || status === 429;

/** How a failure of the transport is said by a connector. */
const KINDS: Record<TransportError['kind'], ConnectorError['kind']> = {
  unreachable: 'unreachable',
  refused: 'refused',
  'not-interface': 'not-source',
  'too-large': 'too-large',
  stopped: 'stopped',
};

/**
 * Every connector's HTTP: the sources' transport (src/sources/transport.ts) one request at a time
 * (sources of public data advertise no concurrency, and BOT none at all), with what a connector
 * needs of an answer: JSON, and a 401/403 said as the setting to fix.
 */
export class SourceHttp {
  private readonly transport: Transport;

  constructor(options: SourceHttpOptions) {
    this.transport = new Transport({
      ...options,
      party: 'the source',
      limitSetting: 'CONNECT_MAX_ANSWER_BYTES',
      maxRetryWaitMs: options.maxRetryWaitMs ?? 300_000,
      backoffMs: options.backoffMs ?? 1000,
      window: options.pace,
      tryAgain,
    });
  }

  get requests(): number {
    return this.transport.requests;
  }

  get retries(): number {
    return this.transport.retries;
  }

  /** A GET of JSON; `what` names it in errors, `credential` says which setting a 401 is about. */
  async getJson(
    url: string,
    {
      what,
      headers,
      credential,
    }: { what: string; headers?: Record<string, string>; credential?: Credential },
  ): Promise<SourceAnswer> {
    let answer: Answer;
    try {
      answer = await this.transport.send(url, {
        headers: { accept: 'application/json', ...headers },
        json: true,
      });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      throw new ConnectorError(
        KINDS[error.kind],
        error.kind === 'stopped' ? error.message : `${what}: ${error.message}`,
      );
    }
    const { status } = answer;
    if (answer.gaveUp) throw new ConnectorError('unreachable', `${what}: the source answered ${status}`);
    if (status === 401 || status === 403)
      throw new ConnectorError(
        'credential',
        credential
          ? `${what}: the source refused the credential (${status}): check ${credential.env} (get one at ${credential.where})`
          : `${what}: the source refused the request (${status})`,
      );
    if (status === 204) return { status, body: undefined };
    if (!answer.json)
      throw new ConnectorError(
        'refused',
        `${what}: the source answered ${status}${this.start(answer.bytes)}`,
      );
    if ('error' in answer.json) throw new ConnectorError('not-source', `${what}: the answer is not JSON`);
    return { status, body: answer.json.value };
  }

  /** The start of an error answer's body, for its message (credentials taken out). */
  private start(bytes: Buffer | undefined): string {
    const text = (bytes ?? Buffer.alloc(0))
      .subarray(0, 1200)
      .toString('utf8')
      .slice(0, 300)
      .replace(/\s+/g, ' ')
      .trim();
    return text ? `: ${this.transport.redact(text)}` : '';
  }
}
