import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import { storedGauges } from '../gateway/stored-gauges.js';
import { runGauges } from '../sources/metrics.js';
import type { Database } from '../store/schema.js';
import { readSyncState, syncStatus } from './state.js';

/**
 * The sync's gauges (`rates sync` or the job of `rates serve`), read from the store at each scrape,
 * so they say the same whichever process ran the sync. No values while no sync has run.
 */
export function registerSyncMetrics(registry: Registry, db: Kysely<Database>): void {
  // One gateway, and so one registry, may serve several apps of a process (its listeners).
  if (registry.getSingleMetric('rates_sync_first_sync_done')) return;
  const gauges = storedGauges(registry, async () => {
    const state = await readSyncState(db);
    return state ? [{ state, status: syncStatus(state), lastRun: state.lastRun }] : [];
  });
  const { gauge } = gauges;
  gauge('rates_sync_first_sync_done', '1 once the first sync from the upstream is complete', (r) =>
    r.state.phase === 'done' ? 1 : 0,
  );
  gauge(
    'rates_sync_lag_seconds',
    'Seconds since the last successful sync run ended',
    (r) => r.status.lagSeconds ?? undefined,
  );
  gauge(
    'rates_sync_last_run_rows',
    'Rows read from the upstream in the last sync run',
    (r) => r.state.lastRun?.rows,
  );
  runGauges(gauges, 'rates_sync', { run: 'sync run', from: 'upstream', result: 'The last sync run' });
}
