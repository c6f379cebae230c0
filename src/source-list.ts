// Every source of the source framework (src/sources/), in one list: the sync, whose upstream is another
// instance of this interface (SYNC_FROM, docs/sync.md), and the connectors to public sources, bot-fx,
// bot-rates and sec-funds (CONNECTORS, src/connectors/index.ts). `rates serve` starts their jobs, and
// `rates connect status`, /ready and /metrics list them from here, each with the same columns, so a
// kind of source is added once.
// Not in src/sources/: the framework is below the sync and the connectors, this list above them.
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import { registerConnectorMetrics } from './connectors/metrics.js';
import {
  connectorSource,
  connectorStatus,
  readConnectorStates,
  type ConnectorStatus,
} from './connectors/state.js';
import type { SourceLog } from './sources/job.js';
import { registerSourceListMetrics } from './sources/metrics.js';
import type { SourceRecord, SourceStatus } from './sources/state.js';
import type { Database } from './store/schema.js';
import type { Store } from './store/db.js';
import { registerSyncMetrics } from './sync/metrics.js';
import { readSyncState, syncSource, syncStatus, type SyncStatus } from './sync/state.js';

/** A source in the one list, with its kind's own status and last run (`rates connect status --json`). */
export interface ListedSource extends SourceRecord {
  details: object;
}

/** Each kind's own part of /ready, as it was before the one list (docs/sync.md, docs/connectors.md). */
interface ReadyParts {
  sync?: SyncStatus;
  connectors?: ConnectorStatus[];
}

/** What /ready says of the sources that ran on this store: the one list, and each kind's own part. */
export interface SourceStatuses extends ReadyParts {
  sources?: SourceStatus[];
}

/** A source's job as `rates serve` runs it: started with its store, stopped before the store closes. */
interface SourceKind {
  /** Whether this service runs it (its setting is set). */
  on(config: Config): boolean;
  /** Loaded only when on: modules a service without it does without (CONTRIBUTING.md, Measurements). */
  start(store: Store, config: Config, log: SourceLog): Promise<{ stop(): Promise<void> }>;
  /** Its own gauges in /metrics (older than the rates_source_* family), read from the store at each scrape. */
  metrics(registry: Registry, db: Kysely<Database>): void;
  /**
   * Its sources that ran on this store, read once: each in the one list, and its own part of /ready.
   * Nothing while it never ran here; a failed read says nothing either.
   */
  read(db: Kysely<Database>, now: Date): Promise<{ listed: ListedSource[]; ready: ReadyParts }>;
}

const SOURCES: readonly SourceKind[] = [
  {
    on: (config) => config.syncFrom !== null,
    start: async (store, config, log) =>
      (await import('./sync/job.js')).startSyncJob(store, { ...config, syncFrom: config.syncFrom! }, log),
    metrics: registerSyncMetrics,
    read: async (db, now) => {
      const state = await readSyncState(db).catch(() => null);
      if (!state) return { listed: [], ready: {} };
      const status = syncStatus(state, now);
      const details = { ...status, lastRun: state.lastRun };
      return { listed: [{ ...syncSource(state, now), details }], ready: { sync: status } };
    },
  },
  {
    on: (config) => config.connectors.length > 0,
    start: async (store, config, log) =>
      (await import('./connectors/job.js')).startConnectorJobs(store, config, log),
    metrics: registerConnectorMetrics,
    read: async (db, now) => {
      const states = await readConnectorStates(db).catch(() => []);
      const connectors = states.map((state) => connectorStatus(state, now));
      const listed = states.map((state, i) => ({
        ...connectorSource(state, now),
        details: { ...connectors[i], lastRun: state.lastRun },
      }));
      return { listed, ready: connectors.length > 0 ? { connectors } : {} };
    },
  },
];

/**
 * The jobs of the sources this service runs (in one process, or the cluster's primary: never in
 * every worker), each on the store `storeFor` gives it. `stop` aborts the runs in progress and waits.
 * A source that fails to start stops those started before it (their timers and stores would
 * otherwise outlive the failure) and closes its own store, then the failure is thrown.
 */
export async function startSourceJobs(
  config: Config,
  log: SourceLog,
  storeFor: () => { store: Store; close?: () => Promise<void> },
): Promise<{ stop(): Promise<void> }> {
  const jobs: { stop(): Promise<void> }[] = [];
  const stop = async () => void (await Promise.all(jobs.map((j) => j.stop())));
  try {
    for (const source of SOURCES.filter((s) => s.on(config))) {
      const { store, close } = storeFor();
      const job = await source.start(store, config, log).catch(async (error: unknown) => {
        await close?.();
        throw error;
      });
      jobs.push({ stop: () => job.stop().then(() => close?.()) });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/** Every source that ran on this store, in the one list: the sync first, then each connector. */
export async function listSources(db: Kysely<Database>, now = new Date()): Promise<ListedSource[]> {
  return (await Promise.all(SOURCES.map((s) => s.read(db, now)))).flatMap((r) => r.listed);
}

/** Every source's gauges: the rates_source_* family and each kind's own (none before a run here). */
export function registerSourceMetrics(registry: Registry, db: Kysely<Database>): void {
  registerSourceListMetrics(registry, () => listSources(db));
  for (const source of SOURCES) source.metrics(registry, db);
}

/** What /ready says of the sources: the one list (`sources`), and each kind's own part. */
export async function sourceStatuses(db: Kysely<Database>): Promise<SourceStatuses> {
  const now = new Date();
  const read = await Promise.all(SOURCES.map((s) => s.read(db, now)));
  const listed = read.flatMap((r) => r.listed);
  return Object.assign(
    {},
    ...read.map((r) => r.ready),
    listed.length > 0 ? { sources: listed.map((l) => l.status) } : {},
  ) as SourceStatuses;
}
