import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { gatewaySettings, startGateway, type Gateway } from '../../src/gateway/index.js';
import type { TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { deleteKeys, needsRedis, redisForTest, TEST_REDIS_URL } from '../helpers/redis.js';
import { Browser, createPortalApp, signedUpDeveloper } from './helpers.js';

// Two nodes over one database and one Redis, polling off (an hour): a portal session made on one is
// served by the other, and a key the portal regenerates or cancels on one stops on the other by the
// change notice, within a second.

const NO_POLLING = 3_600_000;
const LATEST = '/api/FundPriceService/LatestDate';
const redis = redisForTest('closed');
let a: TestApp;
let b: { app: FastifyInstance; gateway: Gateway };

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  const gateway = { redis, pollMs: NO_POLLING };
  a = await createPortalApp({ gateway });
  const bGateway = await startGateway({ ...gatewaySettings(testConfig()), store: a.store, ...gateway });
  b = {
    app: await buildApp({ config: testConfig({ dataDir: a.dir }), store: a.store, gateway: bGateway }),
    gateway: bGateway,
  };
  const product = await a.app.inject({
    method: 'POST',
    url: '/admin/products',
    headers: { authorization: `Bearer ${a.adminToken}` },
    payload: { name: 'open', rateLimit: null },
  });
  await a.app.inject({
    method: 'POST',
    url: `/admin/products/${product.json().id}/publish`,
    headers: { authorization: `Bearer ${a.adminToken}` },
  });
});
afterAll(async () => {
  if (!TEST_REDIS_URL) return;
  await b.app.close();
  await b.gateway.close();
  await a.close();
  await deleteKeys(redis);
});

const call = (app: FastifyInstance, key: string) =>
  app.inject({ url: LATEST, headers: { 'ocp-apim-subscription-key': key } });

async function msUntil(app: FastifyInstance, key: string, status: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await call(app, key)).statusCode === status) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${status} within 3 s`);
}

describe.skipIf(!TEST_REDIS_URL)(needsRedis('the portal on two nodes'), () => {
  it('a session made on one node is valid on the other', async () => {
    const { browser } = await signedUpDeveloper(a);
    const onB = new Browser(b.app, browser.address);
    onB.cookies = new Map(browser.cookies);
    onB.csrf = browser.csrf;
    expect((await onB.get('/me')).statusCode).toBe(200);
    expect((await onB.patch('/me', { name: 'From B' })).statusCode).toBe(200);
    expect((await browser.get('/me')).json().name).toBe('From B');
  });

  it('a key regenerated on one node stops on the other within a second; a cancelled one too', async () => {
    const { browser } = await signedUpDeveloper(a);
    const productId = (await browser.get('/products')).json()[0].id;
    const created = (
      await browser.post('/subscriptions', { productId, name: 'x', acceptTerms: true })
    ).json();
    expect((await call(b.app, created.primaryKey)).statusCode).toBe(200); // cached on node b
    const { key } = (
      await browser.post(`/subscriptions/${created.subscription.id}/regenerate`, { which: 'primary' })
    ).json();
    expect(await msUntil(b.app, created.primaryKey, 401)).toBeLessThan(1000);
    expect((await call(b.app, key)).statusCode).toBe(200);
    await browser.post(`/subscriptions/${created.subscription.id}/cancel`);
    expect(await msUntil(b.app, key, 401)).toBeLessThan(1000);
  });
});
