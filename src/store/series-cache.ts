import { LRUCache } from 'lru-cache';
import type { DataVersion } from './data-version.js';

/**
 * Series read from the database and kept in memory until the data changes (a fund's NAVs, a currency
 * family's daily rates), bounded by bytes: least recently used go first. It starts afresh whenever the
 * data version moves (src/store/data-version.ts), together with the answer cache; a series loaded
 * under an older version is served to its caller but never kept.
 */
export class SeriesCache<K extends string | number, V extends object> {
  private readonly series: LRUCache<K, V>;
  /** Loads under way, so concurrent requests for one cold series read it once. */
  private readonly loading = new Map<K, Promise<V>>();

  constructor(
    private readonly data: DataVersion,
    options: { maxBytes: number; bytesOf: (series: V) => number },
  ) {
    this.series = new LRUCache({ maxSize: options.maxBytes, sizeCalculation: options.bytesOf });
    data.onChange(() => {
      this.series.clear();
      this.loading.clear();
    });
  }

  /** The series under `key`, from memory or read with `load`. */
  async get(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.series.get(key);
    if (cached) return cached;
    let pending = this.loading.get(key);
    if (!pending) {
      const version = this.data.current;
      pending = load().then((series) => {
        if (version === this.data.current && version >= 0) this.series.set(key, series);
        if (this.loading.get(key) === pending) this.loading.delete(key);
        return series;
      });
      pending.catch(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The series under `key` if it is kept; none is read. */
  peek(key: K): V | undefined {
    return this.series.get(key);
  }

  /** Series kept and the bytes they hold. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.series.size, bytes: this.series.calculatedSize };
  }
}
