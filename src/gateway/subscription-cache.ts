import type { Subscription } from '../domain/subscriptions.js';
import type { KeyRepository } from '../store/key-repo.js';
import type { SubscriptionRepository } from '../store/subscription-repo.js';

interface Entry {
  subscription: Subscription;
  /** The cache generation the entry was read in; an entry of an older generation is read again. */
  generation: number;
}

export interface CacheEvents {
  lookup(result: 'hit' | 'miss'): void;
  error(error: unknown): void;
  /** The change counter moved: what else depends on it (public access) is read again, awaited. */
  changed?(): Promise<void>;
}

/**
 * Subscriptions by key hash, so a hot key costs no database read. Every writer (CLI, admin API, in any
 * process) bumps a change counter in the database; this cache polls it every `pollMs` and, when it moved,
 * starts a new generation, so a suspension, a regenerated key or a new limit takes effect here within
 * `pollMs` plus one read. Hashes stay remembered across generations: they are the keys this process has
 * seen to be valid, which the key-guess guard lets through.
 */
export class SubscriptionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private version: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The refresh under way: refreshes run one after another (see `refresh`). */
  private refreshing: Promise<void> = Promise.resolve();
  /** The refresh waiting for it, which every refresh asked meanwhile shares. */
  private queued: Promise<void> | undefined;

  constructor(
    private readonly keys: KeyRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly events: CacheEvents,
    private readonly options = { pollMs: 250, maxEntries: 100_000 },
  ) {}

  async start(): Promise<void> {
    this.version = await this.subscriptions.version();
    this.timer = setInterval(
      () => void this.refresh().catch((e: unknown) => this.events.error(e)),
      this.options.pollMs,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * Reads the change counter now; in-process writers call it so their change applies at once. One at a
   * time: a writer's refresh that ran beside a poll which had just seen its change would find the counter
   * unmoved and answer before the poll applied that change (public access closed, yet still open).
   * Refreshes asked while one waits share it: it reads the counter after all of them were asked, and a
   * slow database does not pile up a read for every poll.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.refreshing.then(() => {
      this.queued = undefined;
      return this.readCounter();
    });
    this.queued = next;
    this.refreshing = next.catch(() => {});
    return next;
  }

  private async readCounter(): Promise<void> {
    const version = await this.subscriptions.version();
    if (version !== this.version) {
      this.version = version;
      this.generation += 1;
      await this.events.changed?.();
    }
  }

  /** Whether this process has seen the key behind `hash` to be valid. */
  isKnown(hash: string): boolean {
    return this.entries.has(hash);
  }

  /** The subscription behind `hash` when this generation has read it already: no database read. */
  peek(hash: string): Subscription | undefined {
    const entry = this.entries.get(hash);
    if (entry?.generation !== this.generation) return undefined;
    this.events.lookup('hit');
    return entry.subscription;
  }

  async find(hash: string): Promise<Subscription | undefined> {
    const cached = this.peek(hash);
    if (cached) return cached;
    const entry = this.entries.get(hash);
    this.events.lookup('miss');
    // Stamp the entry with the generation before the read: a change landing during the read makes it stale.
    const generation = this.generation;
    const subscription = await this.keys.findByHash(hash);
    if (!subscription) {
      this.entries.delete(hash);
      return undefined;
    }
    if (!entry && this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { subscription, generation });
    return subscription;
  }
}
