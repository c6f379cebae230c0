import type { storedGauges } from '../gateway/stored-gauges.js';
import { epochSeconds as seconds } from '../gateway/stored-gauges.js';
import type { RunStatus, RunSummary } from './state.js';

/** A source's record and status, as its gauges read them at each scrape. */
export interface SourceSeries {
  state: { lastRun: RunSummary | null };
  status: RunStatus;
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
    (r) => r.state.lastRun?.requests,
  );
  gauge(
    `${prefix}_last_run_batches`,
    `Batches published by the last ${words.run}`,
    (r) => r.state.lastRun?.batches,
  );
  lastResult(
    `${prefix}_last_result`,
    `${words.result}: 1 for its result (ok, failed, running)`,
    (r) => r.status.lastResult,
  );
}
