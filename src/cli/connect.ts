import type { Config } from '../config.js';
import { loadConnector } from '../connectors/index.js';
import { runConnector, type ConnectorBatch, type ConnectorProgress } from '../connectors/run.js';
import { listSources } from '../source-list.js';
import type { SourceRecord } from '../sources/state.js';
import { waitLine } from '../sources/transport.js';
import { progressBar } from './progress-bar.js';
import { withStore } from './with-store.js';

export interface ConnectCommandOptions {
  since?: string;
  dryRun?: boolean;
  out?: string;
  /** Settings a connector's own options stand for (e.g. --bank: BOT_BANK). */
  settings?: Partial<Config>;
}

const n = (x: number) => x.toLocaleString('en-US');

/** A bar on a terminal; otherwise a line per batch (logs). */
function display() {
  const bar = progressBar('connecting [{bar}] {value}/{total} windows | {rows} rows | {requests} requests');
  return {
    progress: (p: ConnectorProgress) =>
      bar?.update(p.done, p.total, { rows: n(p.rows), requests: n(p.requests) }),
    batch(b: ConnectorBatch) {
      if (bar) return;
      const what = b.folder
        ? `wrote ${b.folder}`
        : b.batchId === null
          ? 'no batch (nothing new)'
          : `batch ${b.batchId}`;
      process.stderr.write(
        `${b.window.from} to ${b.window.to}: ${what}: ${n(b.fetched)} fetched, ${n(b.inserted)} new, ${n(b.changed)} changed, ${n(b.unchanged)} unchanged, ${n(b.refused)} refused\n`,
      );
    },
    stop: () => bar?.stop(),
  };
}

/** `rates connect NAME`: one run of the connector, with a summary at the end. */
export function connectCommand(name: string) {
  return async (options: ConnectCommandOptions): Promise<void> => {
    if (options.dryRun && !options.out)
      throw new Error('--dry-run needs --out DIR: the folder for the import files');
    if (options.out && !options.dryRun) throw new Error('--out goes with --dry-run');
    const connector = await loadConnector(name);
    await withStore(async (store, config) => {
      const show = display();
      const summary = await runConnector(store, connector, {
        settings: { ...config, ...options.settings },
        since: options.since,
        dryRunOut: options.dryRun ? options.out : undefined,
        onBatch: (b) => show.batch(b),
        onProgress: (p) => show.progress(p),
        onWait: (ms, why) => process.stderr.write(`\n${waitLine(name, ms, why)}\n`),
      }).finally(() => show.stop());
      const rate = summary.seconds > 0 ? Math.round(summary.fetched / summary.seconds) : summary.fetched;
      console.log(
        summary.result === 'ok'
          ? `${name}${options.dryRun ? ' (dry run)' : ''} done.`
          : `${name} FAILED: ${summary.error}`,
      );
      console.log(
        [
          `  windows         ${n(summary.windows)}`,
          `  requests        ${n(summary.requests)} (${n(summary.retries)} retried)`,
          `  fetched         ${n(summary.fetched)} rows`,
          `  published       ${n(summary.published)} rows in ${n(summary.batches)} batches`,
          `  unchanged       ${n(summary.unchanged)} rows`,
          `  refused         ${n(summary.refused.length)} rows`,
          ...summary.refused.map(
            (r) =>
              `    ${r.type} ${r.key}${r.date ? ` ${r.date}` : ''}: ${r.column ? `${r.column}: ` : ''}${r.reason}`,
          ),
          `  time            ${summary.seconds.toFixed(1)} s`,
          `  rows/s          ${n(rate)}`,
        ].join('\n'),
      );
      if (summary.result !== 'ok' || summary.refused.length > 0) process.exitCode = 1;
    });
  };
}

/** `rates connect status`: every source that has run, the sync included, with the same lines. */
export async function connectStatusCommand(options: { json?: boolean }): Promise<void> {
  await withStore(async (store) => {
    const sources = await listSources(store.db);
    // --json exits 0 whatever it says (lastResult tells a failure), as `rates sync status --json` does.
    if (options.json) {
      console.log(
        JSON.stringify(
          sources.map((s) => ({ ...s.status, ...s.details })),
          null,
          2,
        ),
      );
      return;
    }
    if (sources.length === 0) console.log('No source has run on this database.');
    else console.log(sources.map(statusLines).join('\n'));
    if (sources.some((s) => s.status.lastResult === 'failed')) process.exitCode = 1;
  });
}

/** One source's status, in the lines every source has. */
function statusLines({ status: s, figures: run }: SourceRecord): string {
  const lag = [
    ...(s.lagDays === null ? [] : [`${s.lagDays} release days`]),
    ...(s.lagSeconds === null ? [] : [`${n(s.lagSeconds)} s since the last success`]),
  ];
  return [
    s.source,
    `  from            ${s.from}`,
    `  backfill        ${s.backfillDone ? 'done' : 'not done'}`,
    `  last run        ${s.lastRunAt ?? '-'} (${s.lastResult ?? '-'})`,
    ...(run
      ? [
          `                  ${n(run.requests)} requests, ${n(run.fetched)} fetched, ${n(run.published)} published, ${n(run.refused)} refused, ${run.seconds.toFixed(1)} s`,
        ]
      : []),
    ...(s.lastError ? [`  error           ${s.lastError}`] : []),
    `  last success    ${s.lastSuccessAt ?? '-'}`,
    `  latest date     ${s.latestDate ?? '-'}${s.expectedDate ? ` (source's expected: ${s.expectedDate})` : ''}`,
    `  lag             ${lag.length > 0 ? lag.join('; ') : '-'}`,
  ].join('\n');
}
