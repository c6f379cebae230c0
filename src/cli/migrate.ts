import { loadConfig } from '../config.js';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';

export async function migrateCommand(): Promise<void> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl, { fileMode: config.dataFileMode });
  try {
    const applied = await migrateToLatest(store.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await store.close();
  }
}
