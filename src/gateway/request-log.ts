import { bangkokDay } from '../domain/windows.js';
import { loggableUrl } from '../domain/loggable-url.js';
import type { RequestLogRepository } from '../store/request-log-repo.js';

/** A subscription's request log keeps 30 days (decisions, section 12). */
export const REQUEST_LOG_DAYS = 30;
/** Calls waiting for the next write: past this (a database away for long), new ones are dropped, counted. */
const MAX_PENDING = 100_000;
/** How often rows past the 30 days are dropped. */
const DROP_OLD_MS = 3_600_000;

/** What a call leaves for the log: kept as it came, turned into a row at the write. */
interface Pending {
  subscriptionId: number;
  at: Date;
  operation: string;
  url: string;
  status: number;
  ms: number;
  requestId: string;
}

/**
 * The portal's request log (docs/portal.md): each keyed call is pushed onto a list as it ends (no
 * string work, no promise, no I/O on the call's path) and written in one transaction every few
 * seconds with the usage counts, its key masked then. Only a developer's subscription has one (the
 * portal shows it); an operator's key without a developer is in the access log only. Bounded: at
 * most `maxRows` rows a subscription (its oldest go after each write) and 30 days; in memory at
 * most MAX_PENDING calls.
 */
export class RequestLogRecorder {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private lastDropOld = 0;
  /** Calls not logged because the list was full. */
  dropped = 0;
  /** Run after each write that wrote calls (the portal's rate-limit warning reads them), in turn. */
  private readonly listeners = new Set<() => Promise<void>>();

  constructor(
    private readonly repo: RequestLogRepository,
    private readonly options: { maxRows: number; now: () => Date; onError: (error: unknown) => void },
  ) {}

  record(
    subscriptionId: number,
    at: Date,
    operation: string,
    url: string,
    status: number,
    ms: number,
    requestId: string,
  ): void {
    if (this.options.maxRows === 0) return;
    if (this.pending.length >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    this.pending.push({ subscriptionId, at, operation, url, status, ms, requestId });
  }

  /** Runs `listener` after each write of calls; returns how to stop. */
  afterWrite(listener: () => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Writes what was logged so far; writes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      let written: Set<number>;
      try {
        written = await this.writeRows(batch);
      } catch (error) {
        // Kept for the next write, within the bound.
        this.pending = batch.concat(this.pending).slice(-MAX_PENDING);
        this.options.onError(error);
        return;
      }
      const { maxRows } = this.options;
      for (const id of written) await this.repo.cap(id, maxRows).catch(this.options.onError);
      if (written.size > 0)
        for (const listener of this.listeners) await listener().catch(this.options.onError);
    }
    await this.dropOld();
  }

  /** Writes the batch's rows of readable subscriptions, each one's newest `maxRows`; returns whose. */
  private async writeRows(batch: Pending[]): Promise<Set<number>> {
    const { maxRows } = this.options;
    const readable = await this.repo.readable([...new Set(batch.map((c) => c.subscriptionId))]);
    // A subscription that made more calls than it keeps writes only its newest.
    const kept = new Map<number, number>();
    const rows = [];
    for (let i = batch.length - 1; i >= 0; i--) {
      const call = batch[i]!;
      if (!readable.has(call.subscriptionId)) continue;
      const count = kept.get(call.subscriptionId) ?? 0;
      if (count >= maxRows) continue;
      kept.set(call.subscriptionId, count + 1);
      rows.push({
        subscription_id: call.subscriptionId,
        at: call.at.toISOString(),
        day: bangkokDay(call.at).day,
        operation: call.operation,
        path: loggableUrl(call.url).slice(0, 2000),
        status: call.status,
        ms: Math.round(call.ms * 100) / 100,
        request_id: call.requestId.slice(0, 200),
      });
    }
    rows.reverse();
    await this.repo.add(rows);
    return new Set(kept.keys());
  }

  private async dropOld(): Promise<void> {
    const now = this.options.now().getTime();
    if (now - this.lastDropOld < DROP_OLD_MS) return;
    this.lastDropOld = now;
    await this.repo
      .dropBefore(new Date(now - REQUEST_LOG_DAYS * 86_400_000).toISOString())
      .catch(this.options.onError);
  }
}
