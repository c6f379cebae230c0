import { STATUS_CODES, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { LIMIT_DEFAULTS, type Config } from '../config.js';
import { ApiError, MESSAGES } from '../domain/errors.js';

export type LimitSettings = Partial<
  Pick<
    Config,
    | 'headersTimeoutMs'
    | 'keepAliveTimeoutMs'
    | 'connectionTimeoutMs'
    | 'maxHeaderSize'
    | 'maxUrlLength'
    | 'maxConnections'
    | 'maxEventLoopDelayMs'
  >
>;

/** Seconds an overloaded service asks callers to wait (as for a busy database). */
const OVERLOAD_RETRY_AFTER_S = 5;

/** Fastify's and Node's options for the timeouts and sizes a slow or greedy client meets. */
export function connectionOptions(
  limits: LimitSettings,
  requestTimeoutMs: number,
): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'clientErrorHandler'
> & {
  http: ServerOptions;
} {
  const headersTimeout = Math.min(
    limits.headersTimeoutMs ?? LIMIT_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs,
  );
  return {
    connectionTimeout: limits.connectionTimeoutMs ?? LIMIT_DEFAULTS.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs ?? LIMIT_DEFAULTS.keepAliveTimeoutMs,
    requestTimeout: requestTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderSize ?? LIMIT_DEFAULTS.maxHeaderSize,
      headersTimeout,
      requestTimeout: requestTimeoutMs,
      // Node looks for expired headers and requests only this often (30 s by default), so a
      // trickling client would otherwise keep its socket up to 30 s past the timeout.
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    clientErrorHandler,
  };
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large, too slow,
 * malformed): answered in the gateway's JSON shape instead of Fastify's own, then the socket closes.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.badRequest];
  const body = JSON.stringify({ statusCode: status, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** The connection cap, the URL length limit and load shedding, on every route of the app. */
export async function installConnectionLimits(app: FastifyInstance, limits: LimitSettings): Promise<void> {
  // Node drops connections over the cap at once (no queue), so a flood cannot exhaust file handles.
  app.server.maxConnections = limits.maxConnections ?? LIMIT_DEFAULTS.maxConnections;

  const maxUrlLength = limits.maxUrlLength ?? LIMIT_DEFAULTS.maxUrlLength;
  app.addHook('onRequest', async (request) => {
    if (request.raw.url !== undefined && request.raw.url.length > maxUrlLength) {
      throw new ApiError(414, MESSAGES.uriTooLong);
    }
  });

  // When the event loop lags, new calls are refused at once with 503 and Retry-After rather than
  // queued behind the backlog; the sample is a one-second mean, so a single slow call does not trip it.
  const maxEventLoopDelay = limits.maxEventLoopDelayMs ?? LIMIT_DEFAULTS.maxEventLoopDelayMs;
  if (maxEventLoopDelay > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay,
      pressureHandler: async () => {
        throw new ApiError(503, MESSAGES.overloaded, { 'retry-after': String(OVERLOAD_RETRY_AFTER_S) });
      },
    });
  }
}
