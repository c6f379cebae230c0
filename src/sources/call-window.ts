/**
 * A source's limit of calls in a sliding window (SEC: about 3,000 per 300 s per subscription): a run
 * starts no more than `limit` in any `windowMs`, so the source never has to tell it to wait. A run
 * smaller than the limit waits for nothing; a longer one is paced at the limit. The window is kept a
 * little longer than the source's (1 %, at least 50 ms): the source counts calls as they arrive,
 * later than they start here.
 */
export class CallWindow {
  /** Start times of the calls in the window, oldest first (from `head`). */
  private readonly starts: number[] = [];
  private head = 0;
  private readonly spanMs: number;
  /** Calls queue here in order: each takes its turn after the one before it. */
  private turn: Promise<void> = Promise.resolve();
  /** Time calls were held for the window, in ms (one after another: the run's time spent waiting). */
  waitedMs = 0;

  constructor(
    private readonly limit: number,
    windowMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.spanMs = windowMs + Math.max(50, windowMs / 100);
  }

  /** Waits for this call's place in the window, and takes it. */
  take(signal?: AbortSignal): Promise<void> {
    const mine = this.turn.then(() => this.wait(signal));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async wait(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      while (this.head < this.starts.length && this.starts[this.head]! <= now - this.spanMs) this.head++;
      if (this.head > 1024) {
        this.starts.splice(0, this.head);
        this.head = 0;
      }
      if (this.starts.length - this.head < this.limit) {
        this.starts.push(now);
        return;
      }
      const until = this.starts[this.head]! + this.spanMs;
      this.waitedMs += until - now;
      await sleep(until - now, signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
