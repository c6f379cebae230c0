import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { openTestStore } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-publish-'));
let store: Store;

beforeAll(async () => {
  store = await openTestStore(dir, 'p.db');
  await publishBatch(store, { kind: 'ref', source: 'test' }, async (w) => {
    await w.write('fund-categories', [{ id: 1, name_en: 'C', name_th: 'ค', display_order: 1 }]);
    await w.write('funds', [
      {
        id: 1,
        code: 'F1',
        category_id: 1,
        name_en: 'F1',
        name_th: 'ฟ',
        name_th_short: null,
        link_en: '',
        link_th: '',
        factsheet_url: '',
        display_order: 1,
      },
      {
        id: 2,
        code: 'F2',
        category_id: 1,
        name_en: 'F2',
        name_th: 'ฟ',
        name_th_short: null,
        link_en: '',
        link_th: '',
        factsheet_url: '',
        display_order: 2,
      },
    ]);
  });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const price = (fund_id: number, price_date: string, nav: number, total_net_assets: number | null = null) => ({
  fund_id,
  price_date,
  nav,
  offer: nav,
  redemption: nav,
  total_net_assets,
});

describe('versioned batch writes', () => {
  it('insert new rows, leave identical ones alone and keep the earlier value of a changed one', async () => {
    const first = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(1, '2026-01-05', 10), price(1, '2026-01-06', 10.5, 1e9)]),
    );
    expect(first.counts).toEqual({ inserted: 2, changed: 0, unchanged: 0 });

    const again = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(1, '2026-01-05', 10), price(1, '2026-01-06', 10.5, 1e9)]),
    );
    expect(again.counts).toEqual({ inserted: 0, changed: 0, unchanged: 2 });

    const fix = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(1, '2026-01-05', 10.01), price(1, '2026-01-06', 10.5, null)]),
    );
    expect(fix.counts).toEqual({ inserted: 0, changed: 2, unchanged: 0 });

    const served = await store.db
      .selectFrom('fund_prices')
      .selectAll()
      .where('fund_id', '=', 1)
      .orderBy('price_date')
      .execute();
    expect(served.map((r) => [r.nav, r.total_net_assets, r.batch_id])).toEqual([
      [10.01, null, fix.batchId],
      [10.5, null, fix.batchId],
    ]);
    const revisions = await store.db
      .selectFrom('fund_price_revisions')
      .selectAll()
      .orderBy('price_date')
      .execute();
    expect(
      revisions.map((r) => [r.price_date, r.nav, r.total_net_assets, r.batch_id, r.replaced_by_batch_id]),
    ).toEqual([
      ['2026-01-05', 10, null, first.batchId, fix.batchId],
      ['2026-01-06', 10.5, 1e9, first.batchId, fix.batchId],
    ]);
  });

  it('store nothing of a batch that fails half-way', async () => {
    const before = await store.db
      .selectFrom('fund_prices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const batchesBefore = await store.db.selectFrom('batches').select('id').execute();
    await expect(
      publishBatch(store, { kind: 'fund-prices', source: 't' }, async (w) => {
        await w.write('fund-prices', [price(2, '2026-02-01', 11), price(2, '2026-02-02', 12)]);
        throw new Error('bad row');
      }),
    ).rejects.toThrow('bad row');
    const after = await store.db
      .selectFrom('fund_prices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await store.db.selectFrom('batches').select('id').execute()).toEqual(batchesBefore);
  });

  it('store nothing of a batch whose rows break a reference (found at the merge on PostgreSQL)', async () => {
    const count = async () =>
      (
        await store.db
          .selectFrom('fund_prices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const batchesBefore = await store.db.selectFrom('batches').select('id').execute();
    await expect(
      publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
        w.write('fund-prices', [price(2, '2026-02-03', 11), price(3, '2026-02-03', 12)]),
      ),
    ).rejects.toThrow(/foreign key/i);
    expect(await count()).toBe(before);
    expect(await store.db.selectFrom('batches').select('id').execute()).toEqual(batchesBefore);
    // The store takes the next batch normally.
    const next = await publishBatch(store, { kind: 'fund-prices', source: 't' }, (w) =>
      w.write('fund-prices', [price(2, '2026-02-03', 11)]),
    );
    expect(next.counts).toEqual({ inserted: 1, changed: 0, unchanged: 0 });
  });

  it('keep text values exactly (tab, newline, backslash), across several writes of one batch', async () => {
    const rate = (effective_date: string, value: string) => ({
      product_id: 1,
      effective_date,
      rate: value,
      submitted_at: '2026-01-05 10:00:00',
    });
    await publishBatch(store, { kind: 'ref', source: 't' }, (w) =>
      w.write('deposit-products', [{ id: 1, name_en: 'Savings', name_th: 'ออม', display_order: 1 }]),
    );
    const first = await publishBatch(store, { kind: 'deposit-rates', source: 't' }, async (w) => {
      await w.write('deposit-rates', [rate('2026-01-05', '0.50')]);
      await w.write('deposit-rates', [rate('2026-01-06', 'tab\there\nnext line\\')]);
    });
    expect(first.counts).toEqual({ inserted: 2, changed: 0, unchanged: 0 });
    const again = await publishBatch(store, { kind: 'deposit-rates', source: 't' }, (w) =>
      w.write('deposit-rates', [rate('2026-01-05', '0.50'), rate('2026-01-06', 'tab\there\nnext line\\')]),
    );
    expect(again.counts).toEqual({ inserted: 0, changed: 0, unchanged: 2 });
    const rows = await store.db
      .selectFrom('deposit_rates')
      .select('rate')
      .orderBy('effective_date')
      .execute();
    expect(rows.map((r) => r.rate)).toEqual(['0.50', 'tab\there\nnext line\\']);
  });
});
