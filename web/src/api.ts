import { RatesApiError, RatesClient } from '../../src/client/index.js';
import { t, type Lang } from './i18n.js';

/** The client for the key the user entered, with answers kept a while (see `memo`). */
export class Api {
  readonly client: RatesClient;
  /**
   * The same calls, but never answered from the browser's HTTP cache without asking the service
   * (which answers an unchanged one with a cheap 304): for today's rates, which a new round changes
   * within the minute the service lets browsers keep an answer.
   */
  readonly fresh: RatesClient;
  private readonly cache = new Map<string, { answer: Promise<unknown>; asked: number }>();

  constructor(key: string) {
    // Same origin; a short wait at most, so a limit hit is told rather than sat out.
    this.client = new RatesClient({ key, retries: 1, maxRetryWaitMs: 3000 });
    this.fresh = new RatesClient({
      key,
      retries: 1,
      maxRetryWaitMs: 3000,
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

/** What to tell the user about a failed call: a sentence in their language, and the service's words. */
export function explain(error: unknown, lang: Lang): { text: string; detail?: string } {
  if (!(error instanceof RatesApiError)) {
    return { text: t(lang, 'failed', { status: '?' }), detail: String(error) };
  }
  const detail = error.message;
  switch (error.status) {
    case 0:
      return { text: t(lang, 'unreachable') };
    case 401:
      return { text: t(lang, 'badKey'), detail };
    case 429:
      return { text: t(lang, 'rateLimited', { s: error.retryAfterSeconds ?? 60 }), detail };
    case 403:
      return { text: t(lang, 'quota'), detail };
    default:
      return { text: t(lang, 'failed', { status: error.status }), detail };
  }
}
