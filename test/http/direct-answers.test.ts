import { Agent } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runImport } from '../../src/ingest/import.js';
import { UsageRepository } from '../../src/store/usage-repo.js';
import { answerLookups, getOverHttp, stableHeaders } from '../helpers/answers.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { operations } from '../helpers/operations.js';
import { midThisMinute } from '../helpers/clock.js';
import { captureLog } from '../helpers/log.js';
import { act, subscribe } from '../helpers/subscriptions.js';

// Cached answers are served from the HTTP server's request event, before Fastify (src/http/
// direct-answers.ts). app.inject never goes through that event, so these tests talk real HTTP.

const log = captureLog();
// Tests below compare calls' counts within a 60 s rate window: two calls on the real clock straddled
// one in CI (RateLimit-Remaining 99999 twice, on PostgreSQL).
const clock = midThisMinute();
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, now: clock.now });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** One GET over HTTP with `key` (none if null), the body as sent (not decompressed). */
const get = (path: string, headers: Record<string, string> = {}, key: string | null = t.key, agent?: Agent) =>
  getOverHttp(
    `${base}${path}`,
    { ...(key !== null && { 'ocp-apim-subscription-key': key }), ...headers },
    agent,
  );

const lookups = () => answerLookups(t.gateway);

describe('direct answers', () => {
  it('serve a repeated call with the same status, headers and body as the framework', async () => {
    const url = `/api/FundPriceService/FundPrice_ByFundCode/101/01/01/2026/${dmy(t.fixture.latest)}`;
    const before = await lookups();
    const first = await get(url);
    const second = await get(url);
    const after = await lookups();
    expect(after.miss).toBe((before.miss ?? 0) + 1);
    expect(after.hit_direct).toBe((before.hit_direct ?? 0) + 1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(stableHeaders(second.headers)).toEqual(stableHeaders(first.headers));
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['ratelimit-limit']).toBe(first.headers['ratelimit-limit']);
    expect(Number(second.headers['ratelimit-remaining'])).toBe(
      Number(first.headers['ratelimit-remaining']) - 1,
    );
    // A caller's own request id is kept, as the framework keeps it.
    expect((await get(url, { 'x-request-id': 'trace-42' })).headers['x-request-id']).toBe('trace-42');
  });

  // That every cached operation is answered directly byte for byte as the framework answers it is
  // test/http/fast-path.test.ts's; here, that the FX ones are counted under their own names.
  it("count the website's FX operations answered directly under their names", async () => {
    // Each FX GET of the one list of operations, one in lower case as a client may send it.
    const calls = operations(t.fixture)
      .filter((o) => o.method === 'GET' && o.url.startsWith('/api/ExchangeRateService/'))
      .map((o, i) => [o.id, i === 0 ? o.url.toLowerCase() : o.url] as const);
    for (const [operation, url] of calls) {
      const before = await lookups();
      const counted = await t.gateway.metrics.requests.get();
      await get(url);
      const second = await get(url);
      const after = await lookups();
      expect(after.hit_direct, url).toBe((before.hit_direct ?? 0) + 1);
      expect(second.status, url).toBe(200);
      const ofOperation = (m: typeof counted) =>
        m.values.filter((v) => v.labels.operation === operation).reduce((n, v) => n + v.value, 0);
      // The framework counts its call once the answer has left, a moment after the client has it.
      await vi.waitFor(async () =>
        expect(ofOperation(await t.gateway.metrics.requests.get()), url).toBe(ofOperation(counted) + 2),
      );
    }
  });

  it('compress as asked, decoding to the same JSON, and answer a matching ETag with 304', async () => {
    const url = `/api/FundPriceService/AllFundPrices/${dmy(t.fixture.latest)}`;
    const plain = await get(url); // the framework's answer; the calls below are direct
    const { 'content-length': _length, ...headers } = stableHeaders(plain.headers);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const direct = await get(url, { 'accept-encoding': encoding });
      const { 'content-length': length, 'content-encoding': used, ...others } = stableHeaders(direct.headers);
      expect(others).toEqual(headers);
      expect(Number(length)).toBe(direct.body.length);
      if (plain.body.length >= 1024) expect(used).toBe(encoding);
      const body = used === encoding ? decode(direct.body) : direct.body;
      expect(JSON.parse(body.toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const notModified = await get(url, { 'if-none-match': `W/"x", ${String(plain.headers.etag)}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(plain.headers.etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=60');
    expect((await get(url, { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  // docs/contract-notes.md, Every operation: a data pipeline sends a browser's Accept-Encoding from a
  // library without brotli.
  it("answer a browser's Accept-Encoding with gzip, through the framework and directly; brotli only without gzip", async () => {
    // The last segment is ignored but keyed: two URLs of one answer, each computed by the framework once.
    const prices = `/api/FundPriceService/FundPrice/101/01/01/2026/${dmy(t.fixture.latest)}`;
    const [url, other] = [`${prices}/N`, `${prices}/M`];
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThanOrEqual(1024); // large enough to be compressed
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const before = await lookups();
    const framework = await get(other, browser); // a new URL: the framework computes its answer
    const direct = await get(url, browser);
    expect((await lookups()).hit_direct).toBe((before.hit_direct ?? 0) + 1);
    for (const answer of [framework, direct]) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).equals(plain.body)).toBe(true);
    }
    const brotliOnly = await get(url, { 'accept-encoding': 'deflate, br' });
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotliOnly.body).equals(plain.body)).toBe(true);
  });

  it('count each call once, and hand refusals to the framework to answer', async () => {
    const url = '/api/FundPriceService/LatestDate';
    const { id, primaryKey } = await subscribe(t, { rateLimit: { calls: 3, periodSeconds: 60 } });
    const before = await lookups();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await get(url, {}, primaryKey));
    expect(statuses.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect((await lookups()).hit_direct).toBeGreaterThanOrEqual((before.hit_direct ?? 0) + 2);
    const refused = statuses[3]!;
    expect(JSON.parse(refused.body.toString())).toMatchObject({ statusCode: 429 });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
    await t.gateway.usage.flush();
    const rows = await new UsageRepository(t.store.db).report({ subscriptionId: id });
    expect(rows.map((r) => [r.operation, r.statusClass, r.count])).toEqual([
      ['LatestDate', '2xx', 3],
      ['LatestDate', '4xx', 1],
    ]);
  });

  it('refuse a key the moment it is suspended, and keys of other service groups', async () => {
    const url = '/api/FundPriceService/LatestDate';
    const { id, primaryKey } = await subscribe(t);
    expect((await get(url, {}, primaryKey)).status).toBe(200);
    expect((await get(url, {}, primaryKey)).status).toBe(200);
    await act(t, id, 'suspend');
    expect((await get(url, {}, primaryKey)).status).toBe(401);
    const fx = await subscribe(t, { groups: 'ExchangeRateService' });
    expect((await get(url, {}, fx.primaryKey)).status).toBe(401);
    expect((await get('/api/ExchangeRateService/Getfxfamily', {}, fx.primaryKey)).status).toBe(200);
    expect((await get(url, {}, null)).status).toBe(401);
    expect((await get(url, {}, 'f'.repeat(32))).status).toBe(401);
  });

  it('tell apart the keys of calls on one keep-alive connection, whatever came before', async () => {
    const url = '/api/FundPriceService/LatestDate';
    const one = await subscribe(t);
    const other = await subscribe(t);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    agent.on('free', (socket: { localPort: number }) => ports.add(socket.localPort));
    const keys = [one.primaryKey, other.primaryKey, 'f'.repeat(32), one.primaryKey, one.primaryKey];
    // One character off a key the connection presented just before.
    const near = `${one.primaryKey.slice(0, -1)}${one.primaryKey.endsWith('0') ? '1' : '0'}`;
    keys.push(near, other.secondaryKey, other.primaryKey);
    const statuses = [];
    for (const key of keys) statuses.push((await get(url, {}, key, agent)).status);
    agent.destroy();
    expect(ports.size).toBe(1);
    expect(statuses).toEqual([200, 200, 401, 200, 200, 401, 200, 200]);
    await t.gateway.usage.flush();
    const usage = new UsageRepository(t.store.db);
    const counted = async (id: number) => (await usage.report({ subscriptionId: id })).map((r) => r.count);
    expect(await counted(one.id)).toEqual([3]);
    expect(await counted(other.id)).toEqual([3]);
  });

  it('read the key from the query string as the framework does: one value, else none', async () => {
    const url = '/api/FundPriceService/LatestDate';
    expect((await get(url)).status).toBe(200);
    expect((await get(`${url}?subscription-key=${t.key}`, {}, null)).status).toBe(200);
    expect((await get(`${url}?subscription-key=${t.key}&subscription-key=${t.key}`, {}, null)).status).toBe(
      401,
    );
  });

  it('log one line per call, naming its request id, never the key', async () => {
    const url = '/api/FundPriceService/LatestDate';
    await get(url);
    const answers = [await get(url), await get(`${url}?subscription-key=${t.key}`, {}, null)];
    const records = await log.recordsFor(answers.map((a) => a.headers['x-request-id']));
    for (const answer of answers) {
      const mine = records.filter((r) => r.reqId === answer.headers['x-request-id']);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    }
    expect(records.some((r) => r.req?.url === `${url}?subscription-key=[redacted]`)).toBe(true);
    expect(log.lines.join('\n')).not.toContain(t.key);
  });

  it('mask a key under a percent-encoded name too, which both paths accept', async () => {
    const url = '/api/FundPriceService/LatestDate';
    await get(url);
    const before = await lookups();
    const answers = [
      await get(`${url}?subscription%2Dkey=${t.key}`, {}, null),
      await get(`${url}?%73ubscription-key=${t.key}&x=1`, {}, null),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await lookups()).hit_direct).toBe((before.hit_direct ?? 0) + 2);
    const urls = (await log.recordsFor(answers.map((a) => a.headers['x-request-id'])))
      .filter((r) => answers.some((a) => a.headers['x-request-id'] === r.reqId))
      .map((r) => r.req?.url);
    expect(urls).toEqual([
      `${url}?subscription%2Dkey=[redacted]`,
      `${url}?%73ubscription-key=[redacted]&x=1`,
    ]);
    expect(log.lines.join('\n')).not.toContain(t.key);
  });

  it('serve the new data as soon as a batch commits', async () => {
    const url = '/api/FundPriceService/FundPrice_ByFundCode/B-EQUITY/07/01/2020/07/01/2020';
    expect(JSON.parse((await get(url)).body.toString())).toEqual([]);
    expect(JSON.parse((await get(url)).body.toString())).toEqual([]);
    await runImport(
      t.store,
      [
        {
          name: 'p.csv',
          type: 'fund-prices',
          format: 'csv',
          open: () => Readable.from(['fund,date,nav,offer,redemption\nB-EQUITY,2020-01-07,10.5,10.6,10.4\n']),
        },
      ],
      { source: 'test' },
    );
    // The commit's own process drops its answers at once (the watcher's commit event).
    expect(JSON.parse((await get(url)).body.toString())).toMatchObject([{ mfr_fNav: 10.5 }]);
  });
});
