import { loadConfig, type Config } from '../config.js';
import { announceChanges, type ChangeKind } from '../gateway/change-notices.js';
import { redisSettings } from '../gateway/redis.js';
import { DATA_VERSION, readCounter } from '../store/counters.js';
import { openStore, type Store } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { VERSION_SETTING } from '../store/subscription-writes.js';

const COUNTERS: [ChangeKind, string][] = [
  ['data', DATA_VERSION],
  ['subscriptions', VERSION_SETTING],
];

const readCounters = (store: Store) => Promise.all(COUNTERS.map(([, name]) => readCounter(store.db, name)));

/**
 * Runs a command against the configured, migrated database and closes it afterwards. With REDIS_URL
 * set, a command that moved a change counter (an import, a key change) announces it, so running
 * servers apply it at once rather than at their next poll.
 */
export async function withStore<T>(work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl, { fileMode: config.dataFileMode });
  try {
    await migrateToLatest(store.db);
    const redis = redisSettings(config);
    const before = redis ? await readCounters(store) : [];
    const result = await work(store, config);
    if (redis) {
      const after = await readCounters(store);
      const moved = COUNTERS.filter((_, i) => after[i] !== before[i]).map(([kind]) => kind);
      await announceChanges(redis, moved, (line) => console.error(line));
    }
    return result;
  } finally {
    await store.close();
  }
}
