import type { Store } from '../store/db.js';
import { KeyRepository } from '../store/key-repo.js';
import { SubscriptionRepository } from '../store/subscription-repo.js';
import { UsageRepository } from '../store/usage-repo.js';
import { DEFAULT_KEY_GUESS_SETTINGS, KeyGuessGuard } from './key-guess-guard.js';
import { MemoryLimiterStore, type LimiterStore } from './limiter-store.js';
import { Metrics } from './metrics.js';
import { SubscriptionCache } from './subscription-cache.js';
import { TrafficLimits } from './traffic-limits.js';
import { UsageRecorder } from './usage-recorder.js';

export interface GatewayOptions {
  store: Store;
  /** The clock of limits, quotas, expiry and usage days; tests move it instead of sleeping. */
  now?: () => Date;
  limiterStore?: LimiterStore;
  /** Unknown keys per minute from one address before it is blocked (KEY_GUESS_LIMIT). */
  keyGuessLimit?: number;
  /** How often counted usage is written to the database. */
  usageFlushMs?: number;
  /** How often the subscription change counter is polled. */
  pollMs?: number;
  onError?: (error: unknown, what: string) => void;
}

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

  constructor(private readonly options: GatewayOptions) {
    const { store } = options;
    const onError = options.onError ?? (() => {});
    const limiterStore = options.limiterStore ?? new MemoryLimiterStore();
    this.now = options.now ?? (() => new Date());
    this.subscriptions = new SubscriptionCache(
      new KeyRepository(store.db),
      new SubscriptionRepository(store.db),
      {
        lookup: (result) => (result === 'hit' ? this.metrics.keyCacheHit : this.metrics.keyCacheMiss).inc(),
        error: (error) => onError(error, 'polling subscription changes'),
      },
      { pollMs: options.pollMs ?? 250, maxEntries: 100_000 },
    );
    this.limits = new TrafficLimits(limiterStore);
    this.keyGuesses = new KeyGuessGuard(limiterStore, {
      ...DEFAULT_KEY_GUESS_SETTINGS,
      perMinute: options.keyGuessLimit ?? DEFAULT_KEY_GUESS_SETTINGS.perMinute,
    });
    this.usage = new UsageRecorder(new UsageRepository(store.db), (error) => onError(error, 'writing usage'));
  }

  async start(): Promise<this> {
    await this.subscriptions.start();
    this.usage.start(this.options.usageFlushMs ?? 5000);
    return this;
  }

  /** Stops polling and writes the last usage counts; call before closing the store. */
  async close(): Promise<void> {
    this.subscriptions.stop();
    await this.usage.close();
  }
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  return new Gateway(options).start();
}
