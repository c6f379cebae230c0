import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { openStore } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, dmy, uncachedApp, type TestApp, postBatch } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// Fund_Nav_ByFundCode answers from per-fund NAV series kept in memory. These tests check that the
// series agree with a scan of the stored NAVs, and that they are never served once a batch has
// changed the NAVs, whichever process committed it.

let t: TestApp;
/** The same app with no NAV series cache and no answer cache: every call scans the fund's NAVs. */
let scanning: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  scanning = await uncachedApp(t, { navCacheMaxBytes: 0 });
});
afterAll(async () => {
  await scanning.close();
  await t.close();
});

const statistics = async (app: FastifyInstance, fund: string | number, from: string, to: string) => {
  const res = await app.inject({
    url: `/api/FundPriceService/Fund_Nav_ByFundCode/${fund}/${dmy(from)}/${dmy(to)}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Record<string, number | string | null>[])[0]!;
};

const publish = (csv: string) => postBatch(t, 'fund-prices', `fund,date,nav,offer,redemption\n${csv}\n`);

describe('Fund_Nav_ByFundCode from the NAV series', () => {
  it('answers what a scan of the stored NAVs answers, for random funds and ranges', async () => {
    const start = addDays(t.fixture.latest, -1_000);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(FUNDS.treasury.id, FUNDS.global.id, FUNDS.equity.id, FUNDS.empty.id),
        fc.integer({ min: 0, max: 1_100 }),
        fc.integer({ min: 0, max: 1_100 }),
        async (fund, a, b) => {
          const [from, to] = [addDays(start, Math.min(a, b)), addDays(start, Math.max(a, b))];
          expect(await statistics(t.app, fund, from, to)).toEqual(await statistics(scanning, fund, from, to));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('serves a NAV changed through the admin API right after its batch commits', async () => {
    const { latest } = t.fixture;
    const from = addDays(latest, -20);
    const before = await statistics(t.app, FUNDS.treasury.code, from, latest);
    expect(before.MinSelected_mfr_fNav).toBeGreaterThan(1);

    const changed = await publish(`B-TREASURY,${addDays(latest, -3)},0.5,0.51,0.49`);
    expect(changed.json()).toMatchObject({ status: 'committed', changed: 1 });
    const after = await statistics(t.app, FUNDS.treasury.code, from, latest);
    expect(after).toMatchObject({
      MinSelected_mfr_fNav: 0.5,
      MinSelected_mfr_dDataDate: `${addDays(latest, -3)}T00:00:00`,
      MinSince_mfr_fNav: 0.5,
    });
    expect(after).toEqual(await statistics(scanning, FUNDS.treasury.code, from, latest));

    // A NAV for a new date, after the last one: the series grows, End and Max move to it.
    const next = addDays(latest, 1);
    await publish(`B-TREASURY,${next},99,99.5,98.5`);
    const grown = await statistics(t.app, FUNDS.treasury.code, from, next);
    expect(grown).toMatchObject({ End_mfr_fNav: 99, MaxSince_mfr_fNav: 99, MaxYear_mfr_fNav: 99 });
  });

  it('serves a NAV changed by another process once the data version moves', async () => {
    const { latest } = t.fixture;
    const from = addDays(latest, -20);
    await statistics(t.app, FUNDS.equity.code, from, latest); // the series is now in memory
    // A second connection, as the CLI's import has: its commit is not announced to this process.
    const other = openStore(t.store.location);
    try {
      await publishBatch(other, { kind: 'fund-prices', source: 'another process' }, (w) =>
        w.write('fund-prices', [
          {
            fund_id: FUNDS.equity.id,
            price_date: addDays(latest, -2),
            nav: 0.25,
            offer: 0.26,
            redemption: 0.24,
          },
        ]),
      );
    } finally {
      await other.close();
    }
    await vi.waitFor(
      async () =>
        expect((await statistics(t.app, FUNDS.equity.code, from, latest)).MinSelected_mfr_fNav).toBe(0.25),
      { timeout: 3_000, interval: 50 },
    );
  });
});
