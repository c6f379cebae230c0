import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBatch } from '../../src/store/publisher.js';
import { readSyncState } from '../../src/sync/state.js';
import { operations } from '../helpers/operations.js';
import { samplePaths } from './operations.js';
import { body, DEMO_UNTIL, demoService, emptyService, sync, syncFrom, type Service } from './services.js';

// Issue 22: B, empty, syncs from A, on the demo data, through A's public operations only; then every
// operation of B answers as A's does, byte for byte; and a new batch on A reaches B as one batch.

let a: Service;
let b: Service;
beforeAll(async () => {
  [a, b] = await Promise.all([demoService(), emptyService()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function differences(paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const [fromA, fromB] = await Promise.all([body(a, path), body(b, path)]);
    if (fromA !== fromB) found.push(`${path}\n  A: ${fromA.slice(0, 300)}\n  B: ${fromB.slice(0, 300)}`);
  }
  return found;
}

const batchesOf = (s: Service) =>
  s.store.db.selectFrom('batches').select(['id', 'kind', 'status', 'row_count']).orderBy('id').execute();

/** An operation as its path names it: group, operation and the number of segments (GetDepositRate/{date}). */
const operationOf = (path: string) => {
  const segments = path.split('?')[0]!.split('/');
  return `${segments[2]}/${segments[3]}/${segments.length}`.toLowerCase();
};

describe('sync between two services', () => {
  it('samples every operation of the interface (test/helpers/operations.ts), so a new one is compared too', async () => {
    const sampled = new Set((await samplePaths(a, DEMO_UNTIL)).map(operationOf));
    const every = operations({ today: DEMO_UNTIL, latest: DEMO_UNTIL, batchId: 0 });
    expect(every.filter((o) => !sampled.has(operationOf(o.url))).map((o) => o.id)).toEqual([]);
  });

  it('copies the catalogue and every history, so that every operation of B answers as A', async () => {
    const summary = await sync(b, syncFrom(a));
    expect(summary.error).toBeNull();
    expect(summary.result).toBe('ok');
    expect(summary.batches).toBeGreaterThan(3);
    const paths = await samplePaths(a, DEMO_UNTIL);
    expect(paths.length).toBeGreaterThan(500);
    expect(await differences(paths)).toEqual([]);
    // The same answers as CSV too.
    const csv = paths.filter((p) => p.includes('GetDownloadfxrates')).slice(0, 6);
    for (const path of csv) expect(await body(b, path, 'text/csv')).toBe(await body(a, path, 'text/csv'));
    const state = await readSyncState(b.store.db);
    expect(state).toMatchObject({ phase: 'done', upstream: a.url, lastRun: { result: 'ok' } });
  }, 300_000);

  it('a sync with nothing new upstream makes no batch', async () => {
    const before = await batchesOf(b);
    const summary = await sync(b, syncFrom(a));
    expect(summary).toMatchObject({ result: 'ok', batches: 0, written: 0 });
    expect(await batchesOf(b)).toEqual(before);
  });

  it('brings a new batch of A to B as exactly one batch with exactly its change', async () => {
    const day = DEMO_UNTIL;
    const price = await a.store.db
      .selectFrom('fund_prices')
      .selectAll()
      .where('price_date', '=', day)
      .orderBy('fund_id')
      .executeTakeFirstOrThrow();
    const rate = await a.store.db
      .selectFrom('fx_rates')
      .selectAll()
      .where('rate_date', '=', day)
      .where('family_code', '=', 'EUR')
      .orderBy('round', 'desc')
      .executeTakeFirstOrThrow();
    // A correction of one price and one rate, and a new round of rates, published on A as one batch.
    await publishBatch(a.store, { kind: 'fund-prices+fx-rates', source: 'correction.csv' }, async (w) => {
      await w.write('fund-prices', [
        {
          fund_id: price.fund_id,
          price_date: day,
          nav: price.nav + 0.0123,
          offer: price.offer + 0.0123,
          redemption: price.redemption + 0.0123,
          total_net_assets: price.total_net_assets,
        },
      ]);
      await w.write('fx-rates', [
        { ...rate, id: undefined, batch_id: undefined, buying_tt: (rate.buying_tt ?? 30) + 0.01 } as never,
      ]);
      await w.write('fx-rates', [
        { ...rate, id: undefined, batch_id: undefined, round: rate.round + 1, rate_time: '16:59' } as never,
      ]);
    });
    const before = await batchesOf(b);
    const revisionsBefore = await b.store.db.selectFrom('fund_price_revisions').select('id').execute();
    const summary = await sync(b, syncFrom(a));
    expect(summary).toMatchObject({ result: 'ok', batches: 1, written: 3 });
    const after = await batchesOf(b);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({ kind: 'sync', status: 'committed', row_count: 3 }),
    ]);
    // The corrected price kept its earlier value as a revision on B, as on A.
    const revisions = await b.store.db.selectFrom('fund_price_revisions').selectAll().execute();
    expect(revisions.length - revisionsBefore.length).toBe(1);
    expect(revisions.at(-1)).toMatchObject({ fund_id: price.fund_id, price_date: day, nav: price.nav });
    const paths = (await samplePaths(a, DEMO_UNTIL)).filter(
      (p) =>
        !p.includes('/Fund') || p.includes(`/${price.fund_id}/`) || p.includes('fundCode=' + price.fund_id),
    );
    expect(
      await differences([
        ...paths,
        `/api/FundPriceService/FundPrice_ByFundCode/${price.fund_id}/01/06/2015/30/06/2015`,
      ]),
    ).toEqual([]);
  });

  it("brings A's corrected market summary to B, the earlier value kept as a revision", async () => {
    const url = '/api/MarketService/GetMarketsum';
    // `body` gives the status, then the body.
    const [[day]] = JSON.parse((await body(a, url)).slice(4)) as [{ mktdate: string }[]];
    const iso = `${day!.mktdate.slice(6)}-${day!.mktdate.slice(3, 5)}-${day!.mktdate.slice(0, 2)}`;
    await publishBatch(a.store, { kind: 'market-summary', source: 'correction.csv' }, (w) =>
      w.write('market-summary', [{ summary_date: iso, code: 'THBR', number: 1, value: '9.99' }]),
    );
    const summary = await sync(b, syncFrom(a));
    expect(summary).toMatchObject({ result: 'ok', batches: 1, written: 1 });
    expect(await body(b, url)).toBe(await body(a, url));
    expect(await body(b, url)).toContain('{"mktcode":"THBR","mktno":"1","mktvalue":"9.99"}');
    const revisions = await b.store.db.selectFrom('market_summary_revisions').selectAll().execute();
    expect(revisions).toMatchObject([{ summary_date: iso, code: 'THBR', number: 1 }]);
  });
});
