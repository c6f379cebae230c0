import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import { storedGauges } from '../gateway/stored-gauges.js';
import { runGauges } from '../sources/metrics.js';
import type { Database } from '../store/schema.js';
import { connectorStatus, readConnectorStates } from './state.js';

/**
 * The connectors' gauges, one series per connector (label `connector`), read from the store at each
 * scrape so they say the same whichever process ran them. None while no connector has run.
 */
export function registerConnectorMetrics(registry: Registry, db: Kysely<Database>): void {
  if (registry.getSingleMetric('rates_connector_last_result')) return;
  const gauges = storedGauges(
    registry,
    async () =>
      (await readConnectorStates(db)).map((state) => ({
        state,
        status: connectorStatus(state),
        lastRun: state.lastRun,
      })),
    { name: 'connector', of: (r) => r.state.connector },
  );
  const { gauge } = gauges;
  gauge('rates_connector_backfill_done', '1 once the connector has backfilled from its first day', (r) =>
    r.status.backfillDone ? 1 : 0,
  );
  gauge(
    'rates_connector_lag_days',
    'Release days of the source between the latest day held and the day its schedule says is out',
    (r) => r.status.lagDays,
  );
  gauge(
    'rates_connector_last_run_fetched_rows',
    'Rows read from the source in the last run',
    (r) => r.state.lastRun?.fetched,
  );
  gauge(
    'rates_connector_last_run_refused_rows',
    "Rows the import's checks refused in the last run",
    (r) => r.state.lastRun?.refused.length,
  );
  runGauges(gauges, 'rates_connector', {
    run: 'run',
    from: 'source',
    result: 'The last run of each connector',
  });
}
