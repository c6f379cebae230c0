/** Values read by key and kept in memory until the data changes (SeriesCache), or not kept at all (NoCache). */
export interface LoadingCache<K, V> {
  /** The value under `key`, from memory or read with `load`. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Values kept and the bytes they are counted at. */
  readonly stats: { entries: number; bytes: number };
}

/**
 * A cache turned off (its size setting 0): every get reads. It has the interface of a real one, so the
 * repositories have one code path whether their caches are on or off.
 */
export class NoCache<K, V> implements LoadingCache<K, V> {
  get(_key: K, load: () => Promise<V>): Promise<V> {
    return load();
  }

  get stats(): { entries: number; bytes: number } {
    return { entries: 0, bytes: 0 };
  }
}
