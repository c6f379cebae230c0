import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, postBatch } from '../helpers/app.js';
import { onSqlite } from '../helpers/store.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const headers = () => ({ authorization: `Bearer ${t.adminToken}` });
const publish = (query: string, payload: string | Buffer, contentType = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: `/admin/batches?${query}`,
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
    payload,
  });

describe('POST /admin/batches', () => {
  it('publishes a CSV batch and answers 201 with the report', async () => {
    const res = await publish(
      'type=fund-prices',
      'fund,date,nav,offer,redemption\nB-EQUITY,2020-01-06,10.5,10.6,10.4\n',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'committed',
      rowsRead: 1,
      inserted: 1,
      errorCount: 0,
      errors: [],
    });
    const served = await t.app.inject({
      url: '/api/FundPriceService/FundPrice_ByFundCode/B-EQUITY/06/01/2020/06/01/2020',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(served.json()[0]).toMatchObject({ mfr_fNav: 10.5, l_ID: res.json().batchId });

    // The same rows again change nothing: 200, and no batch is made.
    const listed = async () => (await t.app.inject({ url: '/admin/batches', headers: headers() })).json();
    const before = await listed();
    const again = await publish(
      'type=fund-prices',
      'fund,date,nav,offer,redemption\nB-EQUITY,2020-01-06,10.5,10.6,10.4\n',
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'unchanged', batchId: null, rowsRead: 1, unchanged: 1 });
    expect(await listed()).toEqual(before);
  });

  it('takes JSON and NDJSON by content type', async () => {
    const json = await publish(
      'type=deposit-products',
      JSON.stringify([{ id: 77, name_en: 'Kids Savings', name_th: 'เงินฝากเด็ก', display_order: 7 }]),
      'application/json',
    );
    expect(json.statusCode).toBe(201);
    const nd = await publish(
      'type=deposit-rates',
      '{"product":77,"effective_date":"2026-01-01","rate":"1.10","submitted_at":"2025-12-20 09:00:00"}\n',
      'application/x-ndjson; charset=utf-8',
    );
    expect(nd.json()).toMatchObject({ status: 'committed', inserted: 1 });
  });

  it('answers 422 with the validation report and stores nothing', async () => {
    const res = await publish(
      'type=fund-prices',
      'fund,date,nav,offer,redemption\nB-EQUITY,2020-01-07,10.5,10.6,10.4\nB-EQUITY,2020-01-08,-1,1,1\n',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      errorCount: 1,
      errors: [
        { file: 'fund-prices.csv', line: 3, column: 'nav', reason: "expected a number above 0, got '-1'" },
      ],
    });
    const served = await t.app.inject({
      url: '/api/FundPriceService/FundPrice_ByFundCode/B-EQUITY/07/01/2020/08/01/2020',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(served.json()).toEqual([]);
  });

  it('refuses an unknown type, an unknown content type and a body over the limit', async () => {
    const type = await publish('type=prices', 'x');
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/^Invalid type: expected one of fund-categories/);
    const media = await publish('type=fund-prices', 'x', 'application/xml');
    expect(media.json()).toEqual({
      statusCode: 400,
      message:
        "Invalid Content-Type: expected one of text/csv, application/json, application/x-ndjson, application/jsonl, got 'application/xml'",
    });
    const small = await createTestApp();
    try {
      const big = await postBatch(small, 'fund-prices', Buffer.alloc(101 * 1024 * 1024, 97));
      expect(big.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });

  it.runIf(onSqlite)(
    "answers 503 with Retry-After while another process holds the write lock, and keeps serving reads (SQLite's file lock: SQLite only)",
    async () => {
      const other = new SQLite(t.store.location);
      other.exec('begin immediate');
      try {
        const res = await publish(
          'type=fund-prices',
          'fund,date,nav,offer,redemption\nB-EQUITY,2020-01-09,10.5,10.6,10.4\n',
        );
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          statusCode: 503,
          message: expect.stringMatching(/^The database is busy/),
        });
        const read = await t.app.inject({
          url: '/api/FundPriceService/LatestDate',
          headers: { 'ocp-apim-subscription-key': t.key },
        });
        expect(read.statusCode).toBe(200);
      } finally {
        other.exec('rollback');
        other.close();
      }
    },
  );

  it('lists batches newest first, rejected ones included', async () => {
    const res = await t.app.inject({
      url: '/admin/batches?limit=2',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.json().map((b: { status: string }) => b.status)).toEqual(['rejected', 'committed']);
  });

  it('names a 4 MB column cut as values are, so the 422 stays small', async () => {
    // Under the import's 8 MB from which its checks run in a thread of their own: from source (this
    // test), that thread cannot start inside the import's.
    const name = 'x'.repeat(4 * 1024 * 1024);
    const cut = `${'x'.repeat(40)}...`;
    const csv = await publish(
      'type=fund-prices',
      `fund,date,nav,offer,redemption,${name}\nB-EQUITY,2020-01-10,10.5,10.6,10.4,1\n`,
    );
    const json = await publish(
      'type=fund-prices',
      `[{"fund":"B-EQUITY","date":"2020-01-10","nav":10.5,"offer":10.6,"redemption":10.4,"${name}":1}]`,
      'application/json',
    );
    for (const res of [csv, json]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        {
          file: expect.any(String),
          line: 1,
          column: cut,
          reason: expect.stringMatching(/^unknown column; /),
        },
      ]);
      expect(res.body.length).toBeLessThan(1000);
    }
  });
});
