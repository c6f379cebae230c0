import { loadConfig } from '../config.js';
import { migrateToLatest } from '../store/migrate.js';
import { openCommandStore } from './with-store.js';

export async function migrateCommand(): Promise<void> {
  const store = await openCommandStore(loadConfig(), true);
  try {
    const applied = await migrateToLatest(store.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await store.close();
  }
}
