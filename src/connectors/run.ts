import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Config } from '../config.js';
import { addDays, bangkokToday } from '../domain/dates.js';
import { echo } from '../domain/errors.js';
import { dataType, fileColumns, sourceKeys } from '../data-types/index.js';
import { References } from '../data-types/references.js';
import { newRowContext } from '../data-types/row-context.js';
import { checkObjects } from '../ingest/check.js';
import { IMPORT_TYPES, type ImportType, type RowContext } from '../ingest/spec.js';
import type { Store } from '../store/db.js';
import { readReferenceKeys } from '../store/reference-reads.js';
import { encodeRows } from '../store/row-slice.js';
import { publishRunBatch } from '../sources/publish.js';
import { recordRun, startedRun, type RunProgress } from '../sources/state.js';
import type { Connector, ImportRows, Window } from './connector.js';
import { CallWindow } from '../sources/call-window.js';
import { ConnectorError, SourceHttp } from './http.js';
import {
  readConnectorState,
  writeConnectorState,
  type ConnectorRunSummary,
  type ConnectorState,
  type RefusedRow,
} from './state.js';

export interface ConnectorOptions {
  settings: Config;
  /** First day of the backfill (default: the connector's earliest); another one starts a new backfill. */
  since?: string;
  /** Write import files into this folder (one per window) instead of publishing. */
  dryRunOut?: string;
  now?: () => Date;
  signal?: AbortSignal;
  /** Told as each request (and retry) leaves, after its pacing (tests check the pacing with it). */
  onRequest?: () => void;
  /** First back-off wait after a failure, in ms (tests make it short). */
  backoffMs?: number;
  onBatch?: (batch: ConnectorBatch) => void;
  onProgress?: (progress: ConnectorProgress) => void;
  onWait?: (ms: number, why: string) => void;
}

export interface ConnectorBatch {
  /** Null: nothing in the window was new (no batch), or a dry run. */
  batchId: number | null;
  window: Window;
  fetched: number;
  inserted: number;
  changed: number;
  unchanged: number;
  refused: number;
  /** The dry run's folder of this window's import files. */
  folder?: string;
}

/** Windows done of the run's. */
export type ConnectorProgress = RunProgress;

/** The windows of at most `days` days from `from` to `to`. */
export function windowsOf(from: string, to: string, days: number): Window[] {
  const windows: Window[] = [];
  for (let start = from; start <= to;) {
    const end = [addDays(start, days - 1), to].sort()[0]!;
    windows.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return windows;
}

/**
 * One run of a connector: the backfill (resumed where an earlier run stopped), then the recent days
 * (less the correction window), a window per batch, each published all or nothing through the
 * import's publisher with the connector's progress in the same transaction. The run's result is
 * recorded whatever it is (not by a dry run, which changes nothing in the store).
 */
export async function runConnector(
  store: Store,
  connector: Connector,
  options: ConnectorOptions,
): Promise<ConnectorRunSummary> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const { settings } = options;
  const today = bangkokToday(now());
  const dry = options.dryRunOut !== undefined;
  const identity = connector.identity(settings);
  const stored = await readConnectorState(store.db, connector.name);
  const since = options.since ?? stored?.since ?? connector.earliest;
  const fresh = !stored || stored.identity !== identity || stored.since !== since;
  const state: ConnectorState = fresh
    ? {
        connector: connector.name,
        identity,
        since,
        until: today,
        cursor: null,
        latestDate: null,
        lastSuccessAt: stored?.identity === identity ? stored.lastSuccessAt : null,
        lastRun: null,
        ...described(connector),
      }
    : { ...stored, ...described(connector) };
  const summary: ConnectorRunSummary = startedRun(now(), {
    windows: 0,
    fetched: 0,
    published: 0,
    unchanged: 0,
    refused: [] as RefusedRow[],
  });
  const credentials = connector.credentials(settings);
  const limit = connector.callLimit?.(settings);
  const pace = limit ? new CallWindow(limit.calls, limit.windowMs) : undefined;
  const http = new SourceHttp({
    timeoutMs: settings.connectTimeoutMs,
    retries: settings.connectRetries,
    maxAnswerBytes: settings.connectMaxAnswerBytes,
    backoffMs: options.backoffMs,
    secrets: credentials.map((c) => c.value),
    signal: options.signal,
    onWait: options.onWait,
    onRequest: options.onRequest,
    pace,
  });
  if (!dry) {
    state.lastRun = summary;
    await writeConnectorState(store.db, state);
  }
  await recordRun(summary, state, {
    now,
    started,
    transport: http,
    go: async () => {
      for (const { credential, value } of credentials)
        if (!value)
          throw new ConnectorError(
            'credential',
            `${credential.env} is not set: get one at ${credential.where} and set ${credential.env}.`,
          );
      const run = await connector.open({ store, http, settings, today, dryRun: dry });
      const windows = plan(state, connector, settings, today);
      // What rows may refer to: the store's reference rows, and what this run's windows add to them.
      const refs = References.fromKeys(await readReferenceKeys(store.db));
      for (const [i, window] of windows.entries()) {
        const fetched = await run.fetchWindow(window);
        summary.windows++;
        summary.fetched += fetched.fetched;
        const ctx = newRowContext(refs, today);
        for (const r of fetched.refused ?? []) summary.refused.push(cut(r));
        const checked = checkRows(
          fetched.rows,
          ctx,
          summary.refused,
          `${connector.name} ${window.from} to ${window.to}`,
        );
        const after: ConnectorState = {
          ...state,
          cursor: state.cursor === null || window.to > state.cursor ? window.to : state.cursor,
          latestDate:
            [state.latestDate, fetched.latest]
              .filter((d): d is string => d !== null)
              .sort()
              .at(-1) ?? null,
        };
        const batch: ConnectorBatch = {
          batchId: null,
          window,
          fetched: fetched.fetched,
          inserted: 0,
          changed: 0,
          unchanged: 0,
          refused: checked.refused + (fetched.refused?.length ?? 0),
        };
        if (dry) {
          batch.folder = writeFiles(options.dryRunOut!, i + 1, window, checked.accepted);
          batch.inserted = Object.values(checked.accepted).reduce((n, rows) => n + rows.length, 0);
        } else {
          const written = Object.entries(checked.built) as [ImportType, object[]][];
          const published = await publishRunBatch(
            store,
            {
              summary,
              now: options.now,
              saveProgress: (db) => writeConnectorState(db, { ...after, lastRun: summary }),
            },
            { kind: `connect ${connector.name}`, source: `${connector.name}: ${connector.source}` },
            async (w) => {
              for (const [type, rows] of written)
                if (rows.length > 0) await w.write(type, encodeRows(rows as Record<string, unknown>[]).slice);
            },
          );
          Object.assign(batch, { batchId: published.batchId, ...published.counts });
          summary.published += published.counts.inserted + published.counts.changed;
          summary.unchanged += published.counts.unchanged;
        }
        Object.assign(state, after);
        options.onBatch?.(batch);
        options.onProgress?.({
          done: i + 1,
          total: windows.length,
          rows: summary.fetched,
          requests: http.requests,
        });
      }
    },
    save: async () => {
      if (pace) summary.pacedMs = pace.waitedMs;
      if (!dry) await writeConnectorState(store.db, { ...state, lastRun: summary });
    },
  });
  return summary;
}

/** What a state says of its connector, so a status or a credit needs no connector loaded. */
const described = (c: Connector) => ({ source: c.source, groups: c.groups, release: c.release });

/** The windows of this run: what is left of the backfill, then the recent days less the correction window. */
function plan(state: ConnectorState, connector: Connector, settings: Config, today: string): Window[] {
  const days = connector.windowDays;
  if (state.cursor === null || state.cursor < state.until) {
    const from = state.cursor === null ? state.since : addDays(state.cursor, 1);
    return [
      ...windowsOf(from, state.until, days),
      ...(state.until < today ? windowsOf(addDays(state.until, 1), today, days) : []),
    ];
  }
  // Corrections come to the days held: from the latest day the source had (the cursor may be ahead of it, on days not out yet).
  const base = state.latestDate !== null && state.latestDate < state.cursor ? state.latestDate : state.cursor;
  const from = [addDays(base, 1 - settings.connectCorrectionDays), state.since].sort().at(-1)!;
  return from <= today ? windowsOf(from, today, days) : [];
}

/** A refused row as it is listed and printed: its key and day come from the source, cut as the import cuts a value. */
const cut = (r: RefusedRow): RefusedRow => ({
  ...r,
  key: echo(r.key),
  date: r.date === null ? null : echo(r.date),
});

/**
 * Every row through the import's checks (checkObjects), one at a time with the window's context, in
 * the order a batch applies its types: a refused row is left out and listed by key and date, the rest
 * go on. A second row for a key of the window refuses the window whole, as an import refuses a
 * duplicate: which of the two the source meant cannot be told. `built` is what the publisher writes,
 * `accepted` the same rows as the import files hold them.
 */
function checkRows(
  rows: ImportRows,
  ctx: RowContext,
  refused: RefusedRow[],
  window: string,
): { built: Partial<Record<ImportType, object[]>>; accepted: ImportRows; refused: number } {
  const built: Partial<Record<ImportType, object[]>> = {};
  const accepted: ImportRows = {};
  let count = 0;
  for (const type of IMPORT_TYPES) {
    const list = rows[type];
    if (!list) continue;
    const good: object[] = (built[type] = []);
    const kept: Record<string, unknown>[] = (accepted[type] = []);
    const [keyColumn, dateColumn] = sourceKeys(dataType(type));
    for (let i = 0; i < list.length; i++) {
      const result = checkObjects(type, [list[i]!], ctx);
      if ('rows' in result) {
        good.push(result.rows[0]!);
        kept.push(list[i]!);
      } else {
        const row = cut({
          type,
          key: String(list[i]![keyColumn] ?? ''),
          date: dateColumn === null ? null : String(list[i]![dateColumn] ?? ''),
          column: result.issue.column,
          reason: result.issue.reason,
        });
        if (result.issue.duplicate)
          throw new ConnectorError(
            'refused',
            `${window}: ${type} ${row.key}${row.date ? ` ${row.date}` : ''}: ${row.reason}; the window publishes nothing`,
          );
        count++;
        refused.push(row);
      }
    }
  }
  return { built, accepted, refused: count };
}

/** A window's rows as import files, one CSV per type, in a folder `rates import` takes as one batch. */
function writeFiles(out: string, n: number, window: Window, rows: ImportRows): string {
  const folder = join(out, `${String(n).padStart(4, '0')}-${window.from}_${window.to}`);
  mkdirSync(folder, { recursive: true });
  for (const [type, list] of Object.entries(rows)) {
    if (list.length === 0) continue;
    writeFileSync(
      join(folder, `${type}.csv`),
      stringify(list, { header: true, columns: fileColumns(dataType(type as ImportType)).map(([c]) => c) }),
    );
  }
  return folder;
}
