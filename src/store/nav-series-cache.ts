import { LRUCache } from 'lru-cache';
import { NavSeries } from '../domain/nav-series.js';
import type { NavPoint } from '../domain/statistics.js';
import { DATA_VERSION, readCounter } from './counters.js';
import type { Store } from './db.js';

/**
 * Funds' NAV series (src/domain/nav-series.ts) kept in memory until the data changes, bounded by bytes
 * (least recently used go first). It learns of changes as the answer cache does: at once from a commit
 * of this process ('commit' on store.events), within one poll of the data version counter from any
 * other process. A series loaded under an older version is served to its caller but never kept.
 */
export class NavSeriesCache {
  private readonly series: LRUCache<number, NavSeries>;
  /** Loads under way, so concurrent requests for one cold fund read it once. */
  private readonly loading = new Map<number, Promise<NavSeries>>();
  private version = -1;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private onCommit: (() => void) | undefined;

  constructor(
    private readonly store: Store,
    options: { maxBytes: number; pollMs?: number },
  ) {
    this.pollMs = options.pollMs ?? 250;
    // 64 bytes for the object and its array headers.
    this.series = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: (s) => s.bytes + 64 });
  }

  async start(): Promise<void> {
    await this.refresh();
    this.onCommit = () => this.moveOn(Number.NaN); // NaN: keep nothing until the new version is read
    this.store.events.on('commit', this.onCommit);
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.onCommit) this.store.events.off('commit', this.onCommit);
  }

  async refresh(): Promise<void> {
    const version = await readCounter(this.store.reader, DATA_VERSION);
    if (version !== this.version) this.moveOn(version);
  }

  private moveOn(version: number): void {
    this.version = version;
    this.series.clear();
    this.loading.clear();
    if (Number.isNaN(version)) void this.refresh().catch(() => undefined);
  }

  /** The fund's series, from memory or read with `load` (its NAVs in ascending date order). */
  async get(fundId: number, load: () => Promise<readonly NavPoint[]>): Promise<NavSeries> {
    const cached = this.series.get(fundId);
    if (cached) return cached;
    let pending = this.loading.get(fundId);
    if (!pending) {
      const version = this.version;
      pending = load().then((points) => {
        const series = NavSeries.fromPoints(points);
        if (version === this.version && version >= 0) this.series.set(fundId, series);
        if (this.loading.get(fundId) === pending) this.loading.delete(fundId);
        return series;
      });
      pending.catch(() => {
        if (this.loading.get(fundId) === pending) this.loading.delete(fundId);
      });
      this.loading.set(fundId, pending);
    }
    return pending;
  }

  /** Series kept and the bytes they hold. */
  get stats(): { funds: number; bytes: number } {
    return { funds: this.series.size, bytes: this.series.calculatedSize };
  }
}
