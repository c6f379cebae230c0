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

  // With ADMIN_PORT set, the admin routes live only on their own listener (e.g. a private interface).
  const separateAdmin = config.adminPort !== null;
  const app = await buildApp({ config, store, parts: { api: true, admin: !separateAdmin } });
  const admin = separateAdmin
    ? await buildApp({ config, store, parts: { api: false, admin: true } })
    : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await Promise.all([app.close(), admin?.close()]);
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (admin) await admin.listen({ port: config.adminPort ?? 0, host: config.adminHost });
}
