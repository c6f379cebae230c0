import type { CallWindow } from './call-window.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A source's queue of requests: at most `limit` in flight, starts spaced by the request rate (0: no
 * rate), and each start (retries included) within the source's call window when it has one.
 */
export class Pacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  private pausedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly rate: number,
    private readonly window?: CallWindow,
  ) {}

  /** Waits for a place among the requests in flight; `release` gives it back. */
  async take(): Promise<void> {
    if (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
  }

  /** Waits for this request's turn under the rate and the call window (also before each retry). */
  async spaced(signal?: AbortSignal): Promise<void> {
    const now = performance.now();
    let start = Math.max(now, this.pausedUntil);
    if (this.rate > 0) {
      start = Math.max(start, this.nextStart);
      this.nextStart = start + 1000 / this.rate;
    }
    if (start > now) await sleep(start - now);
    await this.window?.take(signal);
  }

  /** Holds every request back for `ms` (the source asked to wait: it is one limit for all of them). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + ms);
  }

  release(): void {
    this.inFlight--;
    this.waiting.shift()?.();
  }
}
