import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { openStore } from '../../src/store/db.js';
import { priceRecord } from '../../src/funds/presenter.js';
import { FundRepository } from '../../src/funds/repository.js';
import { noCaches } from '../../src/composition/caches.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, dmy, uncachedApp, type TestApp, postBatch } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// FundPrice_ByFundCode and GetNavByFundCode answer from funds' whole price histories kept in memory
// (PRICE_CACHE_MAX_BYTES). These tests check that a range of a kept history answers what the stored
// rows of that range answer, and that a history is never served once a batch has changed it,
// whichever process committed it.

let t: TestApp;
/** The answer cache off: every call takes its range from the kept price history. */
let kept: FastifyInstance;
/** Neither cache: every call reads its range from the database. */
let reading: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  kept = await uncachedApp(t);
  reading = await uncachedApp(t, { priceCacheMaxBytes: 0 });
});
afterAll(async () => {
  await Promise.all([kept.close(), reading.close()]);
  await t.close();
});

const history = async (app: FastifyInstance, fund: string | number, from: string, to: string) => {
  const res = await app.inject({
    url: `/api/FundPriceService/FundPrice_ByFundCode/${fund}/${dmy(from)}/${dmy(to)}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
};
const navList = async (app: FastifyInstance, fund: string | number, from: string, to: string) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/FundPriceService/GetNavByFundCode/${from}/${to}?fundCode=${fund}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** FundPrice_ByFundCode by a plain query of the stored rows: what the route must answer. */
async function storedRecords(code: string, from: string, to: string): Promise<string> {
  const fund = await new FundRepository(t.store.db, noCaches()).findFund(code);
  if (!fund) return '[]';
  const rows = await t.store.db
    .selectFrom('fund_prices')
    .select(['id', 'price_date', 'nav', 'offer', 'redemption', 'batch_id'])
    .where('fund_id', '=', fund.id)
    .where('price_date', '>=', from)
    .where('price_date', '<=', to)
    .orderBy('price_date')
    .execute();
  return JSON.stringify(rows.map((r) => priceRecord(fund, r)));
}

const publish = (csv: string) =>
  postBatch(t, 'fund-prices', `fund,date,nav,offer,redemption,total_net_assets\n${csv}\n`);

describe('fund price histories from memory', () => {
  it('answer what the stored rows of the range answer, for random funds and ranges', async () => {
    // From before the first price to after the last, so ranges start and end outside the data too.
    const start = addDays(t.fixture.latest, -805);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(FUNDS), { id: 404, code: 'NO-SUCH-FUND' }),
        fc.boolean(),
        fc.integer({ min: 0, max: 812 }),
        fc.integer({ min: 0, max: 812 }),
        async (f, byNumber, a, b) => {
          const [from, to] = [addDays(start, Math.min(a, b)), addDays(start, Math.max(a, b))];
          const code = byNumber ? String(f.id) : f.code.toLowerCase();
          const expected = await storedRecords(code, from, to);
          expect(await history(kept, code, from, to)).toBe(expected);
          expect(await history(reading, code, from, to)).toBe(expected);
          expect(await navList(kept, code, from, to)).toBe(await navList(reading, code, from, to));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('serve a price changed through the admin API right after its batch commits', async () => {
    const { latest } = t.fixture;
    const from = addDays(latest, -20);
    const changedDay = addDays(latest, -3);
    const before = await history(kept, FUNDS.treasury.code, from, latest);
    expect(before).not.toContain('"mfr_fNav":0.5,');

    const changed = await publish(`B-TREASURY,${changedDay},0.5,0.51,0.49,123`);
    expect(changed.json()).toMatchObject({ status: 'committed', changed: 1 });
    const after = await history(kept, FUNDS.treasury.code, from, latest);
    expect(after).toBe(await storedRecords(FUNDS.treasury.code, from, latest));
    const record = (JSON.parse(after) as Record<string, unknown>[]).find(
      (r) => r.mfr_dDataDate === `${changedDay}T00:00:00`,
    );
    expect(record).toMatchObject({ mfr_fNav: 0.5, mfr_fSel: 0.51, mfr_fBuy: 0.49 });
    const entry = (JSON.parse(await navList(kept, 101, from, latest)) as { NAVList: object[] }).NAVList.find(
      (e) => (e as { NAVDate: string }).NAVDate === changedDay,
    );
    expect(entry).toEqual({
      NAVRate: 0.5,
      NAVDate: changedDay,
      PurchaseRate: 0.51,
      RedeemRate: 0.49,
      NAV: 123,
    });

    // A price for a new date, after the last one: the history grows by it.
    const next = addDays(latest, 1);
    await publish(`B-TREASURY,${next},99,99.5,98.5,`);
    const grown = JSON.parse(await history(kept, FUNDS.treasury.code, from, next)) as { mfr_fNav: number }[];
    expect(grown.at(-1)).toMatchObject({ mfr_fNav: 99, mfr_dDataDate: `${next}T00:00:00` });
    const last = (JSON.parse(await navList(kept, 101, from, next)) as { NAVList: object[] }).NAVList.at(-1);
    expect(last).toMatchObject({ NAVDate: next, NAV: null });
  });

  it('serve a price changed by another process once the data version moves', async () => {
    const { latest } = t.fixture;
    const from = addDays(latest, -20);
    const day = addDays(latest, -2);
    await history(kept, FUNDS.global.code, from, latest); // the history is now in memory
    // A second connection, as the CLI's import has: its commit is not announced to this process.
    const other = openStore(t.store.location);
    try {
      await publishBatch(other, { kind: 'fund-prices', source: 'another process' }, (w) =>
        w.write('fund-prices', [
          { fund_id: FUNDS.global.id, price_date: day, nav: 0.25, offer: 0.26, redemption: 0.24 },
        ]),
      );
    } finally {
      await other.close();
    }
    await vi.waitFor(
      async () => expect(await history(kept, FUNDS.global.code, from, latest)).toContain('"mfr_fNav":0.25,'),
      { timeout: 3_000, interval: 50 },
    );
    expect(await history(kept, FUNDS.global.code, from, latest)).toBe(
      await storedRecords(FUNDS.global.code, from, latest),
    );
  });
});
