// The source framework's run records (issue 53 item 3): what a run of any source (the sync, each
// connector) records in the store as it goes and when it ends, and what its status says of it.

/** A run of a source as recorded: each source adds its own figures (rows read, windows, refused). */
export interface RunSummary {
  startedAt: string;
  finishedAt: string | null;
  result: 'running' | 'ok' | 'failed';
  /** What stopped a failed run, in the framework's words (never a key or a credential). */
  error: string | null;
  requests: number;
  retries: number;
  batches: number;
  seconds: number;
}

/** A new run's record: running, nothing counted yet, and the source's own figures at their start. */
export function startedRun<F extends object>(now: Date, figures: F): RunSummary & F {
  return {
    startedAt: now.toISOString(),
    finishedAt: null,
    result: 'running',
    error: null,
    requests: 0,
    retries: 0,
    batches: 0,
    seconds: 0,
    ...figures,
  };
}

/**
 * Runs `go` and records how it ended in `summary` (and the success in `state`), whatever it is: the
 * requests of its transport, the time, the error's message; then `save`s the state.
 */
export async function recordRun(
  summary: RunSummary,
  state: { lastSuccessAt: string | null },
  run: {
    now: () => Date;
    started: number;
    transport: { requests: number; retries: number };
    go: () => Promise<void>;
    save: () => Promise<void>;
  },
): Promise<void> {
  try {
    await run.go();
    summary.result = 'ok';
    state.lastSuccessAt = run.now().toISOString();
  } catch (error) {
    summary.result = 'failed';
    summary.error = error instanceof Error ? error.message : String(error);
  } finally {
    summary.requests = run.transport.requests;
    summary.retries = run.transport.retries;
    summary.finishedAt = run.now().toISOString();
    summary.seconds = (performance.now() - run.started) / 1000;
    await run.save();
  }
}

/** A run's progress as it is told (a bar, log lines): units (windows, funds, months) done of those known so far. */
export interface RunProgress {
  done: number;
  total: number;
  /** Rows read from the source so far. */
  rows: number;
  requests: number;
}

/** What every source's status says of its last run (`rates sync status`, `rates connect status`, /ready). */
export interface RunStatus {
  lastRunAt: string | null;
  lastResult: RunSummary['result'] | null;
  lastError: string | null;
  lastSuccessAt: string | null;
}

export function runStatus(state: { lastRun: RunSummary | null; lastSuccessAt: string | null }): RunStatus {
  return {
    lastRunAt: state.lastRun?.startedAt ?? null,
    lastResult: state.lastRun?.result ?? null,
    lastError: state.lastRun?.error ?? null,
    lastSuccessAt: state.lastSuccessAt,
  };
}

/** Seconds from `iso` to `now` (none before it): how long ago a run ended. */
export function secondsSince(iso: string | null, now: Date): number | null {
  return iso === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
}

/**
 * A source in the one list of the sources (src/source-list.ts), whatever its kind: the same fields
 * for the sync and each connector in `rates connect status`, /ready's `sources` and the
 * rates_source_* gauges.
 */
export interface SourceStatus extends RunStatus {
  /** Its name: `sync`, or the connector's (`bot-fx`). */
  source: string;
  /** Whom it reads: the sync's upstream, a connector's publisher. */
  from: string;
  /** Its first run is done: the first sync, a connector's backfill. */
  backfillDone: boolean;
  /** The latest day it holds: the sync's last day read by a complete run, a connector's latest day the source had. */
  latestDate: string | null;
  /** The day the source's release schedule says is out by now; null for a source without one (the sync). */
  expectedDate: string | null;
  /** Release days between the latest day held and the expected one (0: up to date); null without a schedule. */
  lagDays: number | null;
  /** Seconds since its last successful run ended. */
  lagSeconds: number | null;
}

/** The figures of a source's last run that every source counts (status lines, gauges). */
export interface RunFigures extends Pick<RunSummary, 'requests' | 'retries' | 'batches' | 'seconds'> {
  /** Rows read from the source. */
  fetched: number;
  /** Rows new or changed in this store. */
  published: number;
  /** Rows the checks refused and left out of their batch. */
  refused: number;
}

/** A source as the list tells it: its status, and its last run's figures (none before a run). */
export interface SourceRecord {
  status: SourceStatus;
  figures: RunFigures | null;
}
