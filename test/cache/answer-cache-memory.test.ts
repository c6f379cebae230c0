import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, entryBytes, type CachedAnswer } from '../../src/cache/answer-cache.js';
import { DataVersion } from '../../src/store/data-version.js';
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';

// What a cached answer costs in memory beyond its bytes, as bench/answer-cache-memory.ts measured it
// (heap and ArrayBuffer growth over the entries of a filled cache, Node 20): about 800 bytes an entry
// and 190 a buffer. The cache must count at least that, or CACHE_MAX_BYTES does not bound its memory.
const MEASURED_PER_ENTRY = 800;
const MEASURED_PER_BUFFER = 190;

const dir = mkdtempSync(join(tmpdir(), 'rates-answer-cache-'));
let store: Store;
let data: DataVersion;
beforeAll(async () => {
  store = openStore(join(dir, 'a.db'));
  await migrateToLatest(store.db);
  data = new DataVersion(store);
  await data.start();
});
afterAll(async () => {
  data.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const route = { group: 'FundPriceService', operation: 'MutualFundApi_GetFundCode' };
/** An answer as the response cache stores it: the payload string made a Buffer. */
const put = (cache: AnswerCache, key: string, json: string) =>
  cache.put(key, data.current, {
    contentType: 'application/json; charset=utf-8',
    headers: {},
    body: Buffer.from(json),
    route,
  });
const keyOf = (i: number) => `/api/fundpriceservice/getnavbyfundcode/2026-01-01/2026-01-${i}|json|2026-11-25`;
const ownsItsMemory = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.length;
/** The bytes an answer keeps, as the bench counts them, and its buffers. */
function bytesOf(key: string, a: CachedAnswer): { bytes: number; buffers: number } {
  const buffers = [a.body, a.variants.br, a.variants.gzip].filter((b): b is Buffer => b !== undefined);
  const bytes = key.length + a.etag.length + buffers.reduce((n, b) => n + b.length, 0);
  return { bytes, buffers: buffers.length };
}

describe('AnswerCache memory', () => {
  it('keeps bodies and compressed variants in memory of their own, not a slice of a pool or a zlib chunk', () => {
    const cache = new AnswerCache(data, { maxBytes: 1 << 20 });
    const small = put(cache, keyOf(1), JSON.stringify({ NAVList: [], Success: false }));
    const large = put(
      cache,
      keyOf(2),
      JSON.stringify({ NAVList: Array(200).fill({ d: '2026-01-01', n: 1 }) }),
    );
    const variants = [cache.encoded(keyOf(2), large, 'gzip'), cache.encoded(keyOf(2), large, 'br')];
    for (const bytes of [small.body, large.body, ...variants]) expect(ownsItsMemory(bytes)).toBe(true);
  });

  it('counts an entry at no less than its measured cost: bytes, objects and every buffer', () => {
    const cache = new AnswerCache(data, { maxBytes: 1 << 20 });
    const body = JSON.stringify({ NAVList: Array(100).fill({ d: '2026-01-01', n: 12.3456 }) });
    const answer = put(cache, keyOf(3), body);
    const measured = () => {
      const { bytes, buffers } = bytesOf(keyOf(3), answer);
      return bytes + MEASURED_PER_ENTRY + buffers * MEASURED_PER_BUFFER;
    };
    expect(entryBytes(answer, keyOf(3))).toBeGreaterThanOrEqual(measured());
    cache.encoded(keyOf(3), answer, 'gzip');
    cache.encoded(keyOf(3), answer, 'br');
    expect(entryBytes(answer, keyOf(3))).toBeGreaterThanOrEqual(measured());
  });

  it('evicts small answers once their real cost, not their bodies alone, reaches the limit', () => {
    const maxBytes = 1 << 20;
    const cache = new AnswerCache(data, { maxBytes });
    // 4,000 answers of about 100 bytes: 400 kB of bodies, but some 4 MB of memory as measured.
    for (let i = 0; i < 4000; i++)
      put(cache, keyOf(i), JSON.stringify({ FundCode: String(i), Success: false }));
    const perEntry = MEASURED_PER_ENTRY + MEASURED_PER_BUFFER + 100 + keyOf(1000).length;
    expect(cache.size).toBeLessThanOrEqual(Math.ceil(maxBytes / perEntry));
    expect(cache.size).toBeGreaterThan(0);
  });
});
