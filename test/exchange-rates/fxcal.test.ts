import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOverHttp } from '../helpers/answers.js';
import { createTestApp, dmy, postBatch, type TestApp } from '../helpers/app.js';
import { MISSING_KEY } from '../helpers/operations.js';

// FxCal (contract notes: the newer website), the newer site's converter: Convert's converted amount alone, as a JSON string
// with at most 4 decimals, on the fixture's rates (see exchange-rates-website.test.ts): round 3 of the
// latest day has USD50 TT 32.43 and Bill_DD_TT 32.78, JPY TT 21.25 and Bill_DD_TT 21.80 per 100; GBP
// has no rates.

const SITE = 'https://www.bank.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const FX = '/api/ExchangeRateService';
const get = (path: string, headers: Record<string, string> = { 'ocp-apim-subscription-key': t.key }) =>
  t.app.inject({ url: `${FX}/${path}`, headers });
/** FxCal's answer to `path`: its exact body must be a JSON string. */
const fxCal = async (path: string): Promise<string> => {
  const res = await get(`FxCal/${path}`);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.body, path).toMatch(/^"[0-9]+(\.[0-9]{0,3}[1-9])?"$/);
  return res.json() as string;
};
const refused = async (path: string, message: string) => {
  const res = await get(path);
  expect(res.statusCode, path).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, message });
};

describe('FxCal', () => {
  it("answers Convert's amount as a string, at most 4 decimals, trailing zeros dropped, no grouping", async () => {
    // Worked by hand from round 3, rounded half up to 4 places.
    const cases: [string, string][] = [
      ['100/USD/THB', '3243'], // 100 x 32.43
      ['1234.56/usd/thb', '40036.7808'], // exactly
      ['1000/THB/USD', '30.5064'], // 1000 / 32.78 = 30.50640...
      ['10000/JPY/THB', '2125'], // 10000 x 21.25 / 100
      ['2/jpy/THB', '0.425'],
      ['1000/THB/JPY', '4587.156'], // 1000 x 100 / 21.80 = 4587.15596...: 4587.1560
      ['100/USD/JPY', '14876.1468'], // 100 x 32.43 x 100 / 21.80 = 14876.14678...
      ['.5/USD/THB', '16.215'], // Convert rounds this to 16.22
      ['0.00001/USD/THB', '0.0003'], // 0.0003243
      ['1000000000000/USD/THB', '32430000000000'],
      ['100/USD/USD', '100'],
      ['1/THB/thb', '1'],
    ];
    for (const [path, amount] of cases) expect(await fxCal(path), path).toBe(amount);
  });

  it('is the amount Convert answers, before Convert rounds it to 2 decimals', async () => {
    for (const path of ['1234.56/USD/THB', '1000/THB/JPY', '100/USD/JPY', '7/JPY/USD']) {
      const converted = (await get(`Convert/${path}`)).json().convertedAmount as number;
      expect(Number(await fxCal(path)).toFixed(2), path).toBe(converted.toFixed(2));
    }
  });

  it("refuses what Convert refuses, with Convert's messages", async () => {
    await refused(
      'FxCal/100/XYZ/THB',
      "Invalid from: expected THB or a currency with a buying TT rate, such as USD or JPY, got 'XYZ'",
    );
    await refused(
      'FxCal/100/THB/GBP',
      "Invalid to: expected THB or a currency with a selling (Bill_DD_TT) rate, such as USD or JPY, got 'GBP'",
    );
    await refused(
      'FxCal/100/THB/US',
      "Invalid to: expected a three-letter currency code such as USD or THB, got 'US'",
    );
    for (const bad of ['0', '1000000000000.01', 'abc', '1e5', '-5', '1,000']) {
      await refused(
        `FxCal/${bad}/USD/THB`,
        `Invalid amount: expected a decimal above 0 and at most 1000000000000, got '${bad}'`,
      );
    }
  });

  it('answers without a key, readable from the site, once public access opens ExchangeRateService', async () => {
    const path = 'FxCal/100/USD/THB';
    expect((await get(path, {})).json()).toEqual(MISSING_KEY);
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/admin/public-access',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: {
        groups: ['exchangerateservice'],
        origins: [SITE],
        rateLimit: { calls: 1000, periodSeconds: 60 },
        quota: null,
      },
    });
    expect(opened.statusCode).toBe(200);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${FX}/${path}`,
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    // Over HTTP twice: the framework's answer, then the fast path's from the answer cache.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 2; i++) {
      const res = await getOverHttp(`${base}${FX}/${path}`, { origin: SITE });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(SITE);
      expect(JSON.parse(res.body.toString())).toBe('3243');
    }
  });

  it('answers the new rates as soon as an FX batch commits', async () => {
    const path = '100/usd/JPY';
    // Twice: the second from the answer cache.
    expect(await fxCal(path)).toBe('14876.1468');
    expect(await fxCal(path)).toBe('14876.1468');
    const batch = await postBatch(
      t,
      'fx-rates',
      [
        'family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt',
        `USD50,${t.fixture.latest},4,16:45,30.1,30.9,30.2,30.8,30.3`,
        '',
      ].join('\n'),
    );
    expect(batch.json()).toMatchObject({ status: 'committed' });
    // 100 x 30.30 x 100 / 21.80 = 13899.08256...
    expect(await fxCal(path)).toBe('13899.0826');
    expect((await get('GetfxratesLastUpdate')).json()).toEqual([
      { Update: '4', Time: '16:45', Day: dmy(t.fixture.latest) },
    ]);
  });
});
