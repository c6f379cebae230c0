import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { databaseUrlOf, openTestStore, testStore } from '../helpers/store.js';
import { fundRow } from '../helpers/rows.js';

// The references of prices and FX rates are enforced by the database, whatever writes them: foreign
// keys on SQLite, statement-level checks on PostgreSQL (migration 007). These tests write around the
// service's own code, as an operator with psql would.

const dir = mkdtempSync(join(tmpdir(), 'rates-references-'));
let store: Store;
let batchId: number;

const price = (fund_id: number, price_date: string, batch_id = batchId) => ({
  fund_id,
  price_date,
  nav: 10,
  offer: 10,
  redemption: 10,
  total_net_assets: null,
  batch_id,
});

beforeAll(async () => {
  store = await openTestStore(dir, 'r.db');
  const ref = await publishBatch(store, { kind: 'ref', source: 'test' }, async (w) => {
    await w.write('fund-categories', [{ id: 1, name_en: 'C', name_th: 'ค', display_order: 1 }]);
    await w.write('funds', [1, 2, 3, 4, 5].map(fundRow));
    await w.write('fx-families', [
      { code: 'USD', description: 'USD', name: 'US Dollar', unit: 1, decimals: 4, display_order: 1 },
    ]);
  });
  batchId = ref.batchId!;
  await store.db.insertInto('fund_prices').values(price(1, '2026-01-05')).execute();
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('references of prices and rates', () => {
  it('refuse a price of an unknown fund or batch, and a rate of an unknown family', async () => {
    await expect(
      store.db
        .insertInto('fund_prices')
        .values([price(2, '2026-01-05'), price(99, '2026-01-05')])
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      store.db
        .insertInto('fund_prices')
        .values(price(2, '2026-01-05', batchId + 100))
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      store.db
        .insertInto('fx_rates')
        .values({
          family_code: 'EUR',
          rate_date: '2026-01-05',
          round: 1,
          rate_time: '08:30',
          batch_id: batchId,
        })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const prices = await store.db.selectFrom('fund_prices').select('fund_id').execute();
    expect(prices).toEqual([{ fund_id: 1 }]);
  });

  it('refuse moving a price to an unknown fund', async () => {
    await expect(
      store.db.updateTable('fund_prices').set({ fund_id: 99 }).where('fund_id', '=', 1).execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('keep a fund that has prices, and let one without go', async () => {
    await expect(store.db.deleteFrom('funds').where('id', '=', 1).execute()).rejects.toThrow(/foreign key/i);
    await expect(
      store.db.updateTable('funds').set({ id: 100 }).where('id', '=', 1).execute(),
    ).rejects.toThrow(/foreign key/i);
    await store.db.deleteFrom('funds').where('id', '=', 5).execute();
    // A fund's other columns change freely (imports upsert them).
    await store.db.updateTable('funds').set({ name_en: 'Renamed' }).where('id', '=', 1).execute();
  });
});

describe.runIf(testStore === 'postgres')('references under concurrent writers (PostgreSQL only)', () => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrlOf(store) });
    await client.connect();
    return client;
  };
  const insertPrice = (client: pg.Client, fundId: number) =>
    client.query(
      `insert into fund_prices (fund_id, price_date, nav, offer, redemption, batch_id)
       values ($1, '2026-01-06', 10, 10, 10, $2)`,
      [fundId, batchId],
    );
  /** Whether `promise` is still pending after a while (it waits for a lock). */
  const waiting = async (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => false,
        () => false,
      ),
      sleep(300).then(() => true),
    ]);

  it('a fund deleted while an uncommitted import uses it waits for the import, then is refused', async () => {
    const [writer, deleter] = [await connect(), await connect()];
    try {
      await writer.query('begin');
      await insertPrice(writer, 2);
      const deleting = deleter.query('delete from funds where id = 2');
      deleting.catch(() => undefined);
      expect(await waiting(deleting)).toBe(true);
      await writer.query('commit');
      await expect(deleting).rejects.toThrow(/foreign key/i);
    } finally {
      await writer.end();
      await deleter.end();
    }
    const kept = await store.db.selectFrom('funds').select('id').where('id', '=', 2).execute();
    expect(kept).toEqual([{ id: 2 }]);
  });

  it('a price of a fund being deleted waits for the delete, then is refused', async () => {
    const [writer, deleter] = [await connect(), await connect()];
    try {
      await deleter.query('begin');
      await deleter.query('delete from funds where id = 3');
      await writer.query('begin');
      const inserting = insertPrice(writer, 3);
      inserting.catch(() => undefined);
      expect(await waiting(inserting)).toBe(true);
      await deleter.query('commit');
      await expect(inserting).rejects.toThrow(/foreign key/i);
      await writer.query('rollback');
    } finally {
      await writer.end();
      await deleter.end();
    }
  });

  it('deleting a fund is refused outside READ COMMITTED, where later prices would not be seen', async () => {
    const client = await connect();
    try {
      await client.query('begin isolation level repeatable read');
      await client.query(`update funds set name_en = 'Renamed' where id = 4`);
      await expect(client.query('delete from funds where id = 4')).rejects.toThrow(/READ COMMITTED/);
      await client.query('rollback');
    } finally {
      await client.end();
    }
  });
});
