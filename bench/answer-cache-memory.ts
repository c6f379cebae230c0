/**
 * What the answer cache really costs in memory against CACHE_MAX_BYTES: fills it with answers of many
 * distinct URLs (more than fit), as the response cache stores them, with their compressed variants,
 * and compares the growth of the heap and of ArrayBuffers with the setting. Run with the GC exposed:
 *
 *   node --expose-gc --import tsx bench/answer-cache-memory.ts [MAX_MB=16] [BODY_BYTES=1500] [CALLS=50000]
 *
 * BODY_BYTES is the largest answer; sizes are spread evenly below it. A ratio near 1 (or below) means
 * the cache's accounting (entryBytes in src/cache/answer-cache.ts) matches what an entry costs.
 */
import { AnswerCache } from '../src/cache/answer-cache.js';
import { answerKey } from '../src/calls/answer-key.js';

const [maxMb = 16, bodyBytes = 1500, calls = 50_000] = process.argv.slice(2).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Heap and ArrayBuffers in use after a full collection. */
function used(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const maxBytes = maxMb * 1024 * 1024;
const cache = new AnswerCache({ current: 1, onChange: () => () => true }, { maxBytes });
const today = new Date();
const row = (i: number, j: number) => ({ date: `2026-01-${(j % 28) + 1}`, nav: i + j / 7 });

const before = used();
for (let i = 0; i < calls; i++) {
  const url = `/api/FundPriceService/GetNavByFundCode/2026-01-01/2026-${i}?fundCode=${i % 900}`;
  const key = answerKey(url, undefined, today);
  const rows = Math.floor(((i % 100) / 100) * (bodyBytes / 33));
  const json = JSON.stringify({ NAVList: Array.from({ length: rows }, (_, j) => row(i, j)), Success: true });
  const answer = cache.put(key, 1, {
    contentType: 'application/json; charset=utf-8',
    headers: {},
    body: Buffer.from(json),
    route: { group: 'FundPriceService', operation: 'MutualFundApi_GetFundCode' },
  });
  cache.encoded(key, answer, 'gzip');
  cache.encoded(key, answer, 'br');
}
const grown = used() - before;
const mb = (n: number) => (n / 2 ** 20).toFixed(1);
console.log(
  `CACHE_MAX_BYTES ${mb(maxBytes)} MB, ${cache.size} answers kept of ${calls}: heap + buffers grew ${mb(grown)} MB ` +
    `(${(grown / maxBytes).toFixed(2)} of the setting), ${Math.round(grown / cache.size)} bytes an answer; ` +
    `counted ${mb(cache.bytes)} MB`,
);
