import type { Config } from '../config.js';
import type { NavSeries } from '../domain/nav-series.js';
import type { PriceSeries } from '../domain/price-series.js';
import type { DataVersion } from '../store/data-version.js';
import type { ListedFund } from '../funds/repository.js';
import { dailySeriesBytes, type FxDailySeries } from '../exchange-rates/repository.js';
import type { Fund } from '../store/schema.js';
import { SeriesCache } from '../store/series-cache.js';
import { recordReads, readingState, unchangedSince, used, type Made } from '../store/as-of.js';
import type { SettingName } from '../settings.js';
import { AnswerCache } from '../cache/answer-cache.js';
import { NoCache, type LoadingCache } from '../cache/loading-cache.js';

interface CacheSpec<K, V> {
  /** The setting of its size in bytes; 0 turns it off (a NoCache). */
  size: SettingName & keyof Config;
  /** What a kept value is counted at. */
  bytesOf: (value: V) => number;
  /** Only for the types: the key. */
  key?: K;
}

const spec = <K, V>(size: CacheSpec<K, V>['size'], bytesOf: (value: V) => number): CacheSpec<K, V> => ({
  size,
  bytesOf,
});

/**
 * Every cache of the API's reads, by name: the setting that sizes it and what an entry costs. Each is
 * kept until the data changes (src/store/data-version.ts). The answers (answerCache below) and the
 * subscriptions (src/gateway/subscription-cache.ts, KEY_CACHE_MAX_ENTRIES) are sized from settings
 * the same way.
 */
export const CACHES = {
  // Funds' NAV series behind the statistics; 64 bytes for the object and its array headers.
  navSeries: spec<number, NavSeries>('navCacheMaxBytes', (s) => s.bytes + 64),
  // Funds' whole price histories for FundPrice_ByFundCode and GetNavByFundCode (52 bytes a price: about
  // 250 kB a fund over 20 years). Apart from the NAV series so the statistics keep their 12 bytes a NAV
  // (some 1,000 funds in 64 MB) whatever the histories asked for.
  prices: spec<number, PriceSeries>('priceCacheMaxBytes', (s) => s.bytes + 512),
  // Families' daily FX series for the downloads (about 1.7 MB a family and era over 20 years).
  fxDaily: spec<string, FxDailySeries>('fxCacheMaxBytes', dailySeriesBytes),
  // Every fund route looks its fund up by the code asked: one read per code until the data changes.
  // Codes that name no fund are kept too, so the bound (about 8,000 codes) matters.
  fundsByCode: spec<string, { fund: Fund | undefined }>('fundCacheMaxBytes', () => 1024),
  // AllFundPrices' listing of every fund: one read per data version (about 1 MB at market scale). 64
  // bytes for the object: the cache refuses a size of 0, which an empty listing would count otherwise.
  fundListing: spec<'all', { funds: ListedFund[] }>(
    'fundListCacheMaxBytes',
    (l) => 64 + l.funds.length * 512,
  ),
};

export type CacheName = keyof typeof CACHES;
type CacheOf<N extends CacheName> =
  (typeof CACHES)[N] extends CacheSpec<infer K, infer V> ? LoadingCache<K, V> : never;

/** The cache called `name`, sized from its setting; a size of 0 gives a cache that keeps nothing. */
export function makeCache<N extends CacheName>(name: N, config: Config, data: DataVersion): CacheOf<N> {
  const { size, bytesOf } = CACHES[name] as CacheSpec<unknown, object>;
  const maxBytes = config[size] as number;
  if (maxBytes <= 0) return new NoCache() as CacheOf<N>;
  const made = <K extends string | number>(bytes: number) =>
    new SeriesCache<K, Made<object>>(data, { maxBytes: bytes, bytesOf: (entry) => bytesOf(entry.value) });
  const past = Math.max(1, Math.floor(maxBytes * PAST_SHARE));
  return new ByState(made<string | number>(maxBytes), made<string>(past)) as unknown as CacheOf<N>;
}

/** The bytes a cache keeps for reads as of past instants, beside its setting's for the latest. */
const PAST_SHARE = 0.25;

/**
 * A cache of the latest data that serves reads as of a past instant too (store/as-of.ts). Each value
 * keeps the versioned tables it was read from: a read as of a past batch takes the latest value when
 * none of those changed since (most instants asked come after the last change of what a value is
 * made of), else a value of that batch, kept apart so that reads of the past never push the latest
 * values out.
 */
class ByState<K extends string | number, V> implements LoadingCache<K, V> {
  constructor(
    private readonly latest: SeriesCache<K, Made<V>>,
    private readonly past: SeriesCache<string, Made<V>>,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const state = readingState();
    // The latest answers' path: nothing read as of an instant, nothing noted.
    if (!state) return (await this.latest.get(key, () => recordReads(load))).value;
    const { asOf } = state;
    if (!asOf) return used(await this.latest.get(key, () => recordReads(load)));
    const latest = this.latest.peek(key);
    if (latest && unchangedSince(asOf, latest.reads)) return used(latest);
    // Keys are the callers' (a fund code asked): the batch goes first, up to the first space.
    return used(await this.past.get(`${asOf.batch} ${key}`, () => recordReads(load)));
  }

  get stats(): { entries: number; bytes: number } {
    return this.latest.stats;
  }
}

/** Every named cache, as the repositories take them. */
export type Caches = { [N in CacheName]: CacheOf<N> };

export function makeCaches(config: Config, data: DataVersion): Caches {
  return everyCache((name) => makeCache(name, config, data));
}

/** Caches that keep nothing: every read goes to the database (tools and benchmarks without a data version). */
export function noCaches(): Caches {
  return everyCache(() => new NoCache());
}

/** One cache of each name of the table (CACHES). */
function everyCache(make: (name: CacheName) => LoadingCache<unknown, unknown>): Caches {
  const names = Object.keys(CACHES) as CacheName[];
  return Object.fromEntries(names.map((name) => [name, make(name)])) as Caches;
}

/**
 * The API's answers, kept until the data changes (CACHE_MAX_BYTES). 0: none. Unlike the caches above,
 * whose off state is a NoCache behind the same interface, an answer cache off takes its features with
 * it (ETags and 304s, Cache-Control, the fast path), so the app installs them only with a cache.
 */
export function answerCache(
  config: Pick<Config, 'cacheMaxBytes'>,
  data: DataVersion,
): AnswerCache | undefined {
  const maxBytes = config.cacheMaxBytes;
  return maxBytes > 0 ? new AnswerCache(data, { maxBytes }) : undefined;
}
