import { describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { bangkokToday } from '../../src/domain/dates.js';
import { samplePaths } from './operations.js';
import { body, sync, syncFrom } from './services.js';
import { firstFundPrices, fundOf, hostileSuite } from './hostile.js';

// The sync asks for compressed answers and decodes them itself (src/sync/upstream.ts): every
// encoding it asks for is read, one it did not ask for is refused by name, a broken one is a failed
// answer, and the answer's limit counts the decoded bytes (a small compressed answer can be huge).

const UNTIL = '2014-03-31';
const LIMIT = 1_000_000;
const suite = hostileSuite(UNTIL);
const { upstream, mirror } = suite;

const ENCODE = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

describe('sync and compressed answers', () => {
  it('reads answers in gzip, deflate and br alike, and asks for them', async () => {
    const asked = new Set<string>();
    const used = new Map<string, number>();
    const encodings = Object.keys(ENCODE) as (keyof typeof ENCODE)[];
    let n = 0;
    const hostile = await upstream(async (req, res, real) => {
      asked.add(String(req.headers['accept-encoding']));
      const { status, type, text } = await real();
      const encoding = encodings[n++ % encodings.length]!;
      used.set(encoding, (used.get(encoding) ?? 0) + 1);
      res
        .writeHead(status, { 'content-type': type, 'content-encoding': encoding })
        .end(ENCODE[encoding](text));
      return true;
    });
    const b = await mirror();
    const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url });
    expect(summary).toMatchObject({ result: 'ok', error: null });
    expect([...asked]).toEqual(['gzip, deflate, br']);
    for (const encoding of encodings) expect(used.get(encoding)).toBeGreaterThan(10);
    const paths = await samplePaths(suite.a, UNTIL);
    for (const path of paths.filter((_, i) => i % 4 === 0))
      expect(await body(b, path)).toBe(await body(suite.a, path));
  }, 120_000);

  it('refuses an encoding it did not ask for, by name, and publishes nothing', async () => {
    const hostile = await upstream(async (req, res, real) => {
      if (!/LatestDate/.test(req.url ?? '')) return false;
      const { type, text } = await real();
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'zstd' }).end(text);
      return true;
    });
    const b = await mirror();
    const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url });
    expect(summary.result).toBe('failed');
    expect(summary.error).toBe('LatestDate: the answer is encoded as zstd, which was not asked for');
    expect(await b.store.db.selectFrom('batches').selectAll().execute()).toEqual([]);
  });

  it('a broken compressed answer is a failed answer, retried, then named', async () => {
    const broken = firstFundPrices();
    const hostile = await upstream(async (req, res, real) => {
      if (!broken.is(req)) return false;
      const zipped = gzipSync((await real()).text);
      zipped.fill(0x41, 20, 60); // the deflate stream after the header, garbled
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zipped);
      return true;
    });
    const b = await mirror();
    const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url, retries: 1, backoffMs: 10 });
    const fund = fundOf(broken.url!);
    expect(summary.result).toBe('failed');
    expect(summary.error).toMatch(
      new RegExp(
        `^FundPrice_ByFundCode \\(fund ${fund}, 1900-01-01 to ${bangkokToday()}\\): the answer broke off \\(.+\\)$`,
      ),
    );
    expect(hostile.asked.filter((u) => u === broken.url)).toHaveLength(2);
  }, 120_000);

  it('counts the limit in decoded bytes: a small gzip of a huge answer is refused at the limit', async () => {
    const huge = firstFundPrices();
    const hostile = await upstream(async (req, res, real) => {
      if (!huge.is(req)) return false;
      const first = JSON.stringify((JSON.parse((await real()).text) as unknown[])[0]);
      // 40 MB of prices, about 100 kB compressed.
      const text = `[${Array.from({ length: Math.ceil(40e6 / first.length) }, () => first).join(',')}]`;
      const zipped = gzipSync(text);
      expect(zipped.length).toBeLessThan(LIMIT);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zipped);
      return true;
    });
    const b = await mirror();
    const summary = await sync(b, { ...syncFrom(suite.a), baseUrl: hostile.url, maxAnswerBytes: LIMIT });
    const fund = fundOf(huge.url!);
    expect(summary.result).toBe('failed');
    expect(summary.error).toBe(
      `FundPrice_ByFundCode (fund ${fund}, 1900-01-01 to ${bangkokToday()}): ` +
        `the answer is larger than the limit of 1,000,000 bytes (SYNC_MAX_ANSWER_BYTES)`,
    );
  }, 120_000);
});
