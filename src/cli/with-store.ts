import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../config.js';
import { announceChanges, type ChangeKind } from '../gateway/change-notices.js';
import { redisSettings } from '../gateway/redis.js';
import { DATA_VERSION, readCounter } from '../store/counters.js';
import { databaseLocation, openStore, type Store } from '../store/db.js';
import { migrateToLatest, wasMigrated } from '../store/migrate.js';
import { isPostgresUrl } from '../store/postgres/connection.js';
import { VERSION_SETTING } from '../store/subscription-writes.js';

const COUNTERS: [ChangeKind, string][] = [
  ['data', DATA_VERSION],
  ['subscriptions', VERSION_SETTING],
];

const readCounters = (store: Store) => Promise.all(COUNTERS.map(([, name]) => readCounter(store.db, name)));

/**
 * `--create` was given: this run may make a new, empty database (program.ts, before the command runs);
 * `false` forgets it, for a second command in one process (the in-process tests).
 */
let creationAsked = false;
export function askCreation(asked = true): void {
  creationAsked = asked;
}

/**
 * Opens the database the settings name for a command, after saying which on stderr (stdout is the
 * command's answer). A database not made yet (no SQLite file, or a file or PostgreSQL schema without
 * the service's tables) is made only when `create` or --create says so: run without the server's DATA_DIR
 * or DATABASE_URL, a command would otherwise make ./data/rates.db and answer from it, empty, as if that
 * were the service's state.
 */
export async function openCommandStore(config: Config, create: boolean): Promise<Store> {
  const where = databaseLocation(config.databaseUrl);
  process.stderr.write(`Database: ${where}\n`);
  const refuse = () =>
    new Error(
      `No database of this service at ${where}. Set DATA_DIR or DATABASE_URL as the server has them, ` +
        'or, to make a new, empty database there, run the command again with --create (or run `rates migrate`).',
    );
  const allowed = create || creationAsked;
  if (!allowed && !isPostgresUrl(config.databaseUrl) && where !== ':memory:' && !existsSync(where))
    throw refuse();
  const store = openStore(config.databaseUrl, { fileMode: config.dataFileMode });
  try {
    if (!allowed && !(await wasMigrated(store.db))) throw refuse();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * Runs a command against the configured, migrated database and closes it afterwards; `create` for a
 * command meant to fill a new database (demo). With REDIS_URL set, a command that moved a change
 * counter (an import, a key change) announces it, so running servers apply it at once rather than at
 * their next poll.
 */
export async function withStore<T>(
  work: (store: Store, config: Config) => Promise<T>,
  { create = false } = {},
): Promise<T> {
  const config = loadConfig();
  const store = await openCommandStore(config, create);
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
