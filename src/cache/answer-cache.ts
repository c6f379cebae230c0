import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 * stored. Memory is bounded by bytes (LRU). CACHE_MAX_BYTES=0 makes none (src/composition/caches.ts).
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer>;

  constructor(
    private readonly data: Pick<DataVersion, 'current' | 'onChange'>,
    options: { maxBytes: number },
  ) {
    this.entries = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: entryBytes });
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
    const body = ownMemory(answer.body);
    const stored: CachedAnswer = { ...answer, body, etag: etagOf(body), variants: {} };
    if (version === this.data.current) this.entries.set(key, stored);
    return stored;
  }

  /** The body in the asked encoding, compressing (and remembering) it the first time. */
  encoded(key: string, answer: CachedAnswer, encoding: Encoding): Buffer {
    if (encoding === 'identity' || answer.body.length < MIN_COMPRESS_BYTES) return answer.body;
    let variant = answer.variants[encoding];
    if (!variant) {
      variant = ownMemory(
        encoding === 'br'
          ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(answer.body, { level: 6 }),
      );
      answer.variants[encoding] = variant;
      if (this.entries.has(key)) this.entries.set(key, answer); // recount its size
    }
    return variant;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The memory the kept answers are counted at (entryBytes), at most the maxBytes setting. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/**
 * What an entry really keeps in memory, as measured (bench/answer-cache-memory.ts: heap and
 * ArrayBuffer growth of a filled cache over its entries): its bytes and strings, plus about 800 bytes
 * an entry (the answer, headers, route and variants objects, the key and ETag strings' headers, the
 * LRU's slots) and 190 to 300 a buffer (the Buffer, its ArrayBuffer and backing store record: more for
 * larger ones), and, for every
 * body sent, the header list the direct answers prepare for it (direct-answers.ts). Counting the bodies
 * alone let the cache grow to several times CACHE_MAX_BYTES with small answers.
 */
export function entryBytes(answer: CachedAnswer, key: string): number {
  let bytes = ENTRY_OVERHEAD + key.length + answer.etag.length;
  for (const name in answer.headers) bytes += STRING_OVERHEAD + name.length + answer.headers[name]!.length;
  for (const body of [answer.body, answer.variants.br, answer.variants.gzip]) {
    if (body) bytes += BUFFER_OVERHEAD + PREPARED_HEADERS + body.length;
  }
  return bytes;
}

const ENTRY_OVERHEAD = 800;
const BUFFER_OVERHEAD = 300;
const STRING_OVERHEAD = 40;
/** The direct answers' header list of one body: some 30 slots and a content-length string. */
const PREPARED_HEADERS = 300;

/**
 * The bytes in memory of their own, of exactly their length. A small Buffer.from() is a slice of a
 * shared 8 kB pool, and zlib's sync output a slice of a 16 kB chunk: a cached 200-byte answer would
 * keep the whole pool or chunk alive, many times CACHE_MAX_BYTES in all (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}
