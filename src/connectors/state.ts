import type { Kysely } from 'kysely';
import { expectedLatest, releaseDaysBetween, type ReleaseSchedule } from '../domain/release-schedule.js';
import type { Database } from '../store/schema.js';
import {
  runStatus,
  secondsSince,
  type RunStatus,
  type RunSummary,
  type SourceRecord,
} from '../sources/state.js';
import {
  readAllConnectorStateTexts,
  readConnectorStateText,
  writeConnectorStateText,
} from '../store/connector-state-repo.js';

/** A row the import's checks refused: never published, never dropped silently. */
export interface RefusedRow {
  type: string;
  /** The row's key: fund, family, product. */
  key: string;
  date: string | null;
  column: string | null;
  reason: string;
}

/** A connector's run as recorded: a source's run (src/sources/state.ts) and the connector's own figures. */
export interface ConnectorRunSummary extends RunSummary {
  windows: number;
  /** Rows read from the source. */
  fetched: number;
  /** Rows new or changed in this store. */
  published: number;
  /** Rows the store already held as they are. */
  unchanged: number;
  refused: RefusedRow[];
  /** Time requests were held to stay within the source's limit of calls (callLimit), in ms. */
  pacedMs?: number;
}

/**
 * Where a connector stands. A first run backfills from `since` to `until` (today when it started,
 * fixed so a resumed run agrees) a window at a time, `cursor` the last day of the last window done;
 * once past `until`, later runs read from the latest day held (less the correction window) to today.
 */
export interface ConnectorState {
  connector: string;
  /** What the run reads beyond the connector itself (e.g. the bank): another one starts afresh. */
  identity: string;
  since: string;
  until: string;
  /** Every day up to this one was read (null: none yet). */
  cursor: string | null;
  /** The latest day the source had data for, as read. */
  latestDate: string | null;
  lastSuccessAt: string | null;
  lastRun: ConnectorRunSummary | null;
  /** Who publishes the data and which service groups it fills (connector.ts), for /docs and the explorer. */
  source: string;
  groups: readonly string[];
  /** The source's release schedule, kept here so a status is told without loading the connector. */
  release: ReleaseSchedule;
}

export async function readConnectorState(db: Kysely<Database>, name: string): Promise<ConnectorState | null> {
  const text = await readConnectorStateText(db, name);
  return text === undefined ? null : (JSON.parse(text) as ConnectorState);
}

export async function readConnectorStates(db: Kysely<Database>): Promise<ConnectorState[]> {
  // A connector's own memory is kept by 'connector/part' (sec-funds/facts-read-at): not a state.
  return (await readAllConnectorStateTexts(db))
    .filter((r) => !r.name.includes('/'))
    .map((r) => JSON.parse(r.state) as ConnectorState);
}

export async function writeConnectorState(db: Kysely<Database>, state: ConnectorState): Promise<void> {
  await writeConnectorStateText(db, state.connector, JSON.stringify(state));
}

// A source's release schedule is the data types' (src/domain/release-schedule.ts).
export { expectedLatest, type ReleaseSchedule } from '../domain/release-schedule.js';

/** What /ready, /metrics and `rates connect status` say of a connector. */
export interface ConnectorStatus extends RunStatus {
  connector: string;
  backfillDone: boolean;
  latestDate: string | null;
  /** The day the source's release schedule says it has out by now. */
  expectedDate: string;
  /** Release days between the latest day held and the expected one (0: up to date). */
  lagDays: number | null;
}

export function connectorStatus(state: ConnectorState, now = new Date()): ConnectorStatus {
  const { release } = state;
  const expected = expectedLatest(release, now);
  const lag = state.latestDate === null ? null : releaseDaysBetween(release, state.latestDate, expected);
  return {
    connector: state.connector,
    backfillDone: state.cursor !== null && state.cursor >= state.until,
    ...runStatus(state),
    latestDate: state.latestDate,
    expectedDate: expected,
    lagDays: lag,
  };
}

/** A connector in the one list of the sources (src/source-list.ts), named as it is. */
export function connectorSource(state: ConnectorState, now = new Date()): SourceRecord {
  const { connector, backfillDone, latestDate, expectedDate, lagDays, ...run } = connectorStatus(state, now);
  const last = state.lastRun;
  return {
    status: {
      source: connector,
      from: state.source,
      backfillDone,
      ...run,
      latestDate,
      expectedDate,
      lagDays,
      lagSeconds: secondsSince(state.lastSuccessAt, now),
    },
    figures: last && {
      requests: last.requests,
      retries: last.retries,
      batches: last.batches,
      seconds: last.seconds,
      fetched: last.fetched,
      published: last.published,
      refused: last.refused.length,
    },
  };
}
