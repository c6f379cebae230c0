import { ApiError, MESSAGES } from '../domain/errors.js';
import { ThrottledReport } from './throttled-report.js';

export type FailureMode = 'open' | 'closed';

/** What failed: a limit check, the connection itself, or a change notice. */
export type FailureKind = 'limits' | 'connection' | 'notices';

export interface FailureEvents {
  /** A failure worth a log line; `suppressed` failures of that kind went unlogged since the last one. */
  log(error: unknown, kind: FailureKind, suppressed: number): void;
  /** Every failure, for the metric. */
  count(kind: FailureKind): void;
}

/**
 * What the limits do when their shared store (Redis) fails: `open` lets the call through unmetered,
 * `closed` refuses it with 503 and Retry-After. Every failure is counted, and logged without flooding
 * the log during an outage. Refusals by the limits themselves (429, 403) are answers and pass through.
 */
export class LimiterFailures {
  private readonly reports = new Map<FailureKind, ThrottledReport>();

  constructor(
    readonly mode: FailureMode,
    private readonly events: FailureEvents,
  ) {}

  /** Runs a limiter call; when its store fails, resolves with `unmetered` (open) or throws 503 (closed). */
  async guard<T>(call: () => Promise<T>, unmetered: T): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.failed(error, 'limits');
      if (this.mode === 'closed') throw new ApiError(503, MESSAGES.limitsUnavailable, { 'retry-after': '5' });
      return unmetered;
    }
  }

  /** Counts a failure, and logs it unless one of its kind was logged in the last ten seconds. */
  failed(error: unknown, kind: FailureKind): void {
    this.events.count(kind);
    let report = this.reports.get(kind);
    if (!report) this.reports.set(kind, (report = new ThrottledReport()));
    const suppressed = report.due();
    if (suppressed !== undefined) this.events.log(error, kind, suppressed);
  }
}
