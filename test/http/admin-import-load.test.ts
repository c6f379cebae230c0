import { mkdtempSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// Uploads are spooled under the temp folder: one of this file's own, so the tests can see what is left.
// Set for this file only: the next file in the same test worker has the usual one.
const spoolDir = mkdtempSync(join(tmpdir(), 'rates-spool-test-'));

let t: TestApp;
beforeAll(async () => {
  vi.stubEnv('TMPDIR', spoolDir);
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  vi.unstubAllEnvs();
});

const HEADER = 'fund,date,nav,offer,redemption\n';

/** Prices of three funds, one a day from `first` on: `days` × 3 rows. */
function priceCsv(first: string, days: number): string {
  const lines = [HEADER];
  for (let d = 0; d < days; d++) {
    const date = addDays(first, d);
    for (const fund of [FUNDS.treasury, FUNDS.global, FUNDS.equity]) {
      lines.push(`${fund.code},${date},10.${d % 1000},11,10\n`);
    }
  }
  return lines.join('');
}

const publish = (payload: string | Readable, contentType = 'text/csv') =>
  postBatch(t, 'fund-prices', payload, contentType);

const priceOn = (date: string) =>
  t.app.inject({
    url: `/api/FundPriceService/FundPrice_ByFundCode/${FUNDS.equity.code}/${dmy(date)}/${dmy(date)}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });

const batchCount = async () =>
  (
    await t.store.db
      .selectFrom('batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const spooled = () => readdirSync(spoolDir).filter((name) => name.startsWith('rates-upload-'));

describe('an admin import beside the API', () => {
  it('keeps answering API calls while a large batch is imported, then serves the new data at once', async () => {
    // A first small batch, so that nothing loaded once (modules, statements) is left to the big one.
    expect((await publish(`${HEADER}${FUNDS.equity.code},1960-01-04,10,11,10\n`)).statusCode).toBe(201);
    const days = 10_000;
    const first = '1961-01-01';
    const last = addDays(first, days - 1);
    const csv = priceCsv(first, days);
    // Cached before the batch: the answer cache must let it go when the batch commits.
    expect((await priceOn(last)).json()).toEqual([]);

    let done = false;
    const importing = publish(csv).finally(() => (done = true));
    // An API call after another, each after a turn of the event loop, until the import answers. On
    // a loop held by the import (parsing, checking, writing on the server's thread) none of them is
    // answered before the import is; with the import elsewhere they go on being answered throughout.
    let answeredDuring = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      const res = await priceOn(last);
      expect(res.statusCode).toBe(200);
      if (!done) answeredDuring++;
    }
    const res = await importing;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'committed', rowsRead: days * 3, inserted: days * 3 });
    expect(answeredDuring).toBeGreaterThanOrEqual(50);
    expect((await priceOn(last)).json()).toMatchObject([{ mfr_fNav: Number(`10.${(days - 1) % 1000}`) }]);
    expect(spooled()).toEqual([]);
  });

  it('refuses a body over the limit that declares no length (413) as it streams in, keeping nothing', async () => {
    const small = await createTestApp({ config: { adminBodyLimit: 64 * 1024 } });
    try {
      const before = await batchCount();
      // No Content-Length: the limit can only be found while reading.
      const body = Readable.from(
        (function* () {
          yield HEADER;
          for (let i = 0; i < 5000; i++) yield `${FUNDS.equity.code},1970-01-01,10,11,10\n`;
        })(),
      );
      const res = await postBatch(small, 'fund-prices', body);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ statusCode: 413, message: expect.any(String) });
      expect(await batchCount()).toBe(before);
      expect(spooled()).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('keeps nothing of an upload whose client goes away before its end', async () => {
    const before = await batchCount();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/admin/batches?type=fund-prices',
      headers: {
        authorization: `Bearer ${t.adminToken}`,
        'content-type': 'text/csv',
        'content-length': 10_000_000,
      },
    });
    req.on('error', () => undefined);
    req.write(priceCsv('1920-01-01', 2000));
    // Gone once the server has begun to spool the upload.
    await vi.waitFor(() => expect(spooled()).not.toEqual([]), { timeout: 10_000 });
    req.destroy();
    await vi.waitFor(() => expect(spooled()).toEqual([]), { timeout: 10_000 });
    expect(await batchCount()).toBe(before);
    const served = await priceOn('1920-01-01');
    expect(served.json()).toEqual([]);
  });
});
