import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const ALLOWED = 'https://rates.example';
let open: TestApp;
let listed: TestApp;

beforeAll(async () => {
  open = await createTestApp();
  listed = await createTestApp({ config: { corsOrigins: [ALLOWED, 'https://other.example'] } });
});
afterAll(async () => {
  await open.close();
  await listed.close();
});

const LATEST = '/api/FundPriceService/LatestDate';

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('are on API answers, on errors and on unknown paths', async () => {
    const ok = await open.app.inject({ url: LATEST, headers: { 'Ocp-Apim-Subscription-Key': open.key } });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);
    expect(ok.headers['content-security-policy']).toBeUndefined();
    const noKey = await open.app.inject({ url: LATEST });
    expect(noKey.statusCode).toBe(401);
    expectSecurityHeaders(noKey.headers);
    const missing = await open.app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('leave the explorer and docs pages their own Content-Security-Policy', async () => {
    const explorer = await open.app.inject({ url: '/' });
    expect(explorer.statusCode).toBe(200);
    expectSecurityHeaders(explorer.headers);
    expect(explorer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const docs = await open.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CORS', () => {
  it('answers a preflight for an API operation from any origin by default, without a key', async () => {
    const res = await open.app.inject({
      method: 'OPTIONS',
      url: LATEST,
      headers: {
        origin: 'https://anywhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'ocp-apim-subscription-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    expect(res.headers['access-control-allow-headers']).toBe('Ocp-Apim-Subscription-Key, Content-Type');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('answers an OPTIONS that is no preflight with the gateway 404', async () => {
    const res = await open.app.inject({ method: 'OPTIONS', url: LATEST });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Resource not found' });
  });

  it('lets browser scripts read the limit headers, the request id and Retry-After, on errors too', async () => {
    const headers = { origin: 'https://anywhere.example', 'Ocp-Apim-Subscription-Key': open.key };
    const ok = await open.app.inject({ url: LATEST, headers });
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(ok.headers['access-control-expose-headers']);
    for (const name of [
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
      'X-Request-Id',
    ]) {
      expect(exposed).toContain(name);
    }
    const noKey = await open.app.inject({ url: LATEST, headers: { origin: 'https://anywhere.example' } });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.headers['access-control-allow-origin']).toBe('*');
  });

  it('allows only the listed origins when CORS_ORIGINS lists them', async () => {
    const preflight = (origin: string) =>
      listed.app.inject({
        method: 'OPTIONS',
        url: LATEST,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    const allowed = await preflight(ALLOWED);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(allowed.headers.vary).toContain('Origin');
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const call = await listed.app.inject({
      url: LATEST,
      headers: { origin: 'https://evil.example', 'Ocp-Apim-Subscription-Key': listed.key },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never answers cross-origin on admin routes', async () => {
    const preflight = await open.app.inject({
      method: 'OPTIONS',
      url: '/admin/batches',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const call = await open.app.inject({
      url: '/admin/batches',
      headers: { origin: ALLOWED, authorization: `Bearer ${open.adminToken}` },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expectSecurityHeaders(call.headers);
  });
});
