import type { Config } from '../config.js';
import type { Store } from '../store/db.js';
import { loadConnector } from './index.js';
import { runConnector } from './run.js';
import { SourceJobs, untilNext, type SourceLog } from '../sources/job.js';
import { waitLine } from '../sources/transport.js';

export type ConnectorLog = SourceLog;

/**
 * The connectors CONNECTORS names, as jobs of `rates serve` (in the primary only, with WORKERS): each
 * runs at start (a backfill or a catch-up), then daily at its schedule (Bangkok time, after its
 * source's release). One run at a time across them, so a source is asked one request at a time. A
 * log line per batch and one per run (never a credential: errors are the framework's words). `stop`
 * aborts a run in progress; what it published stays, and the next start resumes from there.
 */
export function startConnectorJobs(
  store: Store,
  config: Config,
  log: ConnectorLog,
): { stop(): Promise<void> } {
  const jobs = new SourceJobs(log);
  const once = async (name: string) => {
    const connector = await loadConnector(name);
    const summary = await runConnector(store, connector, {
      settings: config,
      signal: jobs.signal,
      onBatch: (b) =>
        log.info(
          { connector: name, batch: { ...b } },
          `${name}: ${b.window.from} to ${b.window.to}: ${b.batchId === null ? 'no batch' : `batch ${b.batchId}`}: ${b.inserted} new, ${b.changed} changed, ${b.refused} refused`,
        ),
      onWait: (ms, why) => log.warn({ connector: name, waitMs: ms }, waitLine(name, ms, why)),
    });
    const { error, refused, ...figures } = summary;
    if (summary.result === 'ok')
      log.info({ connector: name, run: { ...figures, refused: refused.length } }, `${name} done`);
    else if (!jobs.signal.aborted) log.error({ connector: name, run: figures }, `${name} failed: ${error}`);
    for (const r of refused)
      log.warn(
        { connector: name, refused: r },
        `${name}: refused ${r.type} ${r.key} ${r.date ?? ''}: ${r.reason}`,
      );
  };
  const enqueue = (name: string) => void jobs.enqueue(name, () => once(name), { connector: name });
  const schedule = (name: string, time: string) =>
    jobs.after(untilNext(time, new Date()), () => {
      enqueue(name);
      schedule(name, time);
    });
  for (const name of config.connectors) {
    enqueue(name);
    void loadConnector(name).then(
      (c) => schedule(name, c.schedule(config)),
      (err: unknown) => log.error({ err }, `connector ${name} not available`),
    );
  }
  return { stop: () => jobs.stop() };
}
