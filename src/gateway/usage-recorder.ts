import type { UsageRepository } from '../store/usage-repo.js';
import type { UsageTable } from '../store/schema.js';

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Counts calls in memory and writes the totals in one batch every few seconds and on close, so the
 * request path only increments a number. A failed write keeps its counts for the next one.
 */
export class UsageRecorder {
  /**
   * Rows by subscription. A subscription counts a handful of rows between two writes (its operations
   * and status classes of the day), found by comparing fields: no key string is built per call.
   */
  private counts = new Map<number, UsageTable[]>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Run after each write that wrote counts (the portal's quota warnings), in turn; their failures are reported. */
  private readonly listeners = new Set<() => Promise<void>>();

  constructor(
    private readonly repo: UsageRepository,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(subscriptionId: number, day: string, operation: string, statusCode: number): void {
    const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100)] ?? `${Math.floor(statusCode / 100)}xx`;
    this.add(subscriptionId, day, operation, statusClass, 1);
  }

  private add(
    subscriptionId: number,
    day: string,
    operation: string,
    statusClass: string,
    calls: number,
  ): void {
    let rows = this.counts.get(subscriptionId);
    if (!rows) {
      rows = [];
      this.counts.set(subscriptionId, rows);
    }
    for (const row of rows) {
      if (row.operation === operation && row.status_class === statusClass && row.day === day) {
        row.count += calls;
        return;
      }
    }
    rows.push({ subscription_id: subscriptionId, day, operation, status_class: statusClass, count: calls });
  }

  /** Runs `listener` after each write of counts; returns how to stop. */
  afterWrite(listener: () => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted so far; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const rows = [...batch.values()].flat();
    try {
      await this.repo.add(rows);
    } catch (error) {
      for (const row of rows) {
        this.add(row.subscription_id, row.day, row.operation, row.status_class, row.count);
      }
      this.onError(error);
      return;
    }
    for (const listener of this.listeners) await listener().catch(this.onError);
  }
}
