import { NavSeries } from '../domain/nav-series.js';
import type { NavPoint } from '../domain/statistics.js';
import type { DataVersion } from './data-version.js';
import { SeriesCache } from './series-cache.js';

/** Funds' NAV series (src/domain/nav-series.ts) kept in memory until the data changes (SeriesCache). */
export class NavSeriesCache {
  private readonly cache: SeriesCache<number, NavSeries>;

  constructor(data: DataVersion, options: { maxBytes: number }) {
    // 64 bytes for the object and its array headers.
    this.cache = new SeriesCache(data, { maxBytes: options.maxBytes, bytesOf: (s) => s.bytes + 64 });
  }

  /** The fund's series, from memory or read with `load` (its NAVs in ascending date order). */
  get(fundId: number, load: () => Promise<readonly NavPoint[]>): Promise<NavSeries> {
    return this.cache.get(fundId, async () => NavSeries.fromPoints(await load()));
  }

  /** Series kept and the bytes they hold. */
  get stats(): { funds: number; bytes: number } {
    const { entries, bytes } = this.cache.stats;
    return { funds: entries, bytes };
  }
}
