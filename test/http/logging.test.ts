import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { midThisMinute } from '../helpers/clock.js';
import { captureLog } from '../helpers/log.js';

const log = captureLog();
const { lines } = log;
let t: TestApp;
// A test below expects its second call within a 60 s rate window to be refused: two calls on the real
// clock straddled a window in CI (200, 200 on PostgreSQL).
const clock = midThisMinute();
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, keyGuessLimit: 3, now: clock.now });
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

    const records = await log.recordsFor([byHeader, byQuery, wrong].map((r) => r.headers['x-request-id']));
    // One line per request, with the request and its outcome in it.
    for (const res of [byHeader, byQuery, wrong]) {
      const mine = records.filter((r) => r.reqId === res.headers['x-request-id']);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: 'request completed', res: { statusCode: res.statusCode } });
      expect(mine[0]!.req?.url).toMatch(/^\/api\/FundPriceService\/LatestDate/);
    }
    expect(
      records.some((r) => r.req?.url === '/api/FundPriceService/LatestDate?x=1&subscription-key=[redacted]'),
    ).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(t.key);
    expect(all).not.toContain('wrong-key-123');
  });

  it('mask a key and an admin token by their decoded names, whatever their spelling in the URL', async () => {
    const calls = [
      `/api/FundPriceService/LatestDate?subscription%2Dkey=${t.key}`,
      `/api/FundPriceService/LatestDate?subscription%2dkey=${t.key}&x=1`,
      `/api/FundPriceService/LatestDate?x=1&%73%75bscription-key=${t.key}`,
      `/admin/subscriptions?token=${t.adminToken}`,
      `/admin/subscriptions?x=1&%74oken=${t.adminToken}`,
    ];
    const answers = await Promise.all(calls.map((url) => t.app.inject({ url })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 401]);
    const urls = (await log.recordsFor(answers.map((a) => a.headers['x-request-id'])))
      .filter((r) => answers.some((a) => a.headers['x-request-id'] === r.reqId))
      .map((r) => r.req?.url);
    expect(urls.sort()).toEqual(
      [
        '/api/FundPriceService/LatestDate?subscription%2Dkey=[redacted]',
        '/api/FundPriceService/LatestDate?subscription%2dkey=[redacted]&x=1',
        '/api/FundPriceService/LatestDate?x=1&%73%75bscription-key=[redacted]',
        '/admin/subscriptions?token=[redacted]',
        '/admin/subscriptions?x=1&%74oken=[redacted]',
      ].sort(),
    );
    const all = lines.join('\n');
    expect(all).not.toContain(t.key);
    expect(all).not.toContain(t.adminToken);
  });

  it('never contain a key through refusals, rotation and the admin API', async () => {
    const admin = { authorization: `Bearer ${t.adminToken}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/subscriptions',
      headers: admin,
      payload: { name: 'logged', rateLimit: { calls: 1, periodSeconds: 60 } },
    });
    const { subscription, primaryKey, secondaryKey } = created.json();
    const url = '/api/FundPriceService/LatestDate';
    const ids: unknown[] = [];
    const call = async (options: InjectOptions) => {
      const answer = await t.app.inject(options);
      ids.push(answer.headers['x-request-id']);
      return answer;
    };
    const statuses = [
      (await call({ url: `${url}?subscription-key=${primaryKey}` })).statusCode,
      (await call({ url: `${url}?subscription-key=${primaryKey}` })).statusCode,
    ];
    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/admin/subscriptions/${subscription.id}/keys/primary/regenerate`,
      headers: admin,
    });
    const newKey: string = regenerated.json().key;
    const guesses = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)];
    for (const guess of guesses)
      statuses.push((await call({ url: `${url}?subscription-key=${guess}` })).statusCode);
    statuses.push((await call({ url, headers: { 'ocp-apim-subscription-key': primaryKey } })).statusCode);
    await t.gateway.usage.flush();
    expect(statuses).toEqual([200, 429, 401, 401, 429, 429]);
    await log.recordsFor(ids);

    const all = lines.join('\n');
    for (const secret of [primaryKey, secondaryKey, newKey, t.adminToken, ...guesses]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('subscription-key=[redacted]');
  });
});
