import type { Store } from '../db.js';

/**
 * Runs `work` with SQLite's busy timeout at 0 (a no-op on PostgreSQL), then restores it. While another
 * connection holds the write lock (an import's transaction), a write of this one fails at once instead
 * of waiting on the event loop, every API call with it; the caller retries it later.
 */
export async function withoutBusyWait<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'sqlite') return work();
  const restore = store.sqlite.pragma('busy_timeout', { simple: true });
  store.sqlite.pragma('busy_timeout = 0');
  try {
    return await work();
  } finally {
    if (store.sqlite.open) store.sqlite.pragma(`busy_timeout = ${Number(restore)}`);
  }
}
