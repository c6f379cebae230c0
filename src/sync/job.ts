import type { Store } from '../store/db.js';
import { SourceJobs, type SourceLog } from '../sources/job.js';
import { waitLine } from '../sources/transport.js';
import { runSync } from './run.js';
import { syncOptions, type SyncSettings } from './settings.js';

export type SyncLog = SourceLog;

/**
 * `rates serve` with SYNC_FROM set: a sync at start, then every SYNC_INTERVAL_MINUTES after the last
 * one ended (never two at once), a log line per batch and one per run. `stop` aborts a run in
 * progress; what it published stays, and the next start resumes from there.
 */
export function startSyncJob(
  store: Store,
  settings: SyncSettings & { syncFrom: string },
  log: SyncLog,
): { stop(): Promise<void> } {
  const jobs = new SourceJobs(log);
  const once = async () => {
    const summary = await runSync(store, {
      ...syncOptions(settings, settings.syncFrom, settings.syncKey),
      signal: jobs.signal,
      onBatch: (b) =>
        log.info(
          { sync: b },
          `sync: batch ${b.batchId} (${b.covers}): ${b.inserted} new, ${b.changed} changed`,
        ),
      onWait: (ms, why) => log.warn({ waitMs: ms }, waitLine('sync', ms, why)),
    });
    const { error, ...figures } = summary;
    if (summary.result === 'ok') log.info({ sync: figures }, `sync from ${settings.syncFrom} done`);
    else if (!jobs.signal.aborted)
      log.error({ sync: figures }, `sync from ${settings.syncFrom} failed: ${error}`);
  };
  const schedule = () =>
    void jobs.enqueue('sync', once).then(() => jobs.after(settings.syncIntervalMinutes * 60_000, schedule));
  schedule();
  return { stop: () => jobs.stop() };
}
