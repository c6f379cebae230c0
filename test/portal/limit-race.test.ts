import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { gatewaySettings, startGateway, type Gateway } from '../../src/gateway/index.js';
import { openStore, type Store } from '../../src/store/db.js';
import type { TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { databaseUrlOf } from '../helpers/store.js';
import { Browser, createPortalApp, signedUpDeveloper } from './helpers.js';

// A product's per-developer limit holds under concurrent subscribing on two nodes, each with its own
// connection to one database (a SQLite file, or a PostgreSQL schema): issue 54, break 1.

let a: TestApp;
let b: { app: FastifyInstance; gateway: Gateway; store: Store };

const admin = (payload: object) =>
  a.app.inject({
    method: 'POST',
    url: '/admin/products',
    headers: { authorization: `Bearer ${a.adminToken}` },
    payload,
  });
async function product(settings: object): Promise<number> {
  const id = (await admin({ rateLimit: null, ...settings })).json().id as number;
  await a.app.inject({
    method: 'POST',
    url: `/admin/products/${id}/publish`,
    headers: { authorization: `Bearer ${a.adminToken}` },
  });
  return id;
}

beforeAll(async () => {
  a = await createPortalApp();
  // Node b opens the database anew, as another server process would.
  const store = openStore(databaseUrlOf(a.store), { busyTimeoutMs: 100 });
  const gateway = await startGateway({ ...gatewaySettings(testConfig()), store });
  const app = await buildApp({ config: testConfig({ dataDir: a.dir }), store, gateway });
  b = { app, gateway, store };
});
afterAll(async () => {
  await b.app.close();
  await b.gateway.close();
  await b.store.db.destroy();
  await a.close();
});

/** Ten subscriptions to `productId` at once, five through each node; the statuses answered. */
async function tenAtOnce(browser: Browser, productId: number): Promise<number[]> {
  const onB = new Browser(b.app, browser.address);
  onB.cookies = new Map(browser.cookies);
  onB.csrf = browser.csrf;
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? browser : onB).post('/subscriptions', {
        productId,
        name: `at once ${i}`,
        acceptTerms: true,
      }),
    ),
  );
  return answers.map((r) => r.statusCode).sort();
}

describe('the per-developer limit of a product on two nodes', () => {
  it('holds for active subscriptions: ten at once leave as many as the product allows', async () => {
    const productId = await product({ name: 'two each', perDeveloper: 2 });
    const { browser } = await signedUpDeveloper(a);
    const statuses = await tenAtOnce(browser, productId);
    expect(statuses).toEqual([201, 201, ...Array<number>(8).fill(409)]);
    const held = (await browser.get('/subscriptions')).json() as { state: string }[];
    expect(held.map((s) => s.state)).toEqual(['active', 'active']);
  });

  it('holds for subscriptions waiting for approval too', async () => {
    const productId = await product({ name: 'one each', perDeveloper: 1, approval: true });
    const { browser } = await signedUpDeveloper(a);
    const statuses = await tenAtOnce(browser, productId);
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const held = (await browser.get('/subscriptions')).json() as { state: string }[];
    expect(held.map((s) => s.state)).toEqual(['submitted']);
  });
});
