/** How often a lasting failure is logged: once, then at most once per this many milliseconds. */
export const REPORT_EVERY_MS = 10_000;

/**
 * Decides when a failure that repeats (an outage refuses every call) is worth a log line: the first
 * at once, then at most one per interval, which says how many went unlogged since the last one. A
 * stack trace per refused call would drown the log and cost the process while it is already failing.
 */
export class ThrottledReport {
  private last: { at: number; suppressed: number } | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly everyMs = REPORT_EVERY_MS,
  ) {}

  /** Counts a failure; returns how many went unlogged before it when it is to be logged, else undefined. */
  due(): number | undefined {
    const now = this.now();
    const last = this.last;
    if (last && now - last.at < this.everyMs) {
      last.suppressed += 1;
      return undefined;
    }
    this.last = { at: now, suppressed: 0 };
    return last?.suppressed ?? 0;
  }
}
