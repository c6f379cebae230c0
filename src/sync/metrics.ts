import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../store/schema.js';
import { readSyncState, syncStatus, type SyncState, type SyncStatus } from './state.js';

const RESULTS = ['ok', 'failed', 'running'] as const;
/** One read of the state serves every gauge of a scrape (they are collected together). */
const READ_REUSE_MS = 1000;

type Read = { state: SyncState; status: SyncStatus } | null;

/**
 * The sync's gauges (`rates sync` or the job of `rates serve`), read from the store at each scrape,
 * so they say the same whichever process ran the sync. No values while no sync has run.
 */
export function registerSyncMetrics(registry: Registry, db: Kysely<Database>): void {
  // One gateway, and so one registry, may serve several apps of a process (its listeners).
  if (registry.getSingleMetric('rates_sync_first_sync_done')) return;
  let last: { at: number; read: Promise<Read> } | undefined;
  const current = (): Promise<Read> => {
    const now = performance.now();
    if (!last || now - last.at > READ_REUSE_MS) {
      const read = readSyncState(db).then(
        (state) => (state ? { state, status: syncStatus(state) } : null),
        () => null,
      );
      last = { at: now, read };
    }
    return last.read;
  };
  const seconds = (iso: string | null) => (iso === null ? undefined : Date.parse(iso) / 1000);
  const gauge = (name: string, help: string, value: (r: NonNullable<Read>) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      // Every worker of a cluster reads the same state: its value once, not a sum over workers.
      aggregator: 'first',
      async collect() {
        this.reset();
        const r = await current();
        const v = r ? value(r) : undefined;
        if (v !== undefined) this.set(v);
      },
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
  new Gauge({
    name: 'rates_sync_last_result',
    help: 'The last sync run: 1 for its result (ok, failed, running)',
    labelNames: ['result'],
    registers: [registry],
    // Every worker of a cluster reads the same state: its value once, not a sum over workers.
    aggregator: 'first',
    async collect() {
      this.reset();
      const r = await current();
      if (r) for (const result of RESULTS) this.set({ result }, r.status.lastResult === result ? 1 : 0);
    },
  });
}
