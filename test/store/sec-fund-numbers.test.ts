import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { secFundNumber, secFundNumbers } from '../../src/store/sec-fund-numbers-repo.js';
import { fundRow } from '../helpers/rows.js';
import { openTestStore } from '../helpers/store.js';

// SEC's projects and classes get a fund number (mf_iNumber) once, kept in the store (migration 015):
// the same project and class get the same number in every run, a number is never given twice, and
// funds the store had before keep theirs.

const dir = mkdtempSync(join(tmpdir(), 'sec-numbers-'));
let store: Store;

beforeAll(async () => {
  store = await openTestStore(dir, 'n.db');
  await publishBatch(store, { kind: 'ref', source: 'test' }, async (w) => {
    await w.write('fund-categories', [{ id: 1, name_en: 'C', name_th: 'ค', display_order: 1 }]);
    await w.write('funds', [101, 205].map(fundRow));
  });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SEC fund numbers', () => {
  it('gives each project and class a number after every fund stored, once, and the same one later', async () => {
    const a = { projId: 'M0001_2550', className: '' };
    const b = { projId: 'M0002_2551', className: 'B-A' };
    const c = { projId: 'M0002_2551', className: 'B-D' };
    const first = await secFundNumbers(store.db, [a, b, b]);
    expect([secFundNumber(first, a), secFundNumber(first, b)]).toEqual([206, 207]);
    const second = await secFundNumbers(store.db, [c, b, a]);
    expect([secFundNumber(second, a), secFundNumber(second, b), secFundNumber(second, c)]).toEqual([
      206, 207, 208,
    ]);
    const rows = await store.db
      .selectFrom('sec_fund_numbers')
      .select(['fund_id'])
      .orderBy('fund_id')
      .execute();
    expect(rows.map((r) => r.fund_id)).toEqual([206, 207, 208]);
  });

  it('never gives a number twice, even when the store refuses a second one for another key', async () => {
    await expect(
      store.db
        .insertInto('sec_fund_numbers')
        .values({ proj_id: 'X', class_name: '', fund_id: 206, allocated_at: 'now' })
        .execute(),
    ).rejects.toThrow();
  });
});
