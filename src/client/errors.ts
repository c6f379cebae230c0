/**
 * What the service (or the way to it) answered instead of data: `status` is the HTTP status (0 when
 * the service could not be reached) and `message` the service's own message, e.g. the gateway's
 * "Access denied due to invalid subscription key. ...".
 */
export class RatesApiError extends Error {
  override readonly name = 'RatesApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly details: {
      /** The operation id of the spec, e.g. 'LatestDate'. */
      operationId: string;
      /** The X-Request-Id of the answer: the service logs know the request by it. */
      requestId?: string;
      /** Seconds the service asked to wait (Retry-After of a 429 or 503). */
      retryAfterSeconds?: number;
      /** The answer's body as it came, parsed when it was JSON. */
      body?: unknown;
      /** Why the service could not be reached (status 0): what the fetch threw. */
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get operationId(): string {
    return this.details.operationId;
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }

  /** The error an unsuccessful answer stands for; reads its body. */
  static async fromResponse(res: Response, operationId: string): Promise<RatesApiError> {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (a proxy's page, say): keep the text
    }
    return new RatesApiError(res.status, messageOf(body) ?? (res.statusText || `HTTP ${res.status}`), {
      operationId,
      requestId: res.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds: retryAfterMs(res.headers.get('retry-after')) / 1000 || undefined,
      body,
    });
  }
}

/** The gateway body says `message`; GetNavByFundCode's envelope says `Message`. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, Message } = body as { message?: unknown; Message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  return typeof Message === 'string' && Message !== '' ? Message : undefined;
}

/** Retry-After in milliseconds: whole seconds or an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
