import { LRUCache } from 'lru-cache';
import { NavSeries } from '../domain/nav-series.js';
import type { NavPoint } from '../domain/statistics.js';
import type { DataVersion } from './data-version.js';

/**
 * Funds' NAV series (src/domain/nav-series.ts) kept in memory until the data changes, bounded by bytes
 * (least recently used go first). It starts afresh whenever the data version moves
 * (src/store/data-version.ts), together with the answer cache; a series loaded under an older version
 * is served to its caller but never kept.
 */
export class NavSeriesCache {
  private readonly series: LRUCache<number, NavSeries>;
  /** Loads under way, so concurrent requests for one cold fund read it once. */
  private readonly loading = new Map<number, Promise<NavSeries>>();

  constructor(
    private readonly data: DataVersion,
    options: { maxBytes: number },
  ) {
    // 64 bytes for the object and its array headers.
    this.series = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: (s) => s.bytes + 64 });
    data.onChange(() => {
      this.series.clear();
      this.loading.clear();
    });
  }

  /** The fund's series, from memory or read with `load` (its NAVs in ascending date order). */
  async get(fundId: number, load: () => Promise<readonly NavPoint[]>): Promise<NavSeries> {
    const cached = this.series.get(fundId);
    if (cached) return cached;
    let pending = this.loading.get(fundId);
    if (!pending) {
      const version = this.data.current;
      pending = load().then((points) => {
        const series = NavSeries.fromPoints(points);
        if (version === this.data.current && version >= 0) this.series.set(fundId, series);
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
