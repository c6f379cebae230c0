import { bangkokDay } from '../domain/windows.js';
import type { Gateway } from '../gateway/index.js';

/** An answered call, as usage, metrics and the request log count it. */
export interface CompletedCall {
  /** The operation's name (its operation id, else its route's path; 'unmatched': no route). */
  operation: string;
  statusCode: number;
  /** From the call's arrival to its answer's end. */
  ms: number;
  /** The subscription the call's key belongs to, accepted or not (refused calls are counted too). */
  subscriptionId: number | undefined;
  /** When it was answered (its Bangkok day is usage's day); the gateway's clock by default. */
  now?: Date;
  /** The URL called and the call's X-Request-Id: a keyed call goes in its subscription's request log. */
  url?: string;
  requestId?: string;
}

/**
 * Counts an answered call: in usage against its subscription (by Bangkok day and operation), and
 * in the request metrics (count and latency by operation and status), and a keyed call in its
 * subscription's request log.
 */
export function countCall(gateway: Gateway, call: CompletedCall): void {
  if (call.subscriptionId !== undefined) {
    const now = call.now ?? gateway.now();
    gateway.recordCall(call.subscriptionId, bangkokDay(now).day, call.operation, call.statusCode);
    // Pushed onto a list, written in batches (gateway/request-log.ts); calls without a key have no log.
    if (call.requestId !== undefined && !gateway.publicAccess.isAnonymous(call.subscriptionId))
      gateway.requestLog.record(
        call.subscriptionId,
        now,
        call.operation,
        call.url ?? '',
        call.statusCode,
        call.ms,
        call.requestId,
      );
  }
  gateway.metrics.observe(call.operation, call.statusCode, call.ms / 1000);
}
