import type { Registry } from 'prom-client';
import { epochSeconds as seconds, storedGauges } from '../gateway/stored-gauges.js';
import type { RunStatus, SourceRecord } from './state.js';

/** A source's status and last run, as its gauges read them at each scrape. */
export interface SourceSeries {
  status: RunStatus;
  lastRun: { requests: number; batches: number } | null;
}

/**
 * The gauges every source has, after the source's own: `PREFIX_last_run_timestamp_seconds`,
 * `..._last_success_timestamp_seconds`, `..._last_run_requests`, `..._last_run_batches` and
 * `..._last_result`. `words` name the run and whom it asks in the help texts.
 */
export function runGauges<T extends SourceSeries>(
  gauges: ReturnType<typeof storedGauges<T>>,
  prefix: string,
  words: { run: string; from: string; result: string },
): void {
  const { gauge, lastResult } = gauges;
  gauge(`${prefix}_last_run_timestamp_seconds`, `When the last ${words.run} started`, (r) =>
    seconds(r.status.lastRunAt),
  );
  gauge(`${prefix}_last_success_timestamp_seconds`, `When the last successful ${words.run} ended`, (r) =>
    seconds(r.status.lastSuccessAt),
  );
  gauge(
    `${prefix}_last_run_requests`,
    `Requests to the ${words.from} in the last ${words.run}`,
    (r) => r.lastRun?.requests,
  );
  gauge(
    `${prefix}_last_run_batches`,
    `Batches published by the last ${words.run}`,
    (r) => r.lastRun?.batches,
  );
  lastResult(
    `${prefix}_last_result`,
    `${words.result}: 1 for its result (ok, failed, running)`,
    (r) => r.status.lastResult,
  );
}

/**
 * One family of gauges for every source, the sync and the connectors alike, a series per source
 * (label `source`), read from the one list of the sources (`read`) at each scrape: whether its first
 * run is done, its lag, its last run's rows, and the run gauges every source has (runGauges).
 */
export function registerSourceListMetrics(registry: Registry, read: () => Promise<SourceRecord[]>): void {
  if (registry.getSingleMetric('rates_source_last_result')) return;
  const gauges = storedGauges(
    registry,
    async () => (await read()).map(({ status, figures }) => ({ status, lastRun: figures })),
    { name: 'source', of: (r) => r.status.source },
  );
  const { gauge } = gauges;
  gauge('rates_source_backfill_done', '1 once the first run (first sync, backfill) is complete', (r) =>
    r.status.backfillDone ? 1 : 0,
  );
  gauge(
    'rates_source_lag_seconds',
    'Seconds since the last successful run ended',
    (r) => r.status.lagSeconds,
  );
  gauge(
    'rates_source_lag_days',
    'Release days between the latest day held and the day its schedule says is out (sources with a schedule)',
    (r) => r.status.lagDays,
  );
  gauge(
    'rates_source_last_run_fetched_rows',
    'Rows read from the source in the last run',
    (r) => r.lastRun?.fetched,
  );
  gauge(
    'rates_source_last_run_refused_rows',
    'Rows the checks refused in the last run',
    (r) => r.lastRun?.refused,
  );
  runGauges(gauges, 'rates_source', { run: 'run', from: 'source', result: 'The last run of each source' });
}
