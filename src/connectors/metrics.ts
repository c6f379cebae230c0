import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../store/schema.js';
import { connectorStatus, readConnectorStates, type ConnectorState, type ConnectorStatus } from './state.js';

const RESULTS = ['ok', 'failed', 'running'] as const;
/** One read of the states serves every gauge of a scrape (they are collected together). */
const READ_REUSE_MS = 1000;

type Read = { state: ConnectorState; status: ConnectorStatus }[];

/**
 * The connectors' gauges, one series per connector (label `connector`), read from the store at each
 * scrape so they say the same whichever process ran them. None while no connector has run.
 */
export function registerConnectorMetrics(registry: Registry, db: Kysely<Database>): void {
  if (registry.getSingleMetric('rates_connector_last_result')) return;
  let last: { at: number; read: Promise<Read> } | undefined;
  const current = (): Promise<Read> => {
    const now = performance.now();
    if (!last || now - last.at > READ_REUSE_MS) {
      const read = readConnectorStates(db).then(
        (states) => states.map((state) => ({ state, status: connectorStatus(state) })),
        () => [],
      );
      last = { at: now, read };
    }
    return last.read;
  };
  const seconds = (iso: string | null) => (iso === null ? undefined : Date.parse(iso) / 1000);
  const gauge = (name: string, help: string, value: (r: Read[number]) => number | null | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['connector'],
      registers: [registry],
      aggregator: 'first',
      async collect() {
        this.reset();
        for (const r of await current()) {
          const v = value(r);
          if (v !== undefined && v !== null) this.set({ connector: r.state.connector }, v);
        }
      },
    });
  gauge('rates_connector_backfill_done', '1 once the connector has backfilled from its first day', (r) =>
    r.status.backfillDone ? 1 : 0,
  );
  gauge('rates_connector_last_run_timestamp_seconds', 'When the last run started', (r) =>
    seconds(r.status.lastRunAt),
  );
  gauge('rates_connector_last_success_timestamp_seconds', 'When the last successful run ended', (r) =>
    seconds(r.status.lastSuccessAt),
  );
  gauge(
    'rates_connector_lag_days',
    'Release days of the source between the latest day held and the day its schedule says is out',
    (r) => r.status.lagDays,
  );
  gauge(
    'rates_connector_last_run_requests',
    'Requests to the source in the last run',
    (r) => r.state.lastRun?.requests,
  );
  gauge(
    'rates_connector_last_run_fetched_rows',
    'Rows read from the source in the last run',
    (r) => r.state.lastRun?.fetched,
  );
  gauge(
    'rates_connector_last_run_batches',
    'Batches published by the last run',
    (r) => r.state.lastRun?.batches,
  );
  gauge(
    'rates_connector_last_run_refused_rows',
    "Rows the import's checks refused in the last run",
    (r) => r.state.lastRun?.refused.length,
  );
  new Gauge({
    name: 'rates_connector_last_result',
    help: 'The last run of each connector: 1 for its result (ok, failed, running)',
    labelNames: ['connector', 'result'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      for (const r of await current())
        for (const result of RESULTS)
          this.set({ connector: r.state.connector, result }, r.status.lastResult === result ? 1 : 0);
    },
  });
}
