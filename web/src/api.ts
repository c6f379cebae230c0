import { RatesApiError, RatesClient } from '../../src/client/index.js';
import { t, type Lang } from './i18n.js';

/** The longest Retry-After the explorer waits out (once) before it asks again; a longer one is told. */
const MAX_WAIT_MS = 60_000;

/**
 * Told when a call was refused for too many requests and is asked again after the wait the service
 * named (`seconds`); what it returns is called once the wait is over.
 */
export type WaitListener = (seconds: number) => () => void;

/** The client for the key the user entered, with answers kept a while (see `memo`). */
export class Api {
  readonly client: RatesClient;
  /**
   * The same calls, but never answered from the browser's HTTP cache without asking the service
   * (which answers an unchanged one with a cheap 304): for today's rates, which a new round changes
   * within the minute the service lets browsers keep an answer.
   */
  readonly fresh: RatesClient;
  /** Who tells the reader about a wait (the page); none: waited silently. */
  onWait: WaitListener | undefined;
  /** No key: calls go to the access the operator opened to the public, limited per visitor. */
  readonly keyless: boolean;
  private readonly cache = new Map<string, { answer: Promise<unknown>; asked: number }>();

  /**
   * `asOf`: every call answers as of that instant (Accept-Datetime; docs/time-travel.md); a new Api
   * for another instant, so that no answer kept for one is shown for another.
   */
  constructor(
    key: string,
    readonly asOf?: Date,
  ) {
    this.keyless = key === '';
    // Same origin. A 429 is waited out once, up to a minute, and the reader is told while it lasts.
    const onRetryWait = (ms: number, status: number) =>
      status === 429 ? this.onWait?.(Math.ceil(ms / 1000)) : undefined;
    const options = { key, retries: 1, maxRetryWaitMs: MAX_WAIT_MS, onRetryWait, asOf };
    this.client = new RatesClient(options);
    this.fresh = new RatesClient({
      ...options,
      fetch: (input, init) => fetch(input, { ...init, cache: 'no-cache' }),
    });
  }

  /** Drops the kept answers whose ids start with one of `prefixes`: they are asked again next time. */
  forget(...prefixes: string[]): void {
    for (const id of this.cache.keys()) if (prefixes.some((p) => id.startsWith(p))) this.cache.delete(id);
  }

  /**
   * The answer of `load`, asked once per `id` and kept for `maxAgeMs` (by default for the page's life:
   * past prices do not change; today's rates do, and are asked with a short age). A failed one is asked
   * again next time.
   */
  memo<T>(id: string, load: (client: RatesClient) => Promise<T>, maxAgeMs = Infinity): Promise<T> {
    const kept = this.cache.get(id);
    if (kept && Date.now() - kept.asked < maxAgeMs) return kept.answer as Promise<T>;
    const answer = load(this.client);
    const entry = { answer, asked: Date.now() };
    answer.catch(() => {
      if (this.cache.get(id) === entry) this.cache.delete(id);
    });
    this.cache.set(id, entry);
    return answer;
  }
}

/**
 * What to tell the user about a failed call: a sentence in their language, and the service's words.
 * `keyless`: the visitor has no key (public access), so nothing is said about "this key".
 */
export function explain(error: unknown, lang: Lang, keyless = false): { text: string; detail?: string } {
  if (!(error instanceof RatesApiError)) {
    return { text: t(lang, 'failed', { status: '?' }), detail: String(error) };
  }
  const detail = error.message;
  switch (error.status) {
    case 0:
      return { text: t(lang, 'unreachable') };
    case 401:
      return {
        text: keyless ? t(lang, 'noKey', { portal: t(lang, 'portalName') }) : t(lang, 'badKey'),
        detail,
      };
    case 429: {
      const s = error.retryAfterSeconds ?? 60;
      return { text: t(lang, keyless ? 'rateLimitedPublic' : 'rateLimited', { s }), detail };
    }
    case 403:
      return { text: t(lang, keyless ? 'quotaPublic' : 'quota'), detail };
    case 404:
      // As of an instant before the first publication (the service's words name the first instant).
      return /^Nothing was published by/.test(detail)
        ? { text: t(lang, 'asOfTooEarly'), detail }
        : { text: t(lang, 'failed', { status: 404 }), detail };
    default:
      return { text: t(lang, 'failed', { status: error.status }), detail };
  }
}
