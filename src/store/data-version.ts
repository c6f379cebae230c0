import { DATA_VERSION, readCounter } from './counters.js';
import type { Store } from './db.js';

/**
 * The data version this process serves under, watched once for every cache that depends on it (the
 * answer cache, the funds' NAV series). Every committed batch moves the counter, in any process: a
 * commit of this process is seen at once ('commit' on store.events), another process's at the next
 * poll or when a change notice (Redis) asks for a refresh. All caches move on in the same synchronous
 * step, so no answer can be computed from one cache's new data and another's old data.
 */
export class DataVersion {
  private version = -1;
  private readonly listeners = new Set<(version: number) => void>();
  private timer: NodeJS.Timeout | undefined;
  private readonly onCommit = () => this.moveOn(Number.NaN);

  constructor(
    private readonly store: Store,
    private readonly pollMs = 250,
  ) {}

  /** The version now; NaN between a commit of this process and reading the new version. */
  get current(): number {
    return this.version;
  }

  /** Calls `listener` on every change; returns how to stop. */
  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.refresh();
    this.store.events.on('commit', this.onCommit);
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.store.events.off('commit', this.onCommit);
  }

  /** Reads the counter where the API reads its data (a replica's version matches its data). */
  async refresh(): Promise<void> {
    const version = await readCounter(this.store.reader, DATA_VERSION);
    if (version !== this.version) this.moveOn(version);
  }

  private moveOn(version: number): void {
    this.version = version;
    for (const listener of this.listeners) listener(version);
    // After a commit nothing is kept until the new version is read.
    if (Number.isNaN(version)) void this.refresh().catch(() => undefined);
  }
}
