import { NO_LIMIT } from './messages.js';

interface Counter {
  startsAt: number;
  endsAt: number;
  calls: number;
}

/**
 * Calls per subscription and window, held by the cluster's primary for all its workers. As in one
 * process (WindowCounters, src/gateway/limiter-store.ts) a subscription has the counter of its latest
 * window, plus the one before it: two workers may send a call of the window just ended and one of
 * the new window in either order, and both must count where they belong.
 */
export class WindowTally {
  private readonly current = new Map<number, Counter>();
  private readonly previous = new Map<number, Counter>();

  /** Counts one call of `id` in the window; returns how many it has made there, this one included. */
  count(id: number, startsAt: number, endsAt: number): number {
    const current = this.current.get(id);
    if (current && current.startsAt === startsAt && current.endsAt === endsAt) return ++current.calls;
    const previous = this.previous.get(id);
    if (previous && previous.startsAt === startsAt && previous.endsAt === endsAt) return ++previous.calls;
    const fresh = { startsAt, endsAt, calls: 1 };
    if (current && startsAt < current.startsAt) {
      // A late call of a window older than the current one, whose counter is not kept: it is the one before.
      this.previous.set(id, fresh);
    } else {
      if (current) this.previous.set(id, current);
      this.current.set(id, fresh);
    }
    return 1;
  }
}

/** A subscription's rate limit and quota, counted for every worker of the cluster. */
export class SharedCounts {
  private readonly rate = new WindowTally();
  private readonly quota = new WindowTally();

  /**
   * Counts a batch of calls, six numbers each: subscription, rate window start and end, rate points,
   * quota window start and end (a start of NO_LIMIT: no such limit). Returns two numbers a call: its
   * count in the rate window and in the quota window; 0 where not counted. A call over the rate limit
   * is not counted against the quota, as in one process.
   */
  countBatch(calls: readonly number[]): number[] {
    const counts: number[] = [];
    for (let i = 0; i + 5 < calls.length; i += 6) {
      const id = calls[i]!;
      const rate = calls[i + 1]! === NO_LIMIT ? 0 : this.rate.count(id, calls[i + 1]!, calls[i + 2]!);
      const refused = rate > calls[i + 3]!;
      const quota =
        calls[i + 4]! === NO_LIMIT || refused ? 0 : this.quota.count(id, calls[i + 4]!, calls[i + 5]!);
      counts.push(rate, quota);
    }
    return counts;
  }
}
