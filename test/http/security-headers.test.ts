import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLookups, getOverHttp } from '../helpers/answers.js';
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
}

/**
 * What an API answer carries for security: the OWASP REST Security cheat sheet's set for APIs (no
 * Strict-Transport-Security: the TLS terminator in front owns it). Cache-Control and Content-Type
 * come with each answer.
 */
const API_SECURITY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The pages' set (helmet's, less CSP, which each page sets its own, and HSTS). */
const PAGE_SECURITY = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Headers of HTTP itself, there whatever the answer: not the service's to choose. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const namesOf = (headers: Record<string, unknown>) =>
  Object.keys(headers)
    .filter((name) => !TRANSPORT.has(name))
    .sort();

/** The headers a cached API answer carries: security, then what the contract needs. */
const API_ANSWER = [
  ...Object.keys(API_SECURITY),
  'content-type',
  'content-length',
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
].sort();

describe('security headers', () => {
  it('of an API answer are the REST set and what the contract needs, alike on both paths', async () => {
    const base = await open.app.listen({ port: 0, host: '127.0.0.1' });
    const key = { 'ocp-apim-subscription-key': open.key };
    const url = '/api/FundPriceService/AllFundsName';
    const framework = await getOverHttp(`${base}${url}`, key); // computed by the framework
    const before = (await answerLookups(open.gateway)).hit_direct ?? 0;
    const direct = await getOverHttp(`${base}${url}`, key);
    expect((await answerLookups(open.gateway)).hit_direct).toBe(before + 1);
    for (const answer of [framework, direct]) {
      expect(answer.status).toBe(200);
      expect(namesOf(answer.headers)).toEqual(API_ANSWER);
      expect(answer.headers).toMatchObject(API_SECURITY);
    }
    const unchanged = await getOverHttp(`${base}${url}`, { ...key, 'if-none-match': direct.headers.etag! });
    expect(unchanged.status).toBe(304);
    expect(namesOf(unchanged.headers)).toEqual(API_ANSWER.filter((name) => name !== 'content-length'));
  });

  it('of API errors and preflights are the REST set too', async () => {
    const noKey = await open.app.inject({ url: LATEST });
    const badDay = await open.app.inject({
      url: '/api/FundPriceService/AllFundPrices/31/02/2026',
      headers: { 'Ocp-Apim-Subscription-Key': open.key },
    });
    const unknown = await open.app.inject({ url: '/API/FundPriceService/Nothing' });
    const preflight = await open.app.inject({
      method: 'OPTIONS',
      url: LATEST,
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    });
    expect([noKey, badDay, unknown, preflight].map((r) => r.statusCode)).toEqual([401, 400, 404, 204]);
    for (const res of [noKey, badDay, unknown, preflight]) {
      expect(res.headers).toMatchObject(API_SECURITY);
      for (const name of Object.keys(PAGE_SECURITY)) {
        if (!(name in API_SECURITY)) expect(res.headers[name], `${res.statusCode} ${name}`).toBeUndefined();
      }
    }
    expect(noKey.headers['cache-control']).toBe('no-store');
    expect(noKey.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('of the explorer and docs pages are the full page set, with their own Content-Security-Policy', async () => {
    const explorer = await open.app.inject({ url: '/' });
    expect(explorer.statusCode).toBe(200);
    expect(explorer.headers).toMatchObject(PAGE_SECURITY);
    expect(explorer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const docs = await open.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers).toMatchObject(PAGE_SECURITY);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await open.app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers).toMatchObject(PAGE_SECURITY);
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
    expect(res.headers['access-control-allow-headers']).toBe(
      'Ocp-Apim-Subscription-Key, Content-Type, Accept-Datetime',
    );
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
