import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_CODES, MARKET_ROWS_A_DAY } from '../../src/domain/market-summary.js';
import { addDays } from '../../src/domain/dates.js';
import { KeyRepository } from '../../src/store/key-repo.js';
import { UsageRepository } from '../../src/store/usage-repo.js';
import { createTestApp, dmy, postBatch, type TestApp } from '../helpers/app.js';
import { MISSING_KEY } from '../helpers/operations.js';

// GetMarketsum (contract notes: the newer website): the latest daily market summary of the bank's newer site, from the
// market-summary import type, in a service group of its own (keys, public access, usage, metrics),
// cached and served fresh after a batch.

const URL = '/api/MarketService/GetMarketsum';
const EXAMPLE = readFileSync('examples/market-summary.csv', 'utf8');
const SITE = 'https://www.bank.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (headers: Record<string, string> = { 'ocp-apim-subscription-key': t.key }) =>
  t.app.inject({ url: URL, headers });

type Summary = [{ mktdate: string }[], { mktcode: string; mktno: string; mktvalue: string }[]];
const summary = async () => {
  const res = await get();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as Summary;
};

describe('GetMarketsum', () => {
  it('answers [[], []] before any summary', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[[],[]]');
  });

  it('serves the example file once imported: the day, then every value by code (as strings) then number', async () => {
    const res = await postBatch(t, 'market-summary', EXAMPLE);
    expect(res.json()).toMatchObject({ status: 'committed', rowsRead: 60, inserted: 60 });
    const [days, rows] = await summary();
    expect(days).toEqual([{ mktdate: '20/11/2026' }]);
    expect(rows).toHaveLength(MARKET_ROWS_A_DAY);
    expect(Object.keys(rows[0]!)).toEqual(['mktcode', 'mktno', 'mktvalue']);
    const order = rows.map((r) => `${r.mktcode} ${r.mktno}`);
    const sorted = MARKET_CODES.map((c) => c.code)
      .sort()
      .flatMap((code) => {
        const { count } = MARKET_CODES.find((c) => c.code === code)!;
        return Array.from({ length: count }, (_, i) => `${code} ${i + 1}`);
      });
    // CMST, FXMO, FXR, GTHB, ...; WI's 10, 11 and 12 after its 9 (numbers compare as numbers).
    expect(order).toEqual(sorted);
    expect(order.slice(0, 4)).toEqual(['CMST 1', 'CMST 2', 'CMST 3', 'FXMO 1']);
    expect(order.slice(-4)).toEqual(['WI 9', 'WI 10', 'WI 11', 'WI 12']);
    // Values as written in the file, the outlooks' HTML included.
    expect(rows.find((r) => r.mktcode === 'RR' && r.mktno === '1')!.mktvalue).toBe('33.6838');
    expect(rows.find((r) => r.mktcode === 'WI' && r.mktno === '1')!.mktvalue).toBe('40,661.07');
    expect(rows.find((r) => r.mktcode === 'FXMO' && r.mktno === '2')!.mktvalue).toBe(
      '<ul><li>Support: 33.50</li><li>Resistance: 33.80</li></ul>',
    );
    for (const r of rows) expect(typeof r.mktno).toBe('string');
  });

  it('serves a later day as soon as its batch commits, and keeps a correction as a revision', async () => {
    const cached = await get();
    expect(cached.headers.etag).toBeDefined();
    const day = addDays(t.fixture.today, -1);
    const json = MARKET_CODES.flatMap(({ code, count }) =>
      Array.from({ length: count }, (_, i) => ({
        date: day,
        code,
        number: i + 1,
        value: code === 'FXMO' || code === 'TBMO' ? `<p>${code} ${i + 1}</p>` : `${i + 1}.5`,
      })),
    );
    const posted = await postBatch(t, 'market-summary', JSON.stringify(json), 'application/json');
    expect(posted.json()).toMatchObject({ status: 'committed', inserted: 60 });
    const [days, rows] = await summary();
    expect(days).toEqual([{ mktdate: dmy(day) }]);
    expect(rows.find((r) => r.mktcode === 'THBR')).toEqual({ mktcode: 'THBR', mktno: '1', mktvalue: '1.5' });

    // NDJSON: one corrected value of that day.
    const nd = await postBatch(
      t,
      'market-summary',
      `{"date":"${day}","code":"THBR","number":1,"value":"1.25"}\n`,
      'application/x-ndjson',
    );
    expect(nd.json()).toMatchObject({ status: 'committed', changed: 1, revisions: 1 });
    const [, corrected] = await summary();
    expect(corrected.find((r) => r.mktcode === 'THBR')!.mktvalue).toBe('1.25');
    expect(corrected).toHaveLength(60);
    // The history of the admin API: the served value, then the one it replaced, with their batches.
    const history = (query: string) =>
      t.app.inject({
        url: `/admin/history/market-summary?${query}`,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
    expect((await history(`date=${day}&code=THBR`)).json()).toEqual([
      {
        served: true,
        batchId: nd.json().batchId,
        replacedByBatchId: null,
        replacedAt: null,
        values: { code: 'THBR', number: 1, value: '1.25' },
      },
      {
        served: false,
        batchId: posted.json().batchId,
        replacedByBatchId: nd.json().batchId,
        replacedAt: expect.any(String),
        values: { code: 'THBR', number: 1, value: '1.5' },
      },
    ]);
    const whole = (await history(`date=${day}`)).json() as { served: boolean; values: object }[];
    expect(whole.filter((e) => e.served)).toHaveLength(60);
    expect(whole.filter((e) => !e.served)).toHaveLength(1);
    expect(whole[0]!.values).toEqual({ code: 'CMST', number: 1, value: '1.5' });
    expect((await history('date=2000-01-01')).json()).toEqual([]);
    // Codes are case-sensitive: rr names no value.
    expect((await history(`date=${day}&code=rr`)).json()).toEqual([]);
    // The same batch again changes nothing.
    const again = await postBatch(
      t,
      'market-summary',
      `{"date":"${day}","code":"THBR","number":1,"value":"1.25"}\n`,
      'application/x-ndjson',
    );
    expect(again.json()).toMatchObject({ status: 'unchanged', unchanged: 1 });
  });

  it('is a service group of its own: a key limited to other groups gets 401, one for MarketService 200', async () => {
    const keys = new KeyRepository(t.store.db);
    const other = await keys.create('fx only', null, new Date(), { groups: 'ExchangeRateService' });
    const refused = await get({ 'ocp-apim-subscription-key': other.primaryKey });
    expect(refused.statusCode).toBe(401);
    const market = await keys.create('market', null, new Date(), { groups: 'MarketService' });
    expect((await get({ 'ocp-apim-subscription-key': market.primaryKey })).statusCode).toBe(200);
    // Counted under its operation, for usage and metrics.
    await t.gateway.usage.flush();
    const usage = await new UsageRepository(t.store.db).report({ subscriptionId: market.subscription.id });
    expect(usage.map((r) => [r.operation, r.statusClass, r.count])).toEqual([['GetMarketsum', '2xx', 1]]);
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /^rates_http_requests_total\{operation="GetMarketsum",status="200"\} [1-9]/m,
    );
  });

  it('opens to calls without a key from the site, with CORS, when public access lists MarketService', async () => {
    expect((await get({})).json()).toEqual(MISSING_KEY);
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/admin/public-access',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: {
        groups: ['marketservice'],
        origins: [SITE],
        rateLimit: { calls: 100, periodSeconds: 60 },
        quota: null,
      },
    });
    expect(opened.json()).toMatchObject({ open: true, groups: ['MarketService'] });
    const res = await get({ origin: SITE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SITE);
    expect((res.json() as Summary)[1]).toHaveLength(60);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: URL,
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    // Other groups stay closed.
    const fx = await t.app.inject({ url: '/api/ExchangeRateService/Getfxfamily', headers: { origin: SITE } });
    expect(fx.statusCode).toBe(401);
  });
});
