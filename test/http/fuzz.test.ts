import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Template {
  method: 'GET' | 'POST';
  path: string; // {name} marks a path parameter
  valid: Record<string, string>;
  query?: string[]; // parameters that travel in the query string
}

const RANGE = { fdd: '01', fmm: '01', fyyyy: '2026', tdd: '31', tmm: '01', tyyyy: '2026' };
const TEMPLATES: Template[] = [
  {
    method: 'POST',
    path: '/api/FundPriceService/GetNavByFundCode/{fromDate}/{toDate}',
    valid: { fromDate: '2026-01-01', toDate: '2026-01-31', fundCode: '101' },
    query: ['fundCode'],
  },
  {
    method: 'GET',
    path: '/api/FundPriceService/Fund_Nav_ByFundCode/{fund}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}',
    valid: { fund: '101', ...RANGE },
  },
  {
    method: 'GET',
    path: '/api/FundPriceService/FundPrice_ByFundCode/{fundcode}/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}',
    valid: { fundcode: '101', ...RANGE },
  },
  {
    method: 'GET',
    path: '/api/FundPriceService/AllFundPrices/{d}/{m}/{yyyy}',
    valid: { d: '05', m: '01', yyyy: '2026' },
  },
  {
    method: 'GET',
    path: '/api/ExchangeRateService/GetDownloadfxrates/{fdd}/{fmm}/{fyyyy}/{tdd}/{tmm}/{tyyyy}/{family}/{lang}',
    valid: { ...RANGE, family: 'USD50', lang: 'en' },
  },
  { method: 'GET', path: '/api/ExchangeRateService/GetfxbannerAPI/{family}', valid: { family: 'USD50' } },
  {
    method: 'GET',
    path: '/api/FundPriceService/GetUpdateInMonth/{year}/{month}/{fundcode}',
    valid: { year: '2026', month: '01', fundcode: '101' },
  },
];

/** Values that no parameter of any kind accepts. */
const ALWAYS_BAD = [
  '',
  ' ',
  '../',
  '..\\..',
  '%',
  '99999999999999999999999999',
  '-1',
  '😀',
  'ก',
  "1' OR '1'='1",
  '1;DROP TABLE funds',
  '<script>',
  '\u0000',
  'a'.repeat(5000),
  '${jndi}',
  '%00',
  '\n',
];
/** Values that a parameter of that kind rejects though a fund code or family might accept them. */
const BAD_BY_KIND: [RegExp, string[]][] = [
  [/^(f|t)?dd$|^d$/, ['abc', '0', '00', '32', '123', '1.5', '1e3', 'NaN', 'null']],
  [/^(f|t)?mm$|^m$|^month$/, ['abc', '0', '00', '13', '001', 'NaN']],
  [/^(f|t)?yyyy$|^year$/, ['abc', '0999', '2569', '26', '20266', 'NaN']],
  [/^lang$/, ['abc', 'en-US', 'eng', '0', 'null']],
  [/^(from|to)Date$/, ['31-02-2026', '2026-02-30', '20261301', '2569-01-01', 'abc', '0', 'null']],
];

function url(template: Template, params: Record<string, string>): string {
  let path = template.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = (template.query ?? []).map((q) => `${q}=${encodeURIComponent(params[q] ?? '')}`);
  if (query.length) path += `?${query.join('&')}`;
  return path;
}

async function call(template: Template, params: Record<string, string>) {
  return t.app.inject({
    method: template.method,
    url: url(template, params),
    headers: { 'ocp-apim-subscription-key': t.key },
  });
}

function expectErrorBody(template: Template, status: number, body: unknown): void {
  if (template.method === 'POST' && status === 400) {
    expect(body).toMatchObject({ NAVList: [], Success: false, Message: expect.stringMatching(/^Invalid /) });
  } else {
    expect(body).toEqual({ statusCode: status, message: expect.any(String) });
  }
}

describe.each(TEMPLATES.map((tpl) => [tpl.path.split('/')[3], tpl] as const))(
  'malformed parameters of %s',
  (_name, template) => {
    it('answer a valid request with 200', async () => {
      expect((await call(template, template.valid)).statusCode).toBe(200);
    });

    for (const param of Object.keys(template.valid)) {
      it(`refuse bad values of ${param} with 400 or 404 and a JSON error body`, async () => {
        const bad = [
          ...ALWAYS_BAD,
          ...BAD_BY_KIND.flatMap(([kind, values]) => (kind.test(param) ? values : [])),
        ];
        for (const value of bad) {
          const res = await call(template, { ...template.valid, [param]: value });
          expect(
            [400, 404, 414],
            `${param}=${JSON.stringify(value).slice(0, 50)}: ${res.body.slice(0, 200)}`,
          ).toContain(res.statusCode);
          expectErrorBody(template, res.statusCode, res.json());
          if (res.statusCode === 400 && value !== '') {
            const message = (res.json().message ?? res.json().Message) as string;
            expect(message).toMatch(/^Invalid \w+/);
          }
        }
      });

      it(`never fail with a 5xx for random values of ${param}`, async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.stringMatching(/^[0-9]{1,12}$/)),
            async (value) => {
              const res = await call(template, { ...template.valid, [param]: value });
              expect(res.statusCode, `${param}=${JSON.stringify(value).slice(0, 50)}`).toBeLessThan(500);
              if (res.statusCode !== 200) expectErrorBody(template, res.statusCode, res.json());
            },
          ),
          { numRuns: 60 },
        );
      });
    }
  },
);

it('answers a broken percent-encoding with a 400 JSON body', async () => {
  const res = await t.app.inject({
    url: '/api/FundPriceService/AllFundPrices/%E0%A4%A/01/2026',
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, message: expect.any(String) });
});
