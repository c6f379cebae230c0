import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Store } from '../store/db.js';
import { KeyRepository } from '../store/key-repo.js';
import { PublicAccessRepository } from '../store/public-access-repo.js';
import { SubscriptionRepository } from '../store/subscription-repo.js';
import { UsageRepository } from '../store/usage-repo.js';
import { ChangeNotices, noticeChannel, type ChangeKind } from './change-notices.js';
import { KeyGuessGuard } from './key-guess-guard.js';
import { LimiterFailures } from './limiter-failures.js';
import { MemoryLimiterStore, type LimiterStore } from './limiter-store.js';
import { Metrics } from './metrics.js';
import type { Config } from '../config.js';
import { closeRedis, connectRedis, redisSettings, whenReady, type RedisSettings } from './redis.js';
import { PublicAccessState } from './public-access.js';
import { RedisLimiterStore } from './redis-limiter-store.js';
import { SubscriptionCache } from './subscription-cache.js';
import { ThrottledReport } from './throttled-report.js';
import { TrafficLimits } from './traffic-limits.js';
import { UsageRecorder } from './usage-recorder.js';
import { RequestLogRecorder } from './request-log.js';
import { RequestLogRepository } from '../store/request-log-repo.js';
import { limitedClient } from '../domain/client-address.js';

/** The gateway's options that are settings by the same name (src/settings.ts says what each means). */
type GatewaySettingNames =
  'keyGuessLimit' | 'ipv6ClientPrefix' | 'usageFlushMs' | 'keyCacheMaxEntries' | 'requestLogMaxRows';

export interface GatewayOptions extends Pick<Config, GatewaySettingNames> {
  store: Store;
  /** The clock of limits, quotas, expiry and usage days; tests move it instead of sleeping. */
  now?: () => Date;
  limiterStore?: LimiterStore;
  /** Shared counters and change notices across nodes (REDIS_URL); without it, this process's memory. */
  redis?: RedisSettings;
  /** How often the subscription change counter is polled. */
  pollMs?: number;
  onError?: (error: unknown, what: string) => void;
}

/** The gateway's options that come from the settings. */
export function gatewaySettings(
  config: Pick<Config, GatewaySettingNames> & Parameters<typeof redisSettings>[0],
): Pick<GatewayOptions, GatewaySettingNames | 'redis'> {
  const { keyGuessLimit, ipv6ClientPrefix, usageFlushMs, keyCacheMaxEntries, requestLogMaxRows } = config;
  return {
    keyGuessLimit,
    ipv6ClientPrefix,
    usageFlushMs,
    keyCacheMaxEntries,
    requestLogMaxRows,
    redis: redisSettings(config),
  };
}

/** How long a start waits for Redis before serving anyway (under the failure mode). */
const REDIS_START_WAIT_MS = 1000;

/**
 * What an API gateway does besides routing: subscription lookups, limits, key-guess slowing, usage
 * counting and metrics. One per process, shared by all its listeners (API, admin, metrics).
 */
export class Gateway {
  readonly now: () => Date;
  readonly metrics = new Metrics();
  readonly subscriptions: SubscriptionCache;
  readonly limits: TrafficLimits;
  readonly keyGuesses: KeyGuessGuard;
  readonly usage: UsageRecorder;
  /** Each keyed call, for its subscription's request log in the portal (written with the usage). */
  readonly requestLog: RequestLogRecorder;
  /** Service groups open to calls without a key (docs/public-access.md); read again with every subscription change. */
  readonly publicAccess: PublicAccessState;
  /** Where limits count (memory, Redis, a cluster's primary); the portal counts its attempts here too. */
  readonly limiterStore: LimiterStore;
  /** Decides what a call gets when the limits' store fails (REDIS_FAILURE_MODE). */
  readonly limiterFailures: LimiterFailures;
  /** Emits 'data' and 'subscriptions' when a process (this one too) announces that one changed. */
  private readonly changes = new EventEmitter();
  private readonly redis: Redis | undefined;
  private readonly notices: ChangeNotices | undefined;
  private readonly announceCommit = () => this.notices?.publish('data');
  private readonly reportBackground: (error: unknown, what: string) => void;

  constructor(private readonly options: GatewayOptions) {
    const { store, redis } = options;
    const onError = options.onError ?? (() => {});
    // Background work (the poll of subscription changes, usage writes) fails on every round while the
    // database is away: reported once per ten seconds each, with how many failures went unreported.
    const reports = new Map<string, ThrottledReport>();
    const background = (error: unknown, what: string) => {
      let report = reports.get(what);
      if (!report) reports.set(what, (report = new ThrottledReport(() => this.now().getTime())));
      const suppressed = report.due();
      if (suppressed === undefined) return;
      onError(error, suppressed > 0 ? `${what} (${suppressed} more times since the last report)` : what);
    };
    this.reportBackground = background;
    this.now = options.now ?? (() => new Date());
    const mode = redis?.failureMode ?? 'open';
    this.limiterFailures = new LimiterFailures(mode, {
      // The error's message and the mode only: REDIS_URL (which may hold a password) is never logged.
      log: (error, kind, suppressed) =>
        onError(
          error,
          `Redis ${kind} failed${suppressed > 0 ? ` (${suppressed} more times since the last report)` : ''}; limits fail ${mode}`,
        ),
      count: (kind) => this.metrics.redisFailures.labels(kind).inc(),
    });
    if (redis) {
      this.redis = connectRedis(redis.url, (error) => this.limiterFailures.failed(error, 'connection'));
      this.notices = new ChangeNotices(this.redis, noticeChannel(redis.keyPrefix), (error) =>
        this.limiterFailures.failed(error, 'notices'),
      );
    }
    const limiterStore = (this.limiterStore =
      options.limiterStore ??
      (this.redis && redis ? new RedisLimiterStore(this.redis, redis.keyPrefix) : new MemoryLimiterStore()));
    this.publicAccess = new PublicAccessState(new PublicAccessRepository(store.db));
    this.subscriptions = new SubscriptionCache(
      new KeyRepository(store.db),
      new SubscriptionRepository(store.db),
      {
        lookup: (result) => (result === 'hit' ? this.metrics.keyCacheHit : this.metrics.keyCacheMiss).inc(),
        error: (error) => background(error, 'polling subscription changes'),
        changed: () => this.publicAccess.load(),
      },
      { pollMs: options.pollMs ?? 250, maxEntries: options.keyCacheMaxEntries },
    );
    this.limits = new TrafficLimits(limiterStore);
    this.keyGuesses = new KeyGuessGuard(limiterStore, options.keyGuessLimit);
    this.usage = new UsageRecorder(new UsageRepository(store.db), (error) =>
      background(error, 'writing usage'),
    );
    this.requestLog = new RequestLogRecorder(new RequestLogRepository(store.db), {
      maxRows: options.requestLogMaxRows,
      now: this.now,
      onError: (error) => background(error, 'writing the request log'),
    });
  }

  /**
   * The client that limits counted per address count `address` under: an IPv6 client by its prefix
   * (IPV6_CLIENT_PREFIX bits), an IPv4 one by its address (src/domain/client-address.ts).
   */
  clientOf(address: string): string {
    return limitedClient(address, this.options.ipv6ClientPrefix);
  }

  async start(): Promise<this> {
    await this.publicAccess.load();
    await this.subscriptions.start();
    this.usage.start(this.options.usageFlushMs);
    this.requestLog.start(this.options.usageFlushMs);
    if (this.redis && this.notices) {
      const [ready] = await Promise.all([
        whenReady(this.redis, REDIS_START_WAIT_MS),
        this.notices.listen((kind) => this.changes.emit(kind), REDIS_START_WAIT_MS),
      ]);
      if (!ready) this.limiterFailures.failed(new Error('Redis is not reachable at start'), 'connection');
      this.changes.on('subscriptions', () => void this.refreshSubscriptions());
      // Batches this process commits (admin API) are announced to the other nodes.
      this.options.store.events.on('commit', this.announceCommit);
    }
    return this;
  }

  /** Call after changing a subscription: applies it here at once, and on other nodes when announced. */
  async subscriptionsChanged(): Promise<void> {
    await this.subscriptions.refresh();
    this.notices?.publish('subscriptions');
  }

  /**
   * Counts an answered call of a known subscription (refused ones too) in usage, by Bangkok day and
   * operation, and calls without a key in the metrics under caller="anonymous".
   */
  recordCall(subscriptionId: number, day: string, operation: string, statusCode: number): void {
    this.usage.record(subscriptionId, day, operation, statusCode);
    (this.publicAccess.isAnonymous(subscriptionId)
      ? this.metrics.anonymousCalls
      : this.metrics.keyedCalls
    ).inc();
  }

  /**
   * Whether calls can get past their limits: false only while the limits fail closed and their Redis
   * does not answer, when every API call is refused with 503 (/ready says so too). Open, or without
   * Redis, calls are always admitted.
   */
  async limitsAnswer(): Promise<boolean> {
    if (this.limiterFailures.mode === 'open' || !this.redis) return true;
    if (this.redis.status !== 'ready') return false;
    return this.redis.ping().then(
      () => true,
      () => false,
    );
  }

  /** Runs `listener` whenever a process announces a change of `kind`; returns how to stop. */
  onChange(kind: ChangeKind, listener: () => void): () => void {
    this.changes.on(kind, listener);
    return () => this.changes.off(kind, listener);
  }

  /** Stops polling and writes the last usage counts; call before closing the store. */
  async close(): Promise<void> {
    this.subscriptions.stop();
    this.options.store.events.off('commit', this.announceCommit);
    this.changes.removeAllListeners();
    await this.usage.close();
    await this.requestLog.close();
    await this.notices?.close();
    if (this.redis) await closeRedis(this.redis);
  }

  private async refreshSubscriptions(): Promise<void> {
    await this.subscriptions
      .refresh()
      .catch((error: unknown) => this.reportBackground(error, 'reading subscription changes'));
  }
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  return new Gateway(options).start();
}
