import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkokToday } from '../../src/domain/dates.js';
import type { TestApp } from '../helpers/app.js';
import { answerLookups, getOverHttp } from '../helpers/answers.js';
import { createPortalApp, signedUpDeveloper, type Browser } from './helpers.js';

// A subscription's request log (issue 54, item 14): each keyed call with its time, operation, path
// without the key, status, duration and X-Request-Id, on the framework's path and the fast path,
// filtered, paged and as CSV, another developer's 404, bounded by REQUEST_LOG_MAX_ROWS and 30 days.

const LATEST = '/api/FundPriceService/LatestDate';
let t: TestApp;
let clock = new Date();
let productId: number;

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t.adminToken}` },
    ...(payload !== undefined && { payload: payload as object }),
  });

async function subscribed(browser: Browser): Promise<{ id: number; key: string }> {
  const res = await browser.post('/subscriptions', { productId, name: 'app', acceptTerms: true });
  expect(res.statusCode).toBe(201);
  return { id: res.json().subscription.id, key: res.json().primaryKey };
}

beforeAll(async () => {
  t = await createPortalApp({ now: () => clock, config: { requestLogMaxRows: 6 } });
  productId = (await admin('POST', '/admin/products', { name: 'open', perDeveloper: 5 })).json().id;
  await admin('POST', `/admin/products/${productId}/publish`);
});
afterAll(() => t.close());

describe('request log', () => {
  it("lists a new key's calls newest first, with their X-Request-Id and no key in the path", async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    const first = await t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });
    const second = await t.app.inject({ url: `/api/FundPriceService/LatestDate?subscription-key=${key}` });
    const missing = await t.app.inject({
      url: '/api/nothing-here',
      headers: { 'ocp-apim-subscription-key': key },
    });
    expect(first.statusCode).toBe(200);
    const res = await browser.get(`/subscriptions/${id}/requests`);
    expect(res.statusCode).toBe(200);
    const { requests } = res.json();
    expect(missing.statusCode).toBe(404);
    // An unknown path names no operation: it is not in the log.
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({
      operation: 'LatestDate',
      path: LATEST,
      status: 200,
      requestId: first.headers['x-request-id'],
    });
    expect(requests[1].ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(requests[1].time)).toBe(clock.getTime());
    expect(requests[0].requestId).toBe(second.headers['x-request-id']);
    expect(requests[0].path).not.toContain(key);
    expect(requests[0].path).toContain('subscription-key=[redacted]');
    expect(JSON.stringify(res.json())).not.toContain(key);
  });

  it('logs calls the fast path answers (over HTTP) too', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const before = (await answerLookups(t.gateway)).hit_direct ?? 0;
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const answer = await getOverHttp(`http://127.0.0.1:${address.port}${LATEST}`, {
        'ocp-apim-subscription-key': key,
      });
      ids.push(answer.headers['x-request-id']);
    }
    expect((await answerLookups(t.gateway)).hit_direct ?? 0).toBeGreaterThan(before);
    const { requests } = (await browser.get(`/subscriptions/${id}/requests`)).json();
    expect(requests.map((r: { requestId: string }) => r.requestId)).toEqual(ids.reverse());
  });

  it('filters by status class, operation and day, pages, and gives CSV', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    const call = (url: string) => t.app.inject({ url, headers: { 'ocp-apim-subscription-key': key } });
    await call(LATEST);
    expect(
      (await call('/api/FundPriceService/FundPrice_ByFundCode/101/02/01/2026/01/01/2026')).statusCode,
    ).toBe(400);
    await call(LATEST);
    await call(LATEST);
    const all = (await browser.get(`/subscriptions/${id}/requests`)).json();
    expect(all.requests).toHaveLength(4);
    expect(all.operations).toContain('LatestDate');

    const bad = (await browser.get(`/subscriptions/${id}/requests?status=4xx`)).json().requests;
    expect(bad).toHaveLength(1);
    expect(bad[0].status).toBeGreaterThanOrEqual(400);
    const latest = await browser.get(`/subscriptions/${id}/requests?operation=LatestDate`);
    expect(latest.json().requests).toHaveLength(3);
    // The filter's day is Bangkok's: from 17:00 UTC on, the UTC date of the time is a day behind.
    const day = bangkokToday(new Date(all.requests[0].time));
    expect((await browser.get(`/subscriptions/${id}/requests?day=2001-01-01`)).json().requests).toEqual([]);
    expect(
      (await browser.get(`/subscriptions/${id}/requests?status=2xx&day=${day}`)).json().requests.length,
    ).toBe(3);

    const page1 = (await browser.get(`/subscriptions/${id}/requests?limit=3`)).json();
    expect(page1.requests).toHaveLength(3);
    const page2 = (await browser.get(`/subscriptions/${id}/requests?limit=3&before=${page1.next}`)).json();
    expect(page2.requests).toEqual(all.requests.slice(3));
    expect(page2.next).toBeNull();

    const csv = await browser.get(`/subscriptions/${id}/requests.csv?status=2xx`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('time,operation,path,status,ms,requestId');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(all.requests[0].requestId);

    expect((await browser.get(`/subscriptions/${id}/requests?status=9xx`)).statusCode).toBe(400);
  });

  it('writes no rows for a subscription no developer can read, until one is given it', async () => {
    // An operator's key without a developer: its calls are in the access log, and no page shows a
    // request log for it, so writing one would only cost (the bench's keys are such keys).
    const made = await admin('POST', '/admin/subscriptions', { name: 'partner' });
    expect(made.statusCode).toBe(201);
    const { subscription, primaryKey } = made.json();
    const rowsOf = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('request_log')
            .select((eb) => eb.fn.countAll<number>().as('rows'))
            .where('subscription_id', '=', subscription.id)
            .executeTakeFirstOrThrow()
        ).rows,
      );
    const call = () => t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': primaryKey } });
    expect((await call()).statusCode).toBe(200);
    await t.gateway.requestLog.flush();
    expect(await rowsOf()).toBe(0);

    const { email } = await signedUpDeveloper(t);
    const developer = await t.store.db
      .selectFrom('developers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const given = await t.app.inject({
      method: 'PATCH',
      url: `/admin/subscriptions/${subscription.id}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { developerId: Number(developer.id) },
    });
    expect(given.statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await t.gateway.requestLog.flush();
    expect(await rowsOf()).toBe(1);
  });

  it("answers 404 for another developer's subscription", async () => {
    const owner = await signedUpDeveloper(t);
    const { id } = await subscribed(owner.browser);
    const other = await signedUpDeveloper(t);
    expect((await other.browser.get(`/subscriptions/${id}/requests`)).statusCode).toBe(404);
    expect((await other.browser.get(`/subscriptions/${id}/requests.csv`)).statusCode).toBe(404);
  });

  it('keeps at most REQUEST_LOG_MAX_ROWS a subscription, and 30 days', async () => {
    const { browser } = await signedUpDeveloper(t);
    const { id, key } = await subscribed(browser);
    const ids = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });
      ids.push(res.headers['x-request-id']);
      if (i === 4) await t.gateway.requestLog.flush();
    }
    const kept = (await browser.get(`/subscriptions/${id}/requests`)).json().requests;
    expect(kept.map((r: { requestId: string }) => r.requestId)).toEqual(ids.slice(-6).reverse());

    // 31 days on, those calls are gone; the day's new one stays.
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    const fresh = await t.app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });
    await t.gateway.requestLog.flush();
    const { rows } = (await t.store.db
      .selectFrom('request_log')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .where('subscription_id', '=', id)
      .executeTakeFirstOrThrow()) as { rows: number };
    expect(Number(rows)).toBe(1);
    expect(fresh.statusCode).toBe(200);
  });
});
