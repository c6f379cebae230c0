/**
 * Connectors: `rates connect NAME` and the jobs of `rates serve` (CONNECTORS) that fill the store
 * from a public source (docs/connectors.md).
 *
 * How a connector plugs in:
 * 1. Write a `Connector` (connector.ts) in a folder of its own (src/connectors/bot/, .../sec/): its
 *    name, the source as credited ("Source: ..."), its credentials (settings of src/settings.ts,
 *    each with where to get it), its first day, the days one request may cover (`windowDays`), its
 *    release time (Bangkok) and schedule setting, and `open`, which starts a run whose
 *    `fetchWindow({from, to})` fetches one window through `context.http` (SourceHttp, http.ts: the
 *    sources' transport, src/sources/transport.ts, one request at a time, with timeouts, retries,
 *    Retry-After, same-origin redirects and bounded answers; a 401 named by its setting) and returns the rows as import files hold them (per import type, objects keyed by the
 *    type's columns, docs/import-formats.md), reference rows included.
 * 2. Add it to CONNECTORS below (loaded only when it runs) and its name to CONNECTOR_NAMES
 *    (src/settings.ts); `rates connect NAME` (src/cli/connect.ts) then has it, with options of its
 *    own added there.
 * The framework (run.ts) does the rest, the same for every connector: the backfill from --since a
 *    window at a time, resumable (state in `connector_state`, written in each batch's transaction),
 *    the correction window of later runs, every row through the import's checks (checkObjects; a
 *    refused row is listed by key and date, never published), one all-or-nothing batch per window
 *    through the publisher (no batch when nothing is new), --dry-run --out, the summary, status,
 *    /ready and /metrics, and the schedule of the job (job.ts). The connectors are one entry of the
 *    service's sources beside the sync (src/source-list.ts), whose framework is src/sources/.
 */
import type { Connector } from './connector.js';

export type { Connector, ConnectorRun, FetchedWindow, ImportRows, Window } from './connector.js';

/** Every connector, loaded when it is used (`rates serve` without CONNECTORS loads none). */
export const CONNECTORS: Readonly<Record<string, () => Promise<Connector>>> = {
  'bot-fx': async () => (await import('./bot/fx.js')).botFx,
  'bot-rates': async () => (await import('./bot/rates.js')).botRates,
  'sec-funds': async () => (await import('./sec/connector.js')).secFunds,
};

export async function loadConnector(name: string): Promise<Connector> {
  const load = CONNECTORS[name];
  if (!load) throw new Error(`No connector '${name}': there are ${Object.keys(CONNECTORS).join(', ')}`);
  return load();
}
