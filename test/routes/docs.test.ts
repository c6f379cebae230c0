import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the docs page at /docs', () => {
  it('is served without a key, with only its own scripts and styles', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//); // no CDN
      const file = await t.app.inject({ url: new URL(asset, 'http://x/docs/').pathname });
      expect(file.statusCode, asset).toBe(200);
    }
  });

  it('sends Swagger UI compressed to browsers that accept it, and as it is to others', async () => {
    const url = '/docs/static/swagger-ui-bundle.js';
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1_000_000);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const page = await t.app.inject({
      url: '/docs/static/swagger-ui.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('renders the same document as /openapi.json, with the key kept across reloads', async () => {
    const served = (await t.app.inject({ url: '/openapi.json' })).json();
    expect((await t.app.inject({ url: '/docs/json' })).json()).toEqual(served);
    const init = await t.app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('"persistAuthorization":true');
    expect(init.body).toContain('validatorUrl: null'); // no call to an outside validator
  });
});

describe('the docs page and the key kept in this browser', () => {
  it("sends the explorer's and the portal's kept key with Try it out when none was given", async () => {
    const init = (await t.app.inject({ url: '/docs/static/swagger-initializer.js' })).body;
    expect(init).toContain('"requestInterceptor":function');
    expect(init).toMatch(/localStorage\.getItem\(["']rates-explorer\.key["']\)/);
  });
});
