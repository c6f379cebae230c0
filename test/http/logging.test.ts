import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ logStream: stream });
});
afterAll(async () => t.close());

describe('request logs', () => {
  it('name the request id of the answer and never contain a key', async () => {
    const byHeader = await t.app.inject({
      url: '/api/FundPriceService/LatestDate',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    const byQuery = await t.app.inject({
      url: `/api/FundPriceService/LatestDate?x=1&subscription-key=${t.key}`,
    });
    const wrong = await t.app.inject({
      url: '/api/FundPriceService/LatestDate?subscription-key=wrong-key-123',
    });
    expect([byHeader.statusCode, byQuery.statusCode, wrong.statusCode]).toEqual([200, 200, 401]);

    const records = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    for (const res of [byHeader, byQuery, wrong]) {
      const id = res.headers['x-request-id'];
      expect(records.filter((r) => r.reqId === id).length).toBeGreaterThanOrEqual(2);
    }
    expect(
      records.some((r) => r.req?.url === '/api/FundPriceService/LatestDate?x=1&subscription-key=[redacted]'),
    ).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(t.key);
    expect(all).not.toContain('wrong-key-123');
  });
});
