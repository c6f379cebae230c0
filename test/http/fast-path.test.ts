import { SERVICE_GROUP_NAMES } from '../../src/domain/service-groups.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLookups, getOverHttp, stableHeaders } from '../helpers/answers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { operations, type Operation } from '../helpers/operations.js';

// Every cached operation (every GET under /api: the answer cache keeps them all) answered by the fast
// path (src/http/direct-answers.ts, from the server's request event) and by the framework (its hooks
// and answer cache, which app.inject always goes through): the same status, headers and body, with a
// key, without one (public access), compressed, unchanged (304), and from another origin. The
// operations come from the app's own OpenAPI document, so a new cached operation without a sample
// call in test/helpers/operations.ts fails here.

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A GET over HTTP, where the fast path answers; its headers without the per-call ones. */
async function overHttp(base: string, url: string, headers: Record<string, string>): Promise<Answer> {
  const answer = await getOverHttp(`${base}${url}`, headers);
  return { ...answer, headers: stableHeaders(answer.headers) };
}

async function throughFramework(t: TestApp, url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, headers: stableHeaders(res.headers), body: res.rawPayload };
}

/** How many calls the fast path answered. */
async function fastAnswers(t: TestApp): Promise<number> {
  return (await answerLookups(t.gateway)).hit_direct ?? 0;
}

/** The cached operations the app serves, by operation id, from its OpenAPI document. */
async function cachedOperations(t: TestApp): Promise<string[]> {
  const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) => (methods.get ? [methods.get.operationId ?? path] : []));
}

const SAMPLES = operations({ today: '', latest: '2026-11-20', batchId: 0 }).filter((o) => o.method === 'GET');
const GROUPS = [...SERVICE_GROUP_NAMES];
const SITE = 'https://www.bank.example';

/**
 * Calls `op` as the fast path answers it (over HTTP, the answer cached already) and as the framework
 * does (app.inject), and expects them alike; the fast one must have been the fast path's.
 */
async function expectAlike(t: TestApp, base: string, op: Operation, headers: Record<string, string>) {
  const before = await fastAnswers(t);
  const fast = await overHttp(base, op.url, headers);
  expect(await fastAnswers(t), `${op.id} was not answered by the fast path`).toBe(before + 1);
  const framework = await throughFramework(t, op.url, headers);
  expect(fast.status, op.id).toBe(framework.status);
  expect(fast.headers, op.id).toEqual(framework.headers);
  expect(fast.body.equals(framework.body), `${op.id}: bodies differ`).toBe(true);
  return fast;
}

describe.each([
  ['CORS_ORIGINS=*', { corsOrigins: ['*'] }],
  ['CORS_ORIGINS a list', { corsOrigins: [SITE] }],
])('the fast path and the framework, %s', (_name, config) => {
  let t: TestApp;
  let base: string;
  let samples: Operation[];
  beforeAll(async () => {
    t = await createTestApp({ config });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    samples = operations(t.fixture).filter((o) => o.method === 'GET');
  });
  afterAll(async () => t.close());

  it('have a sample call for every cached operation the app serves', async () => {
    const served = await cachedOperations(t);
    expect(served.length).toBeGreaterThan(20);
    expect(samples.map((o) => o.id).sort()).toEqual([...served].sort());
  });

  describe.each(SAMPLES.map((o) => [o.id]))('%s', (id) => {
    const op = () => samples.find((o) => o.id === id)!;

    it('answer alike with a key, plain, compressed, unchanged (304), key in the query, from an origin', async () => {
      const key = { 'ocp-apim-subscription-key': t.key };
      const first = await overHttp(base, op().url, key); // the framework's, computing the answer
      expect(first.status, id).toBe(200);
      const plain = await expectAlike(t, base, op(), key);
      expect(plain.headers, id).toEqual(first.headers);
      expect(plain.body.equals(first.body), id).toBe(true);
      await expectAlike(t, base, op(), { ...key, 'accept-encoding': 'gzip' });
      await expectAlike(t, base, op(), { ...key, 'accept-encoding': 'br, gzip' });
      const unchanged = await expectAlike(t, base, op(), { ...key, 'if-none-match': plain.headers.etag! });
      expect(unchanged.status, id).toBe(304);
      // Not only alike: a 304 has no payload, so no Content-Length (RFC 9110 8.6) on either path.
      expect(unchanged.headers['content-length'], id).toBeUndefined();
      // A call naming no Origin may still be read cross-origin: both paths expose the limit headers.
      expect(plain.headers['access-control-expose-headers'], id).toContain('RateLimit-Remaining');
      const inQuery = {
        ...op(),
        url: `${op().url}${op().url.includes('?') ? '&' : '?'}subscription-key=${t.key}`,
      };
      await overHttp(base, inQuery.url, {});
      await expectAlike(t, base, inQuery, {});
      if (config.corsOrigins.includes('*')) {
        await expectAlike(t, base, op(), { ...key, origin: 'https://elsewhere.example' });
      }
      if (id === 'GetDownloadfxrates') {
        const csv = { ...key, accept: 'text/csv' };
        await overHttp(base, op().url, csv);
        expect((await expectAlike(t, base, op(), csv)).headers['content-type'], id).toContain('text/csv');
      }
    });
  });

  describe('without a key, public access open', () => {
    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/admin/public-access',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: {
          groups: GROUPS,
          origins: [SITE],
          rateLimit: { calls: 100_000, periodSeconds: 60 },
          quota: null,
        },
      });
      expect(res.statusCode).toBe(200);
    });

    it.each(SAMPLES.map((o) => [o.id]))(
      '%s answers alike, and from an origin public access does not list',
      async (id) => {
        const op = samples.find((o) => o.id === id)!;
        await overHttp(base, op.url, {});
        const keyless = await expectAlike(t, base, op, {});
        expect(keyless.status, id).toBe(200);
        expect(keyless.headers['access-control-allow-origin'], id).toBeUndefined();
        await expectAlike(t, base, op, { origin: 'https://elsewhere.example', 'accept-encoding': 'gzip' });
      },
    );
  });
});
