// The source framework (issue 53 item 3): the sync and the connectors are sources of one kind, run as
// jobs of `rates serve` the same way. This is their scheduling: a queue that runs one source at a time,
// timers for the next runs, and a stop that aborts the run in progress and waits for it.

/** The service's logger (pino's, in one process or the cluster's primary). */
type LogFn = (fields: object, message: string) => void;
export interface SourceLog {
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
 * Runs of sources, one at a time in the order asked, and the timers that ask for the next ones. A
 * run that throws is logged as `NAME failed` and the queue goes on. `stop` aborts the run in progress
 * (its `signal`); what it published stays, and the next start resumes from there.
 */
export class SourceJobs {
  private readonly abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly log: SourceLog) {}

  /** Aborted by `stop`: a run passes it to its requests and waits. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Runs `run` once those asked before it are done; the promise settles after it (never rejects). */
  enqueue(name: string, run: () => Promise<void>, fields: object = {}): Promise<void> {
    if (this.signal.aborted) return this.queue;
    this.queue = this.queue
      .then(() => (this.signal.aborted ? undefined : run()))
      .catch((err: unknown) => this.log.error({ err, ...fields }, `${name} failed`));
    return this.queue;
  }

  /** Calls `then` in `ms` (not once stopped). */
  after(ms: number, then: () => void): void {
    if (this.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.signal.aborted) then();
    }, ms);
    this.timers.add(timer);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    for (const t of this.timers) clearTimeout(t);
    await this.queue;
  }
}
