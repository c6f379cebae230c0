import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { DataVersion } from '../store/data-version.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** A prepared answer: the bytes as served, their ETag, and compressed variants made on first demand. */
export interface CachedAnswer {
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  variants: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  /** The route that made it: its service group (for the key check) and operation (usage, metrics). */
  route: { group: string; operation: string };
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Answers of the API kept in memory until the data changes: it starts afresh whenever the data
 * version moves (src/store/data-version.ts), and an answer computed under an older version is never
 * stored. Memory is bounded by bytes (LRU).
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer>;

  constructor(
    private readonly data: DataVersion,
    options: { maxBytes: number },
  ) {
    this.entries = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (a) =>
        a.body.length + (a.variants.br?.length ?? 0) + (a.variants.gzip?.length ?? 0) + 256,
    });
    data.onChange(() => this.entries.clear());
  }

  /** The data version answers are computed under right now. */
  get currentVersion(): number {
    return this.data.current;
  }

  get(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  /** Stores an answer computed under `version`, unless the data has moved on since. */
  put(key: string, version: number, answer: Omit<CachedAnswer, 'etag' | 'variants'>): CachedAnswer {
    const stored: CachedAnswer = { ...answer, etag: etagOf(answer.body), variants: {} };
    if (version === this.data.current) this.entries.set(key, stored);
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

// Accept-Encoding values with the encoding they choose: clients send the same few values on every
// call, and a bound keeps values made up per call from growing it.
const chosenEncodings = new LRUCache<string, Encoding>({ max: 256 });

/**
 * The encoding to send, from Accept-Encoding and its q-values (`br;q=0` refuses brotli): brotli when
 * it is accepted as much as gzip, then gzip, else none.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = chosenEncodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiate<'br' | 'gzip'>(acceptEncoding.toLowerCase(), ['br', 'gzip']) ?? 'identity';
    chosenEncodings.set(acceptEncoding, encoding);
  }
  return encoding;
}
