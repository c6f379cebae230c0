import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { openTestStore, testStore } from '../helpers/store.js';
import { fundRow } from '../helpers/rows.js';

// Batches large enough to take PostgreSQL's bulk path through all its turns: rows COPYed straight into
// the table in growing chunks (the first of 50,000 rows), a chunk that meets an existing key staged
// and merged instead, and a COPY left open between writes. SQLite must give the same results.

const dir = mkdtempSync(join(tmpdir(), 'rates-bulk-'));
let store: Store;

const EPOCH = Date.UTC(1950, 0, 1);
const day = (n: number) => new Date(EPOCH + n * 86_400_000).toISOString().slice(0, 10);
const price = (fund_id: number, n: number, nav = 10 + n / 1000) => ({
  fund_id,
  price_date: day(n),
  nav,
  offer: nav,
  redemption: nav,
  total_net_assets: n % 7 === 0 ? null : n * 1000,
});
/** `count` new prices of funds `funds`, a fund's days together (key order), starting at day `from`. */
const prices = (funds: number[], from: number, count: number) => {
  const perFund = Math.ceil(count / funds.length);
  return Array.from({ length: count }, (_, i) =>
    price(funds[Math.floor(i / perFund)]!, from + (i % perFund)),
  );
};

const count = async (fundIds: number[]) =>
  Number(
    (
      await store.db
        .selectFrom('fund_prices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('fund_id', 'in', fundIds)
        .executeTakeFirstOrThrow()
    ).n,
  );
const served = (fundId: number, n: number) =>
  store.db
    .selectFrom('fund_prices')
    .select(['nav', 'total_net_assets', 'batch_id'])
    .where('fund_id', '=', fundId)
    .where('price_date', '=', day(n))
    .executeTakeFirstOrThrow();
/** Revisions kept of one batch's rows (`batch_id`), or made by one batch (`replaced_by_batch_id`). */
const revisions = (by: 'batch_id' | 'replaced_by_batch_id', batchId: number) =>
  store.db
    .selectFrom('fund_price_revisions')
    .select(['fund_id', 'price_date', 'nav', 'batch_id', 'replaced_by_batch_id'])
    .where(by, '=', batchId)
    .execute();

beforeAll(async () => {
  store = await openTestStore(dir, 'bulk.db');
  await publishBatch(store, { kind: 'ref', source: 'test' }, async (w) => {
    await w.write('fund-categories', [{ id: 1, name_en: 'C', name_th: 'ค', display_order: 1 }]);
    await w.write('funds', [1, 2, 3, 4, 5, 6, 7, 8].map(fundRow));
    await w.write('fx-families', [
      { code: 'USD', description: 'USD', name: 'US Dollar', unit: 1, decimals: 4, display_order: 1 },
    ]);
  });
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('large versioned batches', { timeout: 120_000 }, () => {
  it('store a large batch of new prices whole, change nothing when it comes again, then revise one', async () => {
    const rows = prices([1, 2], 0, 120_000);
    const first = await publishBatch(store, { kind: 'fund-prices', source: 't' }, async (w) => {
      for (let i = 0; i < rows.length; i += 5000) await w.write('fund-prices', rows.slice(i, i + 5000));
    });
    expect(first.counts).toEqual({ inserted: 120_000, changed: 0, unchanged: 0 });
    expect(await count([1, 2])).toBe(120_000);
    expect(await served(2, 59_999)).toEqual({
      nav: 69.999,
      total_net_assets: 59_999_000,
      batch_id: first.batchId,
    });

    const again = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', rows),
    );
    expect(again.counts).toEqual({ inserted: 0, changed: 0, unchanged: 120_000 });
    expect(await served(2, 59_999)).toMatchObject({ batch_id: first.batchId });

    // The same rows with one value corrected: that one is revised, the rest left alone.
    const fix = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write(
        'fund-prices',
        rows.map((r, i) => (i === 70_000 ? { ...r, nav: 1, offer: 1, redemption: 1 } : r)),
      ),
    );
    expect(fix.counts).toEqual({ inserted: 0, changed: 1, unchanged: 119_999 });
    expect(await served(2, 10_000)).toMatchObject({ nav: 1, batch_id: fix.batchId });
    expect(await revisions('replaced_by_batch_id', fix.batchId!)).toEqual([
      {
        fund_id: 2,
        price_date: day(10_000),
        nav: 20,
        batch_id: first.batchId,
        replaced_by_batch_id: fix.batchId,
      },
    ]);
  });

  it('compare rows that exist after many new ones, keep revisions, and let the last row of a key win', async () => {
    const old = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(3, 0, 5), price(3, 1, 6)]),
    );
    const fresh = prices([4], 0, 70_000);
    const batch = await publishBatch(store, { kind: 'fund-prices', source: 't' }, async (w) => {
      await w.write('fund-prices', fresh);
      // An existing key changed, one repeated as it is, more new rows, then a second value for a row
      // this batch wrote before, and for the changed one.
      await w.write('fund-prices', [price(3, 0, 5.5), price(3, 1, 6), price(4, 70_000), price(4, 70_001)]);
      await w.write('fund-prices', [price(4, 10, 99), price(3, 0, 5.25)]);
    });
    // PostgreSQL counts a batch as one set, however its rows were sent: a key's first row as inserted
    // or changed, its repeats as unchanged. SQLite counts row by row: a repeat with another value as
    // a change.
    expect(batch.counts).toEqual(
      testStore === 'postgres'
        ? { inserted: 70_002, changed: 1, unchanged: 3 }
        : { inserted: 70_002, changed: 3, unchanged: 1 },
    );
    expect(await count([3, 4])).toBe(70_004);
    expect(await served(4, 10)).toMatchObject({ nav: 99, batch_id: batch.batchId });
    expect(await served(4, 70_001)).toMatchObject({ nav: 10 + 70_001 / 1000, batch_id: batch.batchId });
    expect(await served(3, 0)).toMatchObject({ nav: 5.25, batch_id: batch.batchId });
    expect(await served(3, 1)).toMatchObject({ nav: 6, batch_id: old.batchId });
    expect(await revisions('batch_id', old.batchId!)).toEqual([
      { fund_id: 3, price_date: day(0), nav: 5, batch_id: old.batchId, replaced_by_batch_id: batch.batchId },
    ]);
  });

  it('write a run of rows that meets an existing key and repeats one of its own keys as row-by-row writes would', async () => {
    // SQLite inserts rows many to a statement: one such statement here holds a new key twice and a
    // key stored by an earlier batch, so it cannot go in whole and is written row by row instead.
    const old = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(8, 30, 7)]),
    );
    const rows = prices([8], 0, 120);
    rows[40] = price(8, 10, 55); // the key of row 10 again, another value
    rows[30] = price(8, 30, 8); // the stored key, changed
    const batch = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', rows),
    );
    expect(batch.counts).toEqual(
      testStore === 'postgres'
        ? { inserted: 118, changed: 1, unchanged: 1 }
        : { inserted: 118, changed: 2, unchanged: 0 },
    );
    expect(await count([8])).toBe(119);
    expect(await served(8, 10)).toMatchObject({ nav: 55, batch_id: batch.batchId });
    expect(await served(8, 30)).toMatchObject({ nav: 8, batch_id: batch.batchId });
    expect(await served(8, 119)).toMatchObject({ nav: 10.119, batch_id: batch.batchId });
    expect(await revisions('batch_id', old.batchId!)).toEqual([
      { fund_id: 8, price_date: day(30), nav: 7, batch_id: old.batchId, replaced_by_batch_id: batch.batchId },
    ]);
  });

  it('run other statements of the batch between writes of a table', async () => {
    const batch = await publishBatch(store, { kind: 'mixed', source: 't' }, async (w) => {
      await w.write('fund-prices', prices([5], 0, 60_000));
      await w.write('funds', [fundRow(9)]);
      await w.write('fund-prices', prices([9], 0, 1000));
      await w.write('fx-rates', [
        { family_code: 'USD', rate_date: day(0), round: 1, rate_time: '08:30', selling_tt: 35 },
      ]);
      await w.write('fund-prices', prices([5], 60_000, 1000));
    });
    // 62,001 prices and rates, and the fund.
    expect(batch.counts).toEqual({ inserted: 62_002, changed: 0, unchanged: 0 });
    expect(await count([5, 9])).toBe(62_000);
  });

  it('store nothing of a batch that fails with rows on their way or a COPY open, nor of one with an unknown fund', async () => {
    await expect(
      publishBatch(store, { kind: 'fund-prices', source: 't' }, async (w) => {
        await w.write('fund-prices', prices([6], 0, 200_000));
        throw new Error('bad row');
      }),
    ).rejects.toThrow('bad row');
    await expect(
      publishBatch(store, { kind: 'fund-prices', source: 't' }, async (w) => {
        await w.write('fund-prices', prices([6], 0, 1000));
        await sleep(200); // every row sent, the COPY still open for more
        throw new Error('bad row');
      }),
    ).rejects.toThrow('bad row');
    await expect(
      publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
        w.write('fund-prices', [...prices([7], 0, 60_000), price(77, 0)]),
      ),
    ).rejects.toThrow(/foreign key/i);
    expect(await count([6, 7])).toBe(0);
    const next = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', prices([6], 0, 10)),
    );
    expect(next.counts).toEqual({ inserted: 10, changed: 0, unchanged: 0 });
  });
});
