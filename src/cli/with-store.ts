import { loadConfig, type Config } from '../config.js';
import { openStore, type Store } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';

/** Runs a command against the configured, migrated database and closes it afterwards. */
export async function withStore<T>(work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl);
  try {
    await migrateToLatest(store.db);
    return await work(store, config);
  } finally {
    await store.close();
  }
}
