import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config.js';
import { ApiError, MESSAGES } from '../domain/errors.js';
import { answerRawAndClose } from './protocol-edges.js';

export type LimitSettings = Pick<
  Config,
  | 'headersTimeoutMs'
  | 'keepAliveTimeoutMs'
  | 'connectionTimeoutMs'
  | 'maxHeaderSize'
  | 'maxUrlLength'
  | 'maxConnections'
  | 'maxConnectionsPerAddress'
  | 'maxRequestsPerAddress'
  | 'maxEventLoopDelayMs'
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
  const headersTimeout = Math.min(limits.headersTimeoutMs, requestTimeoutMs);
  return {
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: requestTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderSize,
      headersTimeout,
      requestTimeout: requestTimeoutMs,
      // Node looks for expired headers and requests only this often (30 s by default), so a
      // trickling client would otherwise keep its socket up to 30 s past the timeout.
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
      // Checked by protocolRefusal instead, which answers in the gateway's shape (Node's 400 is bare).
      requireHostHeader: false,
    },
    clientErrorHandler,
  };
}

/** What Node's parser errors carry besides their code: the chunk it was parsing and how far it got. */
type ParserError = Error & { code?: string; rawPacket?: unknown; bytesParsed?: number };

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers too large, too slow,
 * malformed): answered in the gateway's JSON shape, with the security headers, instead of Node's
 * bare answer, then the socket closes.
 */
function clientErrorHandler(this: FastifyInstance, error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? overflowInRequestLine(error)
        ? [414, MESSAGES.uriTooLong]
        : [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : error.code === 'HPE_INVALID_VERSION'
          ? [505, MESSAGES.httpVersion]
          : [400, MESSAGES.badRequest];
  answerRawAndClose(socket, status, message, this.log, error.code ?? 'client error');
}

/** A request line's start: a method and the first character of its target. */
const REQUEST_LINE_START = /^[A-Z]+ \S/;

/**
 * Whether a header overflow (MAX_HEADER_SIZE covers the request line and the headers alike) happened
 * in the request line, i.e. the URL is what is too long: 414 then, not 431. It is, when the chunk
 * being parsed starts a request and no line of it ended before the overflow. A request line that
 * arrived in several reads, the overflow in a later one, cannot be told from a long header this way
 * and stays a 431 (still the gateway's shape); on loopback and usual networks the first read holds
 * more than MAX_HEADER_SIZE.
 */
function overflowInRequestLine(error: ParserError): boolean {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return false;
  const parsed = packet.subarray(0, error.bytesParsed ?? packet.length);
  return REQUEST_LINE_START.test(parsed.subarray(0, 32).toString('latin1')) && !parsed.includes(0x0a);
}

/** The URL length limit and load shedding, on every route of the app (connection caps: client-connections.ts). */
export async function installConnectionLimits(app: FastifyInstance, limits: LimitSettings): Promise<void> {
  const maxUrlLength = limits.maxUrlLength;
  app.addHook('onRequest', async (request) => {
    if (request.raw.url !== undefined && request.raw.url.length > maxUrlLength) {
      throw new ApiError(414, MESSAGES.uriTooLong);
    }
  });

  // When the event loop lags, new calls are refused at once with 503 and Retry-After rather than
  // queued behind the backlog; the sample is a one-second mean, so a single slow call does not trip it.
  const maxEventLoopDelay = limits.maxEventLoopDelayMs;
  if (maxEventLoopDelay > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay,
      pressureHandler: async () => {
        throw new ApiError(503, MESSAGES.overloaded, { 'retry-after': String(OVERLOAD_RETRY_AFTER_S) });
      },
    });
  }
}
