import type { LogFn } from 'pino';
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
}

/**
 * Counts an answered call: in usage against its subscription (by Bangkok day and operation), and
 * in the request metrics (count and latency by operation and status).
 */
export function countCall(gateway: Gateway, call: CompletedCall): void {
  if (call.subscriptionId !== undefined) {
    const day = bangkokDay(call.now ?? gateway.now()).day;
    gateway.recordCall(call.subscriptionId, day, call.operation, call.statusCode);
  }
  gateway.metrics.observe(call.operation, call.statusCode, call.ms / 1000);
}

/** What the request log says of one answered call. */
export interface LoggedCall {
  method: string;
  url: string;
  /** The client's address (TRUST_PROXY applied). */
  ip: string;
  statusCode: number;
  responseTime: number;
}

const COMPLETED = 'request completed';

/**
 * The one line of an answered call (the service logs no 'incoming request' line), through pino. The
 * logger's `req` serializer (logging.ts) makes `req` of it, secrets in the URL masked. `reqId`: the
 * call's request id, unless the logger names it already (the framework's per-request child logger).
 * A failed call's line carries its error instead.
 */
export function logCall(
  logger: { info: LogFn; error: LogFn },
  call: LoggedCall,
  reqId?: string,
  err?: Error,
): void {
  const req = { method: call.method, url: call.url, ip: call.ip };
  const res = { statusCode: call.statusCode };
  const { responseTime } = call;
  const line = reqId === undefined ? { req, res, responseTime } : { reqId, req, res, responseTime };
  if (err) logger.error({ ...line, err }, 'request errored');
  else logger.info(line, COMPLETED);
}
