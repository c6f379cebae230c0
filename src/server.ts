import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { bootstrapDemo } from './demo-bootstrap.js';
import { openStore } from './store/db.js';
import { migrateToLatest } from './store/migrate.js';

/** Process entry: read the settings, prepare the database, listen, and shut down cleanly. */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl);
  await migrateToLatest(store.db);
  if (config.demoOnEmpty) await bootstrapDemo(store, config, (line) => process.stdout.write(`${line}\n`));

  const app = await buildApp({ config, store });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}
