import type { Config } from '../config.js';
import type { Store } from '../store/db.js';
import { loadConnector } from './index.js';
import { runConnector } from './run.js';

type LogFn = (fields: object, message: string) => void;
export interface ConnectorLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const DAY_MS = 86_400_000;
/** Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** Milliseconds from `now` to the next `HH:MM` in Bangkok. */
export function untilNext(time: string, now: Date): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const local = now.getTime() + BANGKOK_OFFSET_MS;
  const target = Math.floor(local / DAY_MS) * DAY_MS + (h * 60 + m) * 60_000;
  return (target > local ? target : target + DAY_MS) - local;
}

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
  const abort = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  let queue: Promise<void> = Promise.resolve();
  const once = async (name: string) => {
    const connector = await loadConnector(name);
    const summary = await runConnector(store, connector, {
      settings: config,
      signal: abort.signal,
      onBatch: (b) =>
        log.info(
          { connector: name, batch: { ...b } },
          `${name}: ${b.window.from} to ${b.window.to}: ${b.batchId === null ? 'no batch' : `batch ${b.batchId}`}: ${b.inserted} new, ${b.changed} changed, ${b.refused} refused`,
        ),
      onWait: (ms, why) => log.warn({ connector: name, waitMs: ms }, `${name}: source ${why}, waiting`),
    });
    const { error, refused, ...figures } = summary;
    if (summary.result === 'ok')
      log.info({ connector: name, run: { ...figures, refused: refused.length } }, `${name} done`);
    else if (!abort.signal.aborted) log.error({ connector: name, run: figures }, `${name} failed: ${error}`);
    for (const r of refused)
      log.warn(
        { connector: name, refused: r },
        `${name}: refused ${r.type} ${r.key} ${r.date ?? ''}: ${r.reason}`,
      );
  };
  const enqueue = (name: string) => {
    if (abort.signal.aborted) return;
    queue = queue
      .then(() => (abort.signal.aborted ? undefined : once(name)))
      .catch((err: unknown) => log.error({ err, connector: name }, `${name} failed`));
  };
  const schedule = (name: string, time: string) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        enqueue(name);
        schedule(name, time);
      },
      untilNext(time, new Date()),
    );
    timers.add(timer);
  };
  for (const name of config.connectors) {
    enqueue(name);
    void loadConnector(name).then(
      (c) => schedule(name, c.schedule(config)),
      (err: unknown) => log.error({ err }, `connector ${name} not available`),
    );
  }
  return {
    async stop() {
      abort.abort();
      for (const t of timers) clearTimeout(t);
      await queue;
    },
  };
}
