import { compileErrors, validate } from '@readme/openapi-parser';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
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

const SPEC_OPERATIONS = [
  ['POST', '/api/FundPriceService/GetNavByFundCode/{fromDate}/{toDate}', 'MutualFundApi_GetFundCode'],
  [
    'GET',
    '/api/FundPriceService/Fund_Nav_ByFundCode/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}',
    'FundPriceWebApi_Fund_Nav_FundCode',
  ],
  [
    'GET',
    '/api/FundPriceService/FundPrice_ByFundCode/{fundcode}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}',
    'FundPriceWebApi_FundPrice_Fundcode',
  ],
  ['GET', '/api/FundPriceService/AllFundPrices/{d}/{m}/{yyyy}', 'AllFundPrices'],
  [
    'GET',
    '/api/ExchangeRateService/GetDownloadfxrates/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}/{family}/{lang}',
    'GetDownloadfxrates',
  ],
  ['GET', '/api/ExchangeRateService/GetfxbannerAPI/{family}', 'GetfxbannerAPI'],
  ['GET', '/api/InterestRatesService/GetDepositRate', 'InterestRates_GetDepositRate'],
  ['GET', '/api/ExchangeRateService/Getfxfamily', 'Getfxfamily'],
  [
    'GET',
    '/api/FundPriceService/GetUpdateInMonth/{year}/{month}/{fundcode}',
    'FundPriceWebApi_GetUpdateInMonth',
  ],
  ['GET', '/api/FundPriceService/LatestDate', 'LatestDate'],
  // The bank website's operations (decisions 6).
  ['GET', '/api/FundPriceService/AllFundsName', 'AllFundsName'],
  ['GET', '/api/FundPriceService/Fund_Nav/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}/{x}', 'Fund_Nav'],
  ['GET', '/api/FundPriceService/FundPrice/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}/{x}', 'FundPrice'],
  ['GET', '/api/InterestRatesService/GetLoanRate', 'InterestRates_GetLoanRate'],
  ['GET', '/api/InterestRatesService/GetDepositRate/{date}', 'InterestRates_GetDepositRateOn'],
  ['GET', '/api/InterestRatesService/GetLoanRate/{date}', 'InterestRates_GetLoanRateOn'],
  // The newer site's market summary (decisions 9).
  ['GET', '/api/MarketService/GetMarketsum', 'GetMarketsum'],
];

/** The bank website's ExchangeRateService operations (decisions 6). */
const WEBSITE_FX_OPERATIONS: [string, string, string][] = [
  ['GET', '/api/ExchangeRateService/GetLatestfxrates', 'GetLatestfxrates'],
  ['GET', '/api/ExchangeRateService/Getfxrates/{dd}/{mm}/{yyyy}/{update}/{lang}', 'Getfxrates'],
  ['GET', '/api/ExchangeRateService/GetfxratesLastUpdate', 'GetfxratesLastUpdate'],
  ['GET', '/api/ExchangeRateService/GetDateTimeLastUpdate', 'GetDateTimeLastUpdate'],
  ['GET', '/api/ExchangeRateService/GetDayInMonth/{yyyy}/{mm}', 'GetDayInMonth'],
  ['GET', '/api/ExchangeRateService/GetUpdateInMonth/{dd}/{mm}/{yyyy}', 'ExchangeRate_GetUpdateInMonth'],
  [
    'GET',
    '/api/ExchangeRateService/GetChartfxrates/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}/{family}/{lang}',
    'GetChartfxrates',
  ],
  ['GET', '/api/ExchangeRateService/Convert/{amount}/{from}/{to}', 'Convert'],
  ['GET', '/api/ExchangeRateService/FxCal/{amount}/{from}/{to}', 'FxCal'],
];

/** The nav group: the bank's newer website (decisions 9). */
const NAV_OPERATIONS: [string, string, string][] = [
  ['GET', '/api/nav/LatestDate', 'nav_LatestDate'],
  ['GET', '/api/nav/AllFundNames', 'nav_AllFundNames'],
  ['GET', '/api/nav/GetUpdateInMonth/{yyyy}/{m}/{fund}', 'nav_GetUpdateInMonth'],
  ['GET', '/api/nav/AllFundPrices/{dd}/{mm}/{yyyy}', 'nav_AllFundPrices'],
  ['GET', '/api/nav/FundMaxMinNav/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}', 'nav_FundMaxMinNav'],
  ['GET', '/api/nav/NavHistory/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}', 'nav_NavHistory'],
];

describe('the OpenAPI document at /openapi.json', () => {
  it('passes the OpenAPI 3.1 validator of @readme/openapi-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The helper's type covers only what the checks read; the validator takes the whole document.
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('lists exactly the operations of the spec and the website, by path, method and operation id', () => {
    const listed = operationsOf(doc).map(({ method, path, operation }) => [
      method,
      path,
      operation.operationId,
    ]);
    expect(listed.sort()).toEqual([...SPEC_OPERATIONS, ...WEBSITE_FX_OPERATIONS, ...NAV_OPERATIONS].sort());
  });

  it('declares the key as an apiKey in the header or the query, for every operation', () => {
    expect(doc.components.securitySchemes).toEqual({
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
      const hasParams = (operation.parameters ?? []).length > 0;
      // 414 (URL length) and 503 (overload) can meet any operation.
      const expected = ['200', '401', '403', '414', '429', '500', '503'];
      if (hasParams) expected.push('400');
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

  it.each([...SPEC_OPERATIONS, ...WEBSITE_FX_OPERATIONS, ...NAV_OPERATIONS].map(([, , id]) => [id!]))(
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
    expect(conformance.problems('GET', latest, fake(400, { statusCode: 400, message: 'x' }))).toEqual([
      'LatestDate: status 400 is not documented',
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
