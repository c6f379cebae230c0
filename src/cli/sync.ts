import { HTTP_URL } from '../settings.js';
import { waitLine } from '../sources/transport.js';
import { readSyncState, syncStatus } from '../sync/state.js';
import { runSync, type SyncProgress } from '../sync/run.js';
import { syncOptions } from '../sync/settings.js';
import { progressBar } from './progress-bar.js';
import { withStore } from './with-store.js';

interface SyncCommandOptions {
  from?: string;
  key?: string;
  since?: string;
  full?: boolean;
  rate?: number;
  concurrency?: number;
  timeout?: number;
  retries?: number;
  window?: number;
}

/** A bar on a terminal; otherwise a line every few seconds (logs). */
function progressDisplay() {
  const bar = progressBar('syncing {phase} [{bar}] {value}/{total} | {rows} rows | {requests} requests');
  if (bar)
    return {
      update: (p: SyncProgress) =>
        bar.update(p.done, p.total, { phase: p.phase.padEnd(6), rows: p.rows, requests: p.requests }),
      stop: bar.stop,
    };
  let last = 0;
  return {
    update(p: SyncProgress) {
      if (performance.now() - last < 5000) return;
      last = performance.now();
      process.stderr.write(
        `syncing ${p.phase}: ${p.done}/${p.total}, ${p.rows} rows, ${p.requests} requests\n`,
      );
    },
    stop: () => undefined,
  };
}

export async function syncCommand(options: SyncCommandOptions): Promise<void> {
  await withStore(async (store, settings) => {
    const from = options.from ?? settings.syncFrom;
    if (!from) throw new Error('Say where to sync from: --from URL (or SYNC_FROM)');
    if (!new RegExp(HTTP_URL).test(from)) throw new Error(`--from must be an http(s) URL, got '${from}'`);
    // The key may come from SYNC_KEY instead, which keeps it out of the process list.
    const key = options.key ?? settings.syncKey;
    const base = syncOptions(settings, from, key);
    const progress = progressDisplay();
    const summary = await runSync(store, {
      ...base,
      rate: options.rate ?? base.rate,
      concurrency: options.concurrency ?? base.concurrency,
      timeoutMs: options.timeout ?? base.timeoutMs,
      retries: options.retries ?? base.retries,
      windowDays: options.window ?? base.windowDays,
      since: options.since,
      full: options.full,
      onProgress: (p) => progress.update(p),
      onWait: (ms, why) => process.stderr.write(`\n${waitLine('sync', ms, why)}\n`),
    }).finally(() => progress.stop());
    const n = (x: number) => x.toLocaleString('en-US');
    const rate = summary.seconds > 0 ? Math.round(summary.rows / summary.seconds) : summary.rows;
    console.log(
      summary.result === 'ok' ? `Sync from ${from} done.` : `Sync from ${from} FAILED: ${summary.error}`,
    );
    console.log(
      [
        `  requests        ${n(summary.requests)} (${n(summary.retries)} retried)`,
        `  rows read       ${n(summary.rows)}`,
        `  rows written    ${n(summary.written)}`,
        `  batches         ${n(summary.batches)}`,
        `  time            ${summary.seconds.toFixed(1)} s`,
        `  rows/s          ${n(rate)}`,
      ].join('\n'),
    );
    if (summary.result !== 'ok') process.exitCode = 1;
  });
}

export async function syncStatusCommand(options: { json?: boolean }): Promise<void> {
  await withStore(async (store) => {
    const state = await readSyncState(store.db);
    if (!state) {
      console.log(options.json ? 'null' : 'No sync has run on this database.');
      return;
    }
    const status = syncStatus(state);
    if (options.json) {
      console.log(JSON.stringify({ ...status, lastRun: state.lastRun }, null, 2));
      return;
    }
    const run = state.lastRun;
    console.log(
      [
        `upstream        ${status.upstream}`,
        `phase           ${status.phase === 'done' ? 'first sync done' : `first sync at ${status.phase}`}`,
        `last run        ${status.lastRunAt ?? '-'} (${status.lastResult ?? '-'})`,
        ...(status.lastError ? [`error           ${status.lastError}`] : []),
        ...(run
          ? [
              `                ${run.requests} requests, ${run.rows} rows, ${run.batches} batches, ${run.seconds.toFixed(1)} s`,
            ]
          : []),
        `last success    ${status.lastSuccessAt ?? '-'}`,
        `lag             ${status.lagSeconds === null ? '-' : `${status.lagSeconds} s`}`,
      ].join('\n'),
    );
    if (status.lastResult === 'failed') process.exitCode = 1;
  });
}
