import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubscriptionCache } from '../../src/gateway/subscription-cache.js';
import { KeyRepository } from '../../src/store/key-repo.js';
import type { Store } from '../../src/store/db.js';
import { SubscriptionRepository } from '../../src/store/subscription-repo.js';
import { bumpVersion } from '../../src/store/subscription-writes.js';
import { openTestStore } from '../helpers/store.js';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rates-cache-'));
  store = await openTestStore(dir);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('subscription cache', () => {
  // CI saw an admin close of public access answered while the poll, which had read the new counter a
  // moment before, was still reading the setting: the next call was let in without a key.
  it('answers a refresh only after a change seen by a refresh already under way has been applied', async () => {
    let release = () => {};
    const applied: string[] = [];
    const cache = new SubscriptionCache(new KeyRepository(store.db), new SubscriptionRepository(store.db), {
      lookup: () => {},
      error: (e) => {
        throw e;
      },
      changed: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        applied.push('change');
      },
    });
    await cache.start();
    cache.stop();
    await store.db.transaction().execute((trx) => bumpVersion(trx));

    const poll = cache.refresh();
    // The poll has read the counter and is applying the change when the writer's refresh comes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const writer = cache.refresh().then(() => applied.push('writer answered'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([poll, writer]);
    expect(applied).toEqual(['change', 'writer answered']);
  });

  // On a slow database the 250 ms poll asks again and again while one read waits: each ask queued
  // behind it would read the counter once more after it.
  it('lets refreshes asked while one is under way share the one read that follows it', async () => {
    let release = () => {};
    const subscriptions = new SubscriptionRepository(store.db);
    let reads = 0;
    const version = subscriptions.version.bind(subscriptions);
    subscriptions.version = () => {
      reads++;
      return version();
    };
    const cache = new SubscriptionCache(new KeyRepository(store.db), subscriptions, {
      lookup: () => {},
      error: (e) => {
        throw e;
      },
      changed: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await cache.start();
    cache.stop();
    await store.db.transaction().execute((trx) => bumpVersion(trx));
    reads = 0;

    const first = cache.refresh();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = Array.from({ length: 5 }, () => cache.refresh());
    release();
    await Promise.all([first, ...later]);
    expect(reads).toBe(2);
  });
});
