import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { NOT_FOUND } from '../helpers/operations.js';

// A stand-in for web/dist, so these tests do not depend on a build; the browser tests use the real one.
const root = mkdtempSync(join(tmpdir(), 'rates-webroot-'));
mkdirSync(join(root, 'assets'));
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
);
const script = 'console.log("the explorer");'.repeat(100);
writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
// The build writes compressed copies beside each file (web/vite.config.ts).
writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the explorer at /', () => {
  it('serves the page without a key, with a strict Content-Security-Policy, fetched anew each time', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the hashed assets as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed copies the build made to browsers that accept them', async () => {
    const url = '/assets/index-abc123.js';
    for (const [accept, encoding, body] of [
      ['gzip, deflate, br', 'br', brotliCompressSync(script)],
      ['gzip', 'gzip', gzipSync(script)],
      ['identity', undefined, Buffer.from(script)],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(body), accept).toBe(true);
    }
  });

  it('leaves the gateway 404 for anything else, and /api to the key check', async () => {
    for (const url of ['/nothing', '/assets/missing.js', '/../package.json', '/assets/../../package.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await t.app.inject({ url: '/api/FundPriceService/LatestDate' })).statusCode).toBe(401);
  });

  it('says how to build it when it is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'rates-webroot-'));
    const bare = await createTestApp({ webRoot: empty, seed: false });
    try {
      const res = await bare.app.inject({ url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('The explorer is not built: run npm run build:web');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the developer portal at /portal', () => {
  it('serves the second page of the build with the explorer headers and cache rules', async () => {
    writeFileSync(join(root, 'portal.html'), '<!doctype html><title>Developer portal</title>');
    const withPortal = await createTestApp({ webRoot: root, seed: false });
    try {
      const res = await withPortal.app.inject({ url: '/portal' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Developer portal');
      const explorer = await withPortal.app.inject({ url: '/' });
      for (const header of [
        'cache-control',
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
      ]) {
        expect(res.headers[header], header).toBe(explorer.headers[header]);
      }
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await withPortal.close();
      rmSync(join(root, 'portal.html'));
    }
  });
});
