import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { KEY_QUERY } from '../calls/presented-key.js';
import { logCall } from '../calls/completion.js';

/**
 * Query parameters whose value is a secret: the subscription key, and an admin token someone sends
 * in the URL (admin routes take it only as a header, but a caller may try). Compared by decoded,
 * lower-case name: the query parsers accept `subscription%2Dkey` as `subscription-key`.
 */
const SECRET_PARAMS = new Set([KEY_QUERY, 'token', 'access_token']);

/** A URL fit for a log line (both the framework's and the direct answers'): secret values masked. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('=', q) < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const pairs = url.slice(q + 1, end).split('&');
  let masked = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const eq = pair.indexOf('=');
    if (eq >= 0 && SECRET_PARAMS.has(decodedName(pair.slice(0, eq)))) {
      pairs[i] = `${pair.slice(0, eq)}=[redacted]`;
      masked = true;
    }
  }
  return masked ? `${url.slice(0, q + 1)}${pairs.join('&')}${url.slice(end)}` : url;
}

function decodedName(name: string): string {
  const plain = name.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plain).toLowerCase();
  } catch {
    // Malformed escapes: the query parsers keep such a name as it is.
    return plain.toLowerCase();
  }
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Keys also travel in headers: the `req` serializer below writes none of them (no pino `redact` of
    // req.headers, which pino applies after this serializer, where it could never match and only
    // cost every line a microsecond). test/http/logging.test.ts checks that no key reaches a log.
    serializers: {
      // A FastifyRequest, or the plain call of the call core's line (calls/completion.ts).
      req: (req: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * One line per answered request, with the request in it, in place of Fastify's two ('incoming
 * request', 'request completed'): half the logging work per call. The line is the call core's
 * (calls/completion.ts), the one the fast path writes too.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const call = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    logCall(reply.log, call, undefined, error ?? undefined);
  }
}
