import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Store } from '../store/db.js';
import { DATA_VERSION, readCounter } from '../store/counters.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A prepared answer: the bytes as served, their ETag, and compressed variants made on first demand. */
export interface CachedAnswer {
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  variants: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Answers of the API kept in memory until the data changes. Every committed batch moves the data
 * version counter (in any process); this cache polls it and starts afresh when it moves, and an
 * answer computed under an older version is never stored. Memory is bounded by bytes (LRU).
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer>;
  private version = -1;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private onCommit: (() => void) | undefined;

  constructor(
    private readonly store: Store,
    options: { maxBytes: number; pollMs?: number },
  ) {
    this.pollMs = options.pollMs ?? 250;
    this.entries = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (a) =>
        a.body.length + (a.variants.br?.length ?? 0) + (a.variants.gzip?.length ?? 0) + 256,
    });
  }

  async start(): Promise<void> {
    await this.refresh();
    // A batch committed by this process is seen at once; one from another process at the next poll.
    // Cleared synchronously, and no answer is stored until the new version is read.
    this.onCommit = () => {
      this.entries.clear();
      this.version = Number.NaN;
      void this.refresh().catch(() => undefined);
    };
    this.store.events.on('commit', this.onCommit);
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.onCommit) this.store.events.off('commit', this.onCommit);
  }

  /** The data version answers are computed under right now. */
  get currentVersion(): number {
    return this.version;
  }

  async refresh(): Promise<void> {
    const version = await readCounter(this.store.reader, DATA_VERSION);
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
  }

  get(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  /** Stores an answer computed under `version`, unless the data has moved on since. */
  put(key: string, version: number, answer: Omit<CachedAnswer, 'etag' | 'variants'>): CachedAnswer {
    const stored: CachedAnswer = { ...answer, etag: etagOf(answer.body), variants: {} };
    if (version === this.version) this.entries.set(key, stored);
    return stored;
  }

  /** The body in the asked encoding, compressing (and remembering) it the first time. */
  encoded(key: string, answer: CachedAnswer, encoding: Encoding): Buffer {
    if (encoding === 'identity' || answer.body.length < MIN_COMPRESS_BYTES) return answer.body;
    let variant = answer.variants[encoding];
    if (!variant) {
      variant =
        encoding === 'br'
          ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(answer.body, { level: 6 });
      answer.variants[encoding] = variant;
      if (this.entries.has(key)) this.entries.set(key, answer); // recount its size
    }
    return variant;
  }

  get size(): number {
    return this.entries.size;
  }
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The encoding to send, from Accept-Encoding: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
