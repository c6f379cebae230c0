import { RatesApiError, retryAfterMs } from './errors.js';

export interface Transport {
  key: string;
  baseUrl: string;
  retries: number;
  maxRetryWaitMs: number;
  fetch: typeof fetch;
  onRetryWait?: RetryWaitListener;
}

/**
 * Told before the client waits to retry a 429 or 503 (`ms`, the Retry-After or the backoff); what it
 * returns is called once the wait is over (a page takes its "waiting" message away).
 */
export type RetryWaitListener = (ms: number, status: number) => (() => void) | void;

export interface Call {
  operationId: string;
  method: string;
  path: string;
  accept: string;
  signal?: AbortSignal;
  /** Accept-Datetime: the answer as it was at this instant (an HTTP-date). */
  acceptDatetime?: string;
}

/** A call's request headers: the key only in its header, never in the URL. */
function headersOf(transport: Transport, call: Call): Record<string, string> {
  return {
    // No key ('') sends no header: a service open to calls without a key answers those (docs/public-access.md).
    ...(transport.key && { 'Ocp-Apim-Subscription-Key': transport.key }),
    Accept: call.accept,
    ...(call.acceptDatetime && { 'Accept-Datetime': call.acceptDatetime }),
  };
}

/** Statuses that say "try again later": over the rate limit, or briefly unavailable. */
const RETRYABLE = new Set([429, 503]);
/** Wait before a retry when the answer names no Retry-After. */
const BACKOFF_MS = 500;

/**
 * One call: the key only in its header (never in the URL, where logs and histories keep it), and
 * retries of 429/503 after the Retry-After the service asks for, a bounded number of times.
 */
export async function send(transport: Transport, call: Call): Promise<Response> {
  const url = `${transport.baseUrl}${call.path}`;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await transport.fetch(url, {
        method: call.method,
        headers: headersOf(transport, call),
        signal: call.signal,
      });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new RatesApiError(0, `The service could not be reached: ${reason}`, {
        operationId: call.operationId,
        cause: error,
      });
    }
    if (res.ok) return res;
    const wait = retryAfterMs(res.headers.get('retry-after')) || BACKOFF_MS * 2 ** attempt;
    if (!RETRYABLE.has(res.status) || attempt >= transport.retries || wait > transport.maxRetryWaitMs) {
      throw await RatesApiError.fromResponse(res, call.operationId);
    }
    await res.body?.cancel();
    const over = transport.onRetryWait?.(wait, res.status);
    try {
      await sleep(wait, call.signal);
    } finally {
      over?.();
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}
