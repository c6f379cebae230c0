import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/ingest/import.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const KEY = 'ocp-apim-subscription-key';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/${url}`, headers: { [KEY]: t.key, ...headers } });

describe('cached answers', () => {
  it('carry an ETag and Cache-Control, and answer If-None-Match with 304', async () => {
    const url = `FundPriceService/FundPrice_ByFundCode/101/01/01/2026/${dmy(t.fixture.latest)}`;
    const first = await get(url);
    const second = await get(url.toUpperCase().replace('/API/', '/api/'));
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toBe(
      'Accept, Accept-Encoding, Accept-Datetime, Ocp-Apim-Subscription-Key, Origin',
    );
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('come gzip- or brotli-compressed on request and decode to the same JSON', async () => {
    const url = `FundPriceService/AllFundPrices/${dmy(t.fixture.latest)}`;
    const plain = await get(url);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await get(url, { 'accept-encoding': encoding });
      if (plain.rawPayload.length >= 1024) expect(res.headers['content-encoding']).toBe(encoding);
      const body = res.headers['content-encoding'] ? decode(res.rawPayload).toString() : res.body;
      expect(JSON.parse(body)).toEqual(plain.json());
    }
  });

  it('keep JSON and CSV apart', async () => {
    const url = `ExchangeRateService/GetDownloadfxrates/01/11/2026/${dmy(t.fixture.latest)}/USD50/en`;
    const json = await get(url);
    const csv = await get(url, { accept: 'text/csv' });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await get(url, { accept: 'text/csv' })).body).toBe(csv.body);
  });

  it('change right after a batch commits', async () => {
    const url = `FundPriceService/FundPrice_ByFundCode/B-EQUITY/06/01/2020/06/01/2020`;
    expect((await get(url)).json()).toEqual([]);
    await runImport(
      t.store,
      [
        {
          name: 'p.csv',
          type: 'fund-prices',
          format: 'csv',
          open: () => Readable.from(['fund,date,nav,offer,redemption\nB-EQUITY,2020-01-06,10.5,10.6,10.4\n']),
        },
      ],
      { source: 'test' },
    );
    const committed = Date.now();
    let answer: unknown = [];
    while (Date.now() - committed < 1000 && Array.isArray(answer) && answer.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // a client polling, as websites do
      answer = (await get(url)).json();
    }
    expect(answer).toMatchObject([{ mfr_fNav: 10.5 }]);
  });

  it('are never errors, and the key is checked before any cached answer', async () => {
    const url = 'FundPriceService/LatestDate';
    expect((await get(url)).statusCode).toBe(200);
    const noKey = await t.app.inject({ url: `/api/${url}` });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.headers['cache-control']).toBe('no-store');
    expect(noKey.headers.etag).toBeUndefined();
    const bad = await get('FundPriceService/AllFundPrices/31/02/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});

describe('with CACHE_PUBLIC=false', () => {
  it('keeps answers out of shared caches and still answers If-None-Match', async () => {
    const own = await createTestApp({ config: { cachePublic: false } });
    try {
      const headers = { [KEY]: own.key };
      const res = await own.app.inject({ url: '/api/FundPriceService/LatestDate', headers });
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(res.headers.vary).toBe('Accept, Accept-Encoding, Accept-Datetime, Origin');
      const again = await own.app.inject({
        url: '/api/FundPriceService/LatestDate',
        headers: { ...headers, 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await own.close();
    }
  });
});
