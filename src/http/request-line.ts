import { symbols, type Logger } from 'pino';

/** What the request log says of one answered call. */
export interface CompletedCall {
  reqId: string;
  method: string;
  /** Already fit for a log (loggableUrl). */
  url: string;
  ip: string;
  statusCode: number;
  responseTime: number;
}

const MESSAGE = 'request completed';

// Strings JSON writes as they are: no quote, backslash, control character or surrogate.
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** JSON.stringify of a string, without its C++ call for the usual plain one (a third of the line's cost). */
function jsonString(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * The "request completed" line of a direct answer, put together as a template and written to the
 * logger's own stream. pino's generic path (property walk, serializers, nested stringify) took a
 * third of a cached answer's JavaScript time in perf profiles under load (notes of issue 5).
 *
 * The line must be byte for byte what `logger.info(line, 'request completed')` writes, so the log stays
 * one format. The time, level and bindings come from pino itself; the rest is checked once, here,
 * against pino's own formatter on a sample. When they differ (other serializers, a formatter, a
 * mixin, hooks), or pino would do more than format and write, undefined is returned and the caller
 * logs through pino.
 */
export function requestLineWriter(logger: Logger): ((call: CompletedCall) => void) | undefined {
  const internals = logger as unknown as Record<symbol, unknown>;
  const hooks = (internals[symbols.hooksSym] ?? {}) as Record<string, unknown>;
  const stream = internals[symbols.streamSym] as { write(line: string): unknown } & Record<symbol, unknown>;
  if (
    internals[symbols.mixinSym] ||
    logger.msgPrefix ||
    hooks.logMethod ||
    hooks.streamWrite ||
    stream[Symbol.for('pino.metadata')] === true
  ) {
    return undefined;
  }
  const level = logger.levels.values.info!;
  const start = (internals[symbols.lsCacheSym] as Record<number, string>)[level];
  const time = internals[symbols.timeSym] as () => string;
  const chindings = internals[symbols.chindingsSym] as string;
  const format = (call: CompletedCall, at: string) =>
    `${start}${at}${chindings},"reqId":${jsonString(call.reqId)},"req":{"method":${jsonString(call.method)},"url":${jsonString(call.url)},"remoteAddress":${jsonString(call.ip)}},"res":{"statusCode":${call.statusCode}},"responseTime":${call.responseTime},"msg":"${MESSAGE}"}\n`;

  const asJson = internals[symbols.asJsonSym] as (obj: object, msg: string, num: number, t: string) => string;
  const sample: CompletedCall = {
    reqId: 'a1-b2',
    method: 'GET',
    url: '/api/x?q="\\\u00e9',
    ip: '::1',
    statusCode: 200,
    responseTime: 0.125,
  };
  const at = ',"time":1';
  const byPino = asJson.call(logger, pinoObject(sample), MESSAGE, level, at);
  if (format(sample, at) !== byPino) return undefined;
  return (call) => {
    stream.write(format(call, time()));
  };
}

/** The object handed to pino for the same line: `req` goes through the service's req serializer. */
export function pinoObject(call: CompletedCall): object {
  return {
    reqId: call.reqId,
    req: { method: call.method, url: call.url, ip: call.ip },
    res: { statusCode: call.statusCode },
    responseTime: call.responseTime,
  };
}
