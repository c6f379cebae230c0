import type { Store } from '../store/db.js';
import { runSync } from './run.js';
import { syncOptions, type SyncSettings } from './settings.js';

/** The service's logger (pino's, in one process or the cluster's primary). */
type LogFn = (fields: object, message: string) => void;
export interface SyncLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

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
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const once = async () => {
    const summary = await runSync(store, {
      ...syncOptions(settings, settings.syncFrom, settings.syncKey),
      signal: abort.signal,
      onBatch: (b) =>
        log.info(
          { sync: b },
          `sync: batch ${b.batchId} (${b.covers}): ${b.inserted} new, ${b.changed} changed`,
        ),
      onWait: (ms, why) => log.warn({ waitMs: ms }, `sync: upstream ${why}, waiting`),
    });
    const { error, ...figures } = summary;
    if (summary.result === 'ok') log.info({ sync: figures }, `sync from ${settings.syncFrom} done`);
    else if (!abort.signal.aborted)
      log.error({ sync: figures }, `sync from ${settings.syncFrom} failed: ${error}`);
  };
  const schedule = () => {
    if (abort.signal.aborted) return;
    running = once()
      .catch((err: unknown) => log.error({ err }, 'sync failed'))
      .finally(() => {
        if (!abort.signal.aborted) timer = setTimeout(schedule, settings.syncIntervalMinutes * 60_000);
      });
  };
  schedule();
  return {
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
