import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { KeyRepository } from '../../src/store/key-repo.js';
import { UsageRepository } from '../../src/store/usage-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TestClock } from '../helpers/clock.js';
import { openTestStore } from '../helpers/store.js';
import { testConfig } from '../helpers/config.js';

const clock = new TestClock(Date.parse('2026-05-01T16:59:59.000Z')); // Bangkok 2026-05-01 23:59:59
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const get = (url: string, key?: string) =>
  t.app.inject({ url, headers: key ? { 'ocp-apim-subscription-key': key } : {} });

describe('usage counting', () => {
  it('counts by Bangkok day, operation and status class, written in batches', async () => {
    const { subscription, primaryKey } = await new KeyRepository(t.store.db).create('usage');
    const usage = new UsageRepository(t.store.db);
    await get('/api/FundPriceService/LatestDate', primaryKey);
    await get('/api/ExchangeRateService/Getfxfamily', primaryKey);
    await get('/api/FundPriceService/AllFundPrices/1/13/2026', primaryKey);
    clock.advance(1000); // past Bangkok midnight
    await get('/api/FundPriceService/LatestDate', primaryKey);
    await get('/api/FundPriceService/LatestDate', primaryKey);

    // Nothing is written on the request path...
    expect(await usage.report({ subscriptionId: subscription.id })).toEqual([]);
    // ...but on the next flush.
    await t.gateway.usage.flush();
    const rows = await usage.report({ subscriptionId: subscription.id });
    expect(rows.map((r) => [r.day, r.operation, r.statusClass, r.count])).toEqual([
      ['2026-05-01', 'AllFundPrices', '4xx', 1],
      ['2026-05-01', 'Getfxfamily', '2xx', 1],
      ['2026-05-01', 'LatestDate', '2xx', 1],
      ['2026-05-02', 'LatestDate', '2xx', 2],
    ]);
    // Later flushes add to the stored totals.
    await get('/api/FundPriceService/LatestDate', primaryKey);
    await t.gateway.usage.flush();
    const latest = await usage.report({ subscriptionId: subscription.id, from: '2026-05-02' });
    expect(latest.map((r) => r.count)).toEqual([3]);
  });

  it('writes what is left when the app closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rates-usage-'));
    const store = await openTestStore(dir, 'u.db');
    try {
      const { subscription, primaryKey } = await new KeyRepository(store.db).create('closing');
      const app = await buildApp({
        config: testConfig({ usageFlushMs: 3_600_000 }),
        store,
      });
      for (let i = 0; i < 3; i++) {
        await app.inject({
          url: '/api/FundPriceService/LatestDate',
          headers: { 'ocp-apim-subscription-key': primaryKey },
        });
      }
      await app.close();
      const rows = await new UsageRepository(store.db).report({ subscriptionId: subscription.id });
      expect(rows.map((r) => [r.operation, r.count])).toEqual([['LatestDate', 3]]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/metrics', () => {
  it('answers without a key, in the Prometheus text format, with requests by operation and status', async () => {
    await get('/api/FundPriceService/LatestDate', t.key);
    await get('/api/FundPriceService/LatestDate');
    const res = await get('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^rates_http_requests_total\{operation="LatestDate",status="200"\} [1-9]/m);
    expect(res.body).toMatch(/^rates_http_requests_total\{operation="LatestDate",status="401"\} [1-9]/m);
    expect(res.body).toMatch(
      /^rates_http_request_duration_seconds_bucket\{le="0\.005",operation="LatestDate"\}/m,
    );
    expect(res.body).toMatch(/^rates_key_cache_lookups_total\{result="hit"\} [1-9]/m);
    expect(res.body).toMatch(/^rates_gateway_refusals_total\{reason="missing_key"\} [1-9]/m);
    expect(res.body).toContain('process_cpu_seconds_total');
  });
});
