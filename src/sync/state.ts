import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import {
  runStatus,
  secondsSince,
  type RunStatus,
  type RunSummary,
  type SourceRecord,
} from '../sources/state.js';
import { readSyncStateText, writeSyncStateText } from '../store/sync-state-repo.js';

/** The one sync a store has (a mirror copies one upstream); its row in sync_state. */
const NAME = 'upstream';

/** A sync run as recorded: a source's run (src/sources/state.ts) and the sync's own figures. */
export interface SyncRunSummary extends RunSummary {
  /** Rows read from the upstream. */
  rows: number;
  /** Rows new or changed in this store. */
  written: number;
}

/**
 * Where a sync stands. A first sync copies the catalogue, then fund histories a group of funds per
 * batch (in fund number order), then FX rates a month per batch (from the latest month back), and
 * records after each batch how far it got, so an interrupted one resumes there. Once it is done,
 * later runs read only the days since `syncedUntil` (less a window for corrections).
 */
export interface SyncState {
  upstream: string;
  /** First day of the history asked for. */
  since: string;
  /** The last day the first sync reads (today when it started), fixed so a resumed one agrees. */
  until: string;
  phase: 'catalogue' | 'funds' | 'fx' | 'done';
  /** Funds with a number up to this one have their history (phase 'funds'). */
  fundCursor: number;
  /** Months from this one ('YYYY-MM') on have their FX rates (phase 'fx'); null: none yet. */
  fxCursor: string | null;
  /** Every day up to this one was read by a complete run (null until the first sync is done). */
  syncedUntil: string | null;
  lastSuccessAt: string | null;
  lastRun: SyncRunSummary | null;
}

export async function readSyncState(db: Kysely<Database>): Promise<SyncState | null> {
  const text = await readSyncStateText(db, NAME);
  return text === undefined ? null : (JSON.parse(text) as SyncState);
}

export async function writeSyncState(db: Kysely<Database>, state: SyncState): Promise<void> {
  await writeSyncStateText(db, NAME, JSON.stringify(state));
}

/** What /ready, /metrics and `rates sync status` say of the sync. */
export interface SyncStatus extends RunStatus {
  upstream: string;
  phase: SyncState['phase'];
  /** Seconds since the last successful run ended: how far behind the upstream this store may be. */
  lagSeconds: number | null;
}

export function syncStatus(state: SyncState, now = new Date()): SyncStatus {
  return {
    upstream: state.upstream,
    phase: state.phase,
    ...runStatus(state),
    lagSeconds: secondsSince(state.lastSuccessAt, now),
  };
}

/** The sync in the one list of the sources (src/source-list.ts): the name `sync`, no release schedule. */
export function syncSource(state: SyncState, now = new Date()): SourceRecord {
  const run = state.lastRun;
  return {
    status: {
      source: 'sync',
      from: state.upstream,
      backfillDone: state.phase === 'done',
      ...runStatus(state),
      latestDate: state.syncedUntil,
      expectedDate: null,
      lagDays: null,
      lagSeconds: secondsSince(state.lastSuccessAt, now),
    },
    // The sync refuses no row: a row the checks refuse fails its run (src/sync/row-checks.ts).
    figures: run && {
      requests: run.requests,
      retries: run.retries,
      batches: run.batches,
      seconds: run.seconds,
      fetched: run.rows,
      published: run.written,
      refused: 0,
    },
  };
}
