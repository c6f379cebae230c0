import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import { epochSeconds as seconds, storedGauges } from '../gateway/stored-gauges.js';
import type { Database } from '../store/schema.js';
import { readSyncState, syncStatus } from './state.js';

/**
 * The sync's gauges (`rates sync` or the job of `rates serve`), read from the store at each scrape,
 * so they say the same whichever process ran the sync. No values while no sync has run.
 */
export function registerSyncMetrics(registry: Registry, db: Kysely<Database>): void {
  // One gateway, and so one registry, may serve several apps of a process (its listeners).
  if (registry.getSingleMetric('rates_sync_first_sync_done')) return;
  const { gauge, lastResult } = storedGauges(registry, async () => {
    const state = await readSyncState(db);
    return state ? [{ state, status: syncStatus(state) }] : [];
  });
  gauge('rates_sync_first_sync_done', '1 once the first sync from the upstream is complete', (r) =>
    r.state.phase === 'done' ? 1 : 0,
  );
  gauge('rates_sync_last_run_timestamp_seconds', 'When the last sync run started', (r) =>
    seconds(r.status.lastRunAt),
  );
  gauge('rates_sync_last_success_timestamp_seconds', 'When the last successful sync run ended', (r) =>
    seconds(r.status.lastSuccessAt),
  );
  gauge(
    'rates_sync_lag_seconds',
    'Seconds since the last successful sync run ended',
    (r) => r.status.lagSeconds ?? undefined,
  );
  gauge(
    'rates_sync_last_run_requests',
    'Requests to the upstream in the last sync run',
    (r) => r.state.lastRun?.requests,
  );
  gauge(
    'rates_sync_last_run_rows',
    'Rows read from the upstream in the last sync run',
    (r) => r.state.lastRun?.rows,
  );
  gauge(
    'rates_sync_last_run_batches',
    'Batches published by the last sync run',
    (r) => r.state.lastRun?.batches,
  );
  lastResult(
    'rates_sync_last_result',
    'The last sync run: 1 for its result (ok, failed, running)',
    (r) => r.status.lastResult,
  );
}
