// Every source of the source framework (src/sources/), in one list: the sync, whose upstream is another
// instance of this interface (SYNC_FROM, docs/sync.md), and the connectors to public sources, bot-fx,
// bot-rates and sec-funds (CONNECTORS, src/connectors/index.ts). `rates serve` starts their jobs,
// /ready tells their states and /metrics their gauges from here, so a kind of source is added once.
// Not in src/sources/: the framework is below the sync and the connectors, this list above them.
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import { registerConnectorMetrics } from './connectors/metrics.js';
import { connectorStatus, readConnectorStates, type ConnectorStatus } from './connectors/state.js';
import type { SourceLog } from './sources/job.js';
import type { Database } from './store/schema.js';
import type { Store } from './store/db.js';
import { registerSyncMetrics } from './sync/metrics.js';
import { readSyncState, syncStatus, type SyncStatus } from './sync/state.js';

/** A source's job as `rates serve` runs it: started with its store, stopped before the store closes. */
interface SourceKind {
  /** Whether this service runs it (its setting is set). */
  on(config: Config): boolean;
  /** Loaded only when on: modules a service without it does without (CONTRIBUTING.md, Measurements). */
  start(store: Store, config: Config, log: SourceLog): Promise<{ stop(): Promise<void> }>;
  /** Its gauges in /metrics, read from the store at each scrape whichever process runs it. */
  metrics(registry: Registry, db: Kysely<Database>): void;
  /** Its part of /ready: nothing while it never ran on this store (a failed read says nothing either). */
  status(db: Kysely<Database>): Promise<SourceStatuses>;
}

/** What /ready says of the sources that ran on this store (docs/sync.md, docs/connectors.md). */
export interface SourceStatuses {
  sync?: SyncStatus;
  connectors?: ConnectorStatus[];
}

const SOURCES: readonly SourceKind[] = [
  {
    on: (config) => config.syncFrom !== null,
    start: async (store, config, log) =>
      (await import('./sync/job.js')).startSyncJob(store, { ...config, syncFrom: config.syncFrom! }, log),
    metrics: registerSyncMetrics,
    status: async (db) => {
      const state = await readSyncState(db).catch(() => null);
      return state ? { sync: syncStatus(state) } : {};
    },
  },
  {
    on: (config) => config.connectors.length > 0,
    start: async (store, config, log) =>
      (await import('./connectors/job.js')).startConnectorJobs(store, config, log),
    metrics: registerConnectorMetrics,
    status: async (db) => {
      const states = await readConnectorStates(db).catch(() => []);
      return states.length > 0 ? { connectors: states.map((state) => connectorStatus(state)) } : {};
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

/** Every source's gauges (a source that never ran on this store shows none). */
export function registerSourceMetrics(registry: Registry, db: Kysely<Database>): void {
  for (const source of SOURCES) source.metrics(registry, db);
}

/** What /ready says of the sources: each one's part, read from the store. */
export async function sourceStatuses(db: Kysely<Database>): Promise<SourceStatuses> {
  return Object.assign({}, ...(await Promise.all(SOURCES.map((s) => s.status(db))))) as SourceStatuses;
}
