import type { UsageRepository } from '../store/usage-repo.js';
import type { UsageTable } from '../store/schema.js';

/**
 * Counts calls in memory and writes the totals in one batch every few seconds and on close, so the
 * request path only increments a number in a Map. A failed write keeps its counts for the next one.
 */
export class UsageRecorder {
  private counts = new Map<string, UsageTable>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: UsageRepository,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(subscriptionId: number, day: string, operation: string, statusCode: number): void {
    const statusClass = `${Math.floor(statusCode / 100)}xx`;
    const key = `${subscriptionId}|${day}|${operation}|${statusClass}`;
    const row = this.counts.get(key);
    if (row) row.count += 1;
    else
      this.counts.set(key, {
        subscription_id: subscriptionId,
        day,
        operation,
        status_class: statusClass,
        count: 1,
      });
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
    try {
      await this.repo.add([...batch.values()]);
    } catch (error) {
      for (const [key, row] of batch) {
        const current = this.counts.get(key);
        if (current) current.count += row.count;
        else this.counts.set(key, row);
      }
      this.onError(error);
    }
  }
}
