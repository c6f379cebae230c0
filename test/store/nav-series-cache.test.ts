import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavPoint } from '../../src/domain/statistics.js';
import { openStore, type Store } from '../../src/store/db.js';
import { bumpCounter, DATA_VERSION } from '../../src/store/counters.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { AnswerCache } from '../../src/cache/answer-cache.js';
import { DataVersion } from '../../src/store/data-version.js';
import { makeCache } from '../../src/composition/caches.js';
import type { LoadingCache } from '../../src/cache/loading-cache.js';
import { NavSeries } from '../../src/domain/nav-series.js';
import { testConfig } from '../helpers/config.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-nav-series-'));
let store: Store;
beforeAll(async () => {
  store = openStore(join(dir, 'n.db'));
  await migrateToLatest(store.db);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const points = (nav: number): NavPoint[] => [{ date: '2026-01-05', nav }];
/** The navSeries cache of src/composition/caches.ts, sized as NAV_CACHE_MAX_BYTES would size it. */
const navCache = (data: DataVersion, maxBytes: number) =>
  makeCache('navSeries', testConfig({ navCacheMaxBytes: maxBytes }), data);
const seriesOf = (load: () => Promise<NavPoint[]>) => async () => NavSeries.fromPoints(await load());
const navOf = async (cache: LoadingCache<number, NavSeries>, load: () => Promise<NavPoint[]>) =>
  (await cache.get(1, seriesOf(load))).statistics('2026-01-01', '2026-01-31').end?.nav;

describe('the navSeries cache', () => {
  it('keeps a series until a commit, and reads a fund once for concurrent requests', async () => {
    const data = new DataVersion(store);
    const cache = navCache(data, 1 << 20);
    await data.start();
    let loads = 0;
    const load = async () => {
      loads++;
      return points(loads);
    };
    expect(await Promise.all([navOf(cache, load), navOf(cache, load)])).toEqual([1, 1]);
    expect(await navOf(cache, load)).toBe(1);
    expect(loads).toBe(1);
    store.events.emit('commit', 0);
    expect(await navOf(cache, load)).toBe(2);
    data.stop();
  });

  it('does not keep a series whose load was under way when a batch committed', async () => {
    const data = new DataVersion(store);
    const cache = navCache(data, 1 << 20);
    await data.start();
    let release: (value: NavPoint[]) => void = () => undefined;
    const slow = navOf(cache, () => new Promise((resolve) => (release = resolve)));
    // The NAVs change while the old ones are being read, and the cache has learnt the new version.
    await bumpCounter(store.db, DATA_VERSION);
    store.events.emit('commit', 0);
    await data.refresh();
    release(points(1));
    expect(await slow).toBe(1); // its caller gets what was read, but it is not served again:
    expect(await navOf(cache, async () => points(2))).toBe(2);
    data.stop();
  });

  it('keeps no more bytes than allowed', async () => {
    const data = new DataVersion(store);
    const cache = navCache(data, 4096);
    await data.start();
    for (let fund = 1; fund <= 50; fund++)
      await cache.get(
        fund,
        seriesOf(async () => points(fund)),
      );
    expect(cache.stats.bytes).toBeLessThanOrEqual(4096);
    expect(cache.stats.entries).toBeGreaterThan(0);
    data.stop();
  });

  it('moves on in the same step as the answer cache when another process commits', async () => {
    // Were they to learn of the commit separately, an answer computed from the old series could be
    // cached under the new version and served until the next batch.
    const data = new DataVersion(store, 60_000); // no poll during the test: refresh is explicit
    const navs = navCache(data, 1 << 20);
    const answers = new AnswerCache(data, { maxBytes: 1 << 20 });
    await data.start();
    expect(await navOf(navs, async () => points(1))).toBe(1);
    answers.put('k', answers.currentVersion, {
      contentType: 'application/json',
      headers: {},
      body: Buffer.from('1'),
      route: { group: 'FundPriceService', operation: 'LatestDate' },
    });
    expect(answers.get('k')).toBeDefined();
    await bumpCounter(store.db, DATA_VERSION); // as a commit of another process does
    await data.refresh();
    expect(answers.get('k')).toBeUndefined();
    expect(await navOf(navs, async () => points(2))).toBe(2);
    data.stop();
  });

  it('keeps nothing when its setting is 0, reading on every call through the same interface', async () => {
    const data = new DataVersion(store);
    const cache = navCache(data, 0);
    await data.start();
    let loads = 0;
    const load = async () => {
      loads++;
      return points(loads);
    };
    expect(await navOf(cache, load)).toBe(1);
    expect(await navOf(cache, load)).toBe(2);
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
    data.stop();
  });
});
