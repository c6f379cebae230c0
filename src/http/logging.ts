import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { KEY_QUERY } from './subscription-key.js';

const KEY_IN_QUERY = new RegExp(`([?&]${KEY_QUERY}=)[^&#]*`, 'gi');

/** A URL fit for a log line: a key passed in the query string is masked. */
export function loggableUrl(url: string): string {
  return url.replace(KEY_IN_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Keys may also travel in headers; those are never serialized, and redacted should anyone log them.
    redact: ['req.headers["ocp-apim-subscription-key"]', 'req.headers.authorization'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
