import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { KEY_QUERY } from './subscription-key.js';

const KEY_IN_QUERY = new RegExp(`([?&]${KEY_QUERY}=)[^&#]*`, 'gi');

/** A URL fit for a log line: a key passed in the query string is masked. */
export function loggableUrl(url: string): string {
  return url.includes('?') ? url.replace(KEY_IN_QUERY, '$1[redacted]') : url;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Keys also travel in headers: the `req` serializer below writes none of them (no pino `redact` of
    // req.headers, which pino applies after this serializer, where it could never match and only
    // cost every line a microsecond). test/http/logging.test.ts checks that no key reaches a log.
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * One line per answered request, with the request in it, in place of Fastify's two ('incoming
 * request', 'request completed'): half the logging work per call, and the line the direct answers
 * write (direct-answers.ts).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
