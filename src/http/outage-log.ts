import type { FastifyBaseLogger } from 'fastify';
import { ThrottledReport } from '../gateway/throttled-report.js';

/**
 * The log of failures that refuse every call while they last (the database down or unusable): one
 * line with the error when one starts, then one per ten seconds with how many calls it refused since,
 * as Redis failures are logged (limiter-failures.ts). Every refused call keeps its request line.
 */
export class OutageLog {
  private readonly reports = new Map<string, ThrottledReport>();

  /** `now`: the app's clock, which tests move instead of waiting. */
  constructor(private readonly now: () => number = Date.now) {}

  failed(log: FastifyBaseLogger, what: string, error: unknown): void {
    let report = this.reports.get(what);
    if (!report) this.reports.set(what, (report = new ThrottledReport(this.now)));
    const suppressed = report.due();
    if (suppressed === undefined) return;
    const msg = suppressed > 0 ? `${what} (${suppressed} more since the last report)` : what;
    log.error({ err: error, suppressed }, msg);
  }
}
