import { compileErrors, validate } from '@readme/openapi-parser';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS as BENCH_OPERATIONS } from '../../bench/harness/requests.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { operations } from '../helpers/operations.js';
import {
  type Answer,
  Conformance,
  exampleUrl,
  operationsOf,
  type OpenApiDocument,
} from '../helpers/openapi.js';

let t: TestApp;
let doc: OpenApiDocument;
let conformance: Conformance;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  conformance = new Conformance(doc);
});
afterAll(async () => t.close());

const KEY = 'ocp-apim-subscription-key';

/**
 * Whether `url` is a request of the documented path `template`: each `{name}` stands for one segment,
 * and letters match in any case, as the router matches them.
 */
const fits = (template: string, url: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i').test(
    url.split('?')[0]!,
  );

describe('the OpenAPI document at /openapi.json', () => {
  it('passes the OpenAPI 3.1 validator of @readme/openapi-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The helper's type covers only what the checks read; the validator takes the whole document.
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  // The operations are listed once, in test/helpers/operations.ts (one request each); the document
  // must list the same ones, and each request there must be one of its operation's documented path.
  it('lists exactly the operations of test/helpers/operations.ts, each at the path its request takes', () => {
    const documented = operationsOf(doc).map(({ method, path, operation }) => ({
      id: operation.operationId,
      method,
      path,
    }));
    const listed = operations(t.fixture);
    const names = (ops: { id: string; method: string }[]) => ops.map((o) => `${o.method} ${o.id}`).sort();
    expect(names(documented)).toEqual(names(listed));
    for (const op of listed) {
      const { path } = documented.find((d) => d.id === op.id)!;
      expect(fits(path, op.url), `${op.id}: ${op.url} is not a request of ${path}`).toBe(true);
    }
  });

  // The benchmark's requests (bench/harness/requests.ts) are its own (the market dataset's funds and
  // dates), but none of the listed operations goes unmeasured.
  it('has every documented operation measured by npm run bench', () => {
    const sent = BENCH_OPERATIONS.flatMap((o) => o.requests);
    for (const { method, path, operation } of operationsOf(doc)) {
      expect(
        sent.some((r) => r.method === method && fits(path, r.path)),
        `${operation.operationId}: no request of ${method} ${path} in bench/harness/requests.ts`,
      ).toBe(true);
    }
  });

  it('declares the key as an apiKey in the header or the query, for every operation', () => {
    expect(doc.components.securitySchemes).toEqual({
      // The portal's admin routes only (each says so in its own security).
      AdminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      SubscriptionKeyHeader: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' },
      SubscriptionKeyQuery: expect.objectContaining({
        type: 'apiKey',
        in: 'query',
        name: 'subscription-key',
      }),
    });
    expect(doc.security).toEqual([{ SubscriptionKeyHeader: [] }, { SubscriptionKeyQuery: [] }]);
    // The query key is the security scheme's, not also a parameter.
    for (const { operation } of operationsOf(doc)) {
      expect(operation.parameters?.map((p) => p.name) ?? []).not.toContain('subscription-key');
    }
  });

  it('gives every parameter a description, a pattern and an example that matches it', () => {
    for (const { operation } of operationsOf(doc)) {
      for (const p of operation.parameters ?? []) {
        expect(p.description, `${operation.operationId} ${p.name}`).toMatch(/^[a-z']/);
        expect(p.example, `${operation.operationId} ${p.name}`).toMatch(new RegExp(p.schema.pattern!));
      }
    }
  });

  it('documents the 404 of any other path or method as a shared response', () => {
    const { responses, schemas } = doc.components as unknown as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
      schemas: Record<string, unknown>;
    };
    expect(responses.NotFound!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/GatewayError',
    });
    expect(schemas.GatewayError).toMatchObject({ required: ['statusCode', 'message'] });
  });

  it('documents the gateway errors as they apply to each operation', () => {
    for (const { method, operation } of operationsOf(doc)) {
      const codes = Object.keys(operation.responses).sort();
      // 414 (URL length) and 503 (overload) can meet any operation; 400 and 404 an instant asked
      // (Accept-Datetime, asOf: malformed, or before the first publication).
      const expected = ['200', '400', '401', '403', '404', '414', '429', '500', '503'];
      if (method === 'POST') expected.push('413');
      else expected.push('304'); // GET answers are cached, with ETags
      expect(codes, operation.operationId).toEqual(expected.sort());
      for (const code of expected.filter(
        (c) => !['200', '304'].includes(c) && !(method === 'POST' && c === '400'),
      )) {
        expect(operation.responses[code]!.content!['application/json']!.schema).toEqual({
          $ref: '#/components/schemas/GatewayError',
        });
      }
      expect(operation.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
      expect(operation.responses['503']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    }
  });
});

describe('answers of every operation, errors included, conform to the document', () => {
  const expectConforms = (method: string, url: string, res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(status);
    expect(conformance.problems(method, url, res)).toEqual([]);
  };

  // The ids only, known before the fixture is made.
  it.each(operations({ today: '', latest: '2026-11-20', batchId: 0 }).map((o) => [o.id]))(
    '%s',
    async (id) => {
      const { path, method, operation } = operationsOf(doc).find((o) => o.operation.operationId === id)!;
      const call = (url: string, headers: Record<string, string> = { [KEY]: t.key }) =>
        t.app.inject({ method: method as 'GET' | 'POST', url, headers });
      const url = exampleUrl(path, operation);

      expectConforms(method, url, await call(url), 200);
      expectConforms(method, url, await call(url, {}), 401);
      expectConforms(method, url, await call(url, { [KEY]: 'not-a-key' }), 401);
      const first = operation.parameters?.find((p) => p.in === 'path')?.name;
      if (first) {
        const bad = exampleUrl(path, operation, { [first]: '!!' });
        expectConforms(method, bad, await call(bad), 400);
        const long = exampleUrl(path, operation, { [first]: 'a'.repeat(500) });
        expectConforms(method, long, await call(long), 414);
      }
      if (method === 'POST') {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { [KEY]: t.key, 'content-type': 'application/octet-stream' },
          payload: Buffer.alloc(70_000),
        });
        expectConforms(method, url, res, 413);
      }
    },
  );

  it('GetDownloadfxrates as CSV', async () => {
    const url = '/api/ExchangeRateService/GetDownloadfxrates/01/01/2020/31/12/2022/USD50/en';
    const res = await t.app.inject({ url, headers: { [KEY]: t.key, accept: 'text/csv' } });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expectConforms('GET', url, res, 200);
  });

  it('GetNavByFundCode with a path that cannot be decoded: the gateway body', async () => {
    const url = '/api/FundPriceService/GetNavByFundCode/%E0%A4%A/2026-01-31?fundCode=101';
    const res = await t.app.inject({ method: 'POST', url, headers: { [KEY]: t.key } });
    expect(res.json()).toEqual({ statusCode: 400, message: expect.any(String) });
    expectConforms('POST', url, res, 400);
  });
});

describe('the conformance check itself', () => {
  const fake = (statusCode: number, body: unknown, type = 'application/json; charset=utf-8'): Answer => ({
    statusCode,
    headers: { 'content-type': type },
    body: JSON.stringify(body),
  });
  const latest = '/api/FundPriceService/LatestDate';

  it('finds a body that drifted from the schema, an undocumented status and media type', () => {
    expect(conformance.problems('GET', latest, fake(200, [{ mDate: '2026-11-20T00:00:00' }]))).toEqual([]);
    expect(conformance.problems('GET', latest, fake(200, [{ mDate: 20261120 }]))).toEqual([
      'LatestDate 200: body/0/mDate must be string',
    ]);
    expect(conformance.problems('GET', latest, fake(200, { mDate: '2026-11-20T00:00:00' }))).toEqual([
      'LatestDate 200: body must be array',
    ]);
    expect(conformance.problems('GET', latest, fake(409, { statusCode: 409, message: 'x' }))).toEqual([
      'LatestDate: status 409 is not documented',
    ]);
    expect(conformance.problems('GET', latest, fake(200, [], 'text/html'))).toEqual([
      "LatestDate 200: media type 'text/html' not documented",
    ]);
    expect(conformance.problems('GET', latest, fake(401, { statusCode: '401' }))).toEqual([
      "LatestDate 401: body must have required property 'message'",
      'LatestDate 401: body/statusCode must be integer',
    ]);
  });

  it('matches paths as the service does and leaves other paths alone', () => {
    expect(conformance.route('GET', '/api/fundpriceservice/latestdate/?x=1')?.operation.operationId).toBe(
      'LatestDate',
    );
    expect(conformance.route('POST', latest)).toBeUndefined();
    expect(conformance.route('GET', '/health')).toBeUndefined();
  });
});
