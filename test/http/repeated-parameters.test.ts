import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';

// A parameter given twice arrives as a list; every answer is then 400 naming it, never a 500.

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream });
});
afterAll(async () => t.close());

const nav = (query: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/FundPriceService/GetNavByFundCode/2026-01-01/2026-01-31?${query}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });

describe('a query parameter given more than once', () => {
  it.each(['fundCode=101&fundCode=102', 'fundCode=101&fundCode=', 'fundCode=&fundCode=101'])(
    'GetNavByFundCode?%s: 400 in its envelope, naming fundCode, and no error logged',
    async (query) => {
      const res = await nav(query);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ NAVList: [], Success: false, FundCode: '' });
      expect(body.Message).toMatch(/^Invalid fundCode: expected .*once/);
      expect(log.lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    },
  );

  it('an admin usage filter given twice: 400 naming it', async () => {
    const res = await t.app.inject({
      url: '/admin/usage?from=2026-01-01&from=2026-02-01',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid from: expected .*once/);
  });
});
