import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, whenReady } from './redis.js';

/** What moved: published data (a batch committed) or subscriptions (keys, states, limits). */
export type ChangeKind = 'data' | 'subscriptions';

const KINDS: ReadonlySet<string> = new Set<ChangeKind>(['data', 'subscriptions']);

/** The channel of one deployment's notices. */
export const noticeChannel = (keyPrefix: string) => `${keyPrefix}changes`;

/**
 * Change notices between processes over Redis pub/sub: a process that committed a batch or changed a
 * subscription announces it, and every listening node re-reads the change counters at once instead
 * of at its next poll. A notice carries no state: the counters in the database stay the truth, and
 * polling stays the safety net for notices lost while Redis was unreachable.
 */
export class ChangeNotices {
  private subscriber: Redis | undefined;

  constructor(
    private readonly client: Redis,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Announces a change; never throws (polling covers a lost notice). */
  publish(kind: ChangeKind): void {
    this.client.publish(this.channel, kind).catch(this.onError);
  }

  /** Calls `onNotice` for every notice; resolves once subscribed, or after `waitMs` with Redis down. */
  async listen(onNotice: (kind: ChangeKind) => void, waitMs: number): Promise<void> {
    // A subscribed connection can do nothing else, so notices get one of their own. Unlike the
    // limits' connection it may wait: it queues SUBSCRIBE until connected (no retry limit, no command
    // timeout, so a Redis down at start is subscribed to once it is up), and subscribes again after
    // every reconnect.
    const subscriber = this.client.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    this.subscriber = subscriber;
    subscriber.on('error', this.onError);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel && KINDS.has(message)) onNotice(message as ChangeKind);
    });
    const subscribed = subscriber.subscribe(this.channel).catch(this.onError);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    if (this.subscriber) await closeRedis(this.subscriber);
  }
}

/**
 * For a process that serves nothing (the CLI): announces changes it made, then disconnects. A Redis
 * that cannot be reached costs a warning and at most a second; servers still see the change by polling.
 */
export async function announceChanges(
  settings: { url: string; keyPrefix: string },
  kinds: ChangeKind[],
  warn: (message: string) => void,
): Promise<void> {
  if (kinds.length === 0) return;
  let failure: unknown;
  const client = connectRedis(settings.url, (error) => (failure = error));
  try {
    if (!(await whenReady(client, 1000))) throw failure ?? new Error('no connection within 1 s');
    for (const kind of kinds) await client.publish(noticeChannel(settings.keyPrefix), kind);
  } catch (error) {
    warn(
      `Could not announce the change through Redis (${(error as Error).message}); servers see it by polling.`,
    );
  } finally {
    await closeRedis(client);
  }
}
