import { hostname } from 'node:os';
import { levels, pino, stdTimeFunctions, type LogFn, type LoggerOptions } from 'pino';
import { loggableUrl } from '../domain/loggable-url.js';

export { loggableUrl };

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // pino's own defaults, named here because the call line's template (callLineTemplate) writes them.
    base: { pid: process.pid, hostname: hostname() },
    timestamp: stdTimeFunctions.epochTime,
    // Keys also travel in headers: the `req` serializer below writes none of them (no pino `redact` of
    // req.headers, which pino applies after this serializer, where it could never match and only
    // cost every line a microsecond). test/http/logging.test.ts checks that no key reaches a log.
    serializers: {
      // The call of a line (below), or the framework's request.
      req: (req: { method: string; url: string; ip: string }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
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

/**
 * A response time as the log writes it: milliseconds to the microsecond. The clock's full double (e.g.
 * 0.41296600000000183) says nothing more, and writing its 17 digits out cost a call 170 ns, half of
 * its line's formatting (the rounded number: 50 ns).
 */
export function loggedMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * The one line of an answered call (the service logs no 'incoming request' line), through pino's
 * public API, by a logger made with loggerOptions; its `req` serializer masks secrets in the URL.
 */
export function writeCallLine(logger: { info: LogFn }, call: LoggedCall, reqId: string): void {
  const { method, url, ip, statusCode } = call;
  const responseTime = loggedMs(call.responseTime);
  logger.info({ reqId, req: { method, url, ip }, res: { statusCode }, responseTime }, 'request completed');
}

// Strings JSON writes as they are: no quote, backslash, control character or surrogate.
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/**
 * writeCallLine's line as one template, for the usual call, whose strings JSON writes as they are; for
 * any other (a quote, a control character, a lone surrogate, a number JSON cannot write) it returns
 * undefined and the caller writes through pino. pino's generic formatting (walking the object and its
 * serializers, JSON.stringify of the nested objects) cost a small cached answer ~15k instructions, a
 * tenth of the whole call (callgrind, stop 29); the template writes the same bytes for a fraction.
 *
 * Made only from pino's public API and the options of the logger it stands in for (loggerOptions),
 * and compared once with the line pino writes with those options for a sample: when the two differ
 * (a pino that formats otherwise), this returns undefined and every line goes through pino.
 */
export function callLineTemplate(
  options: LoggerOptions,
): ((call: LoggedCall, reqId: string) => string | undefined) | undefined {
  // Other time functions (pino's isoTime, say) are left to pino.
  if (options.timestamp !== stdTimeFunctions.epochTime) return undefined;
  const head = `{"level":${levels.values.info}`;
  const base = `,${JSON.stringify(options.base ?? {}).slice(1, -1)}`;
  const format = (call: LoggedCall, reqId: string, at: string) => {
    const url = loggableUrl(call.url);
    if (!PLAIN.test(reqId) || !PLAIN.test(call.method) || !PLAIN.test(url) || !PLAIN.test(call.ip)) {
      return undefined;
    }
    if (!Number.isFinite(call.responseTime) || !Number.isInteger(call.statusCode)) return undefined;
    return `${head}${at}${base},"reqId":"${reqId}","req":{"method":"${call.method}","url":"${url}","remoteAddress":"${call.ip}"},"res":{"statusCode":${call.statusCode}},"responseTime":${loggedMs(call.responseTime)},"msg":"request completed"}\n`;
  };
  const sample = {
    method: 'GET',
    url: '/api/x?subscription-key=k&q=1',
    ip: '::1',
    statusCode: 200,
    responseTime: 0.125,
  };
  const at = ',"time":1';
  let byPino = '';
  const sink = { write: (text: string) => (byPino = text) };
  writeCallLine(pino({ ...options, timestamp: () => at }, sink), sample, 'a1-b2');
  if (format(sample, 'a1-b2', at) !== byPino) return undefined;
  // Its time written as pino's epochTime writes it (`,"time":` and Date.now()), once per millisecond:
  // writing the 13-digit number out cost 85 ns a line (node 20), and a busy second has dozens of
  // calls in each millisecond.
  let atMs = Number.NaN;
  let atText = '';
  return (call, reqId) => {
    const ms = Date.now();
    if (ms !== atMs) {
      atMs = ms;
      atText = `,"time":${ms}`;
    }
    return format(call, reqId, atText);
  };
}

/**
 * A failed call's line: rare, and with its error, so written at once, by the framework's per-request
 * logger (which names the request id).
 */
export function writeFailedCallLine(logger: { error: LogFn }, call: LoggedCall, err: Error): void {
  const { method, url, ip, statusCode } = call;
  const responseTime = loggedMs(call.responseTime);
  logger.error({ req: { method, url, ip }, res: { statusCode }, responseTime, err }, 'request errored');
}
