import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ApiError, MESSAGES } from '../domain/errors.js';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.js';
import { PAGE_SECURITY_HEADERS } from '../calls/answer-headers.js';

/**
 * Requests Node parses but the service does not take, each with its refusal; undefined for the plain
 * case (no allocation: every request, the direct answers' too, asks).
 * - A version other than 1.0 or 1.1: llhttp reads `GET /` alone as HTTP/0.9 and `HTTP/2.0` as text, and
 *   both would be answered as if they were HTTP/1.1 calls.
 * - HTTP/1.1 without Host (RFC 9112, 3.2): Node's own check (requireHostHeader) answers a bare 400
 *   with neither JSON nor the security headers, so it is off and this one answers instead.
 * - More than one Host (RFC 9112, 3.2 again): Node keeps the first and drops the others, so which
 *   host was meant cannot be told; a proxy may have routed by another one.
 */
export function protocolRefusal(req: IncomingMessage): ApiError | undefined {
  if (req.httpVersionMajor !== 1 || req.httpVersionMinor > 1) {
    return new ApiError(505, MESSAGES.httpVersion, { connection: 'close' });
  }
  if (req.httpVersionMinor === 1 && req.headers.host === undefined) {
    return new ApiError(400, MESSAGES.missingHost, { connection: 'close' });
  }
  if (hostsIn(req.rawHeaders) > 1) return new ApiError(400, MESSAGES.twoHosts, { connection: 'close' });
  return undefined;
}

/** How many Host headers a request sent (rawHeaders: name, value, name, value...). */
function hostsIn(raw: string[]): number {
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Most names are not four characters long: no lower-casing for them.
    if (name.length === 4 && name.toLowerCase() === 'host') hosts++;
  }
  return hosts;
}

const REFUSAL = Symbol('refusal decided by the server');
type MarkedRequest = IncomingMessage & { [REFUSAL]?: ApiError };

/** Marks a request the server's request handler refuses (e.g. too many in flight), for the framework to answer. */
export function markRefused(req: IncomingMessage, refusal: ApiError): void {
  (req as MarkedRequest)[REFUSAL] = refusal;
}

/**
 * Refuses, through the framework (JSON, security headers, request id, log line), what protocolRefusal
 * names or the server's request handler marked.
 */
export function installProtocolChecks(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done((request.raw as MarkedRequest)[REFUSAL] ?? protocolRefusal(request.raw));
  });
}

/**
 * A whole HTTP/1.1 error answer as bytes, for the cases Node leaves to a raw socket (parser errors,
 * CONNECT): the same JSON body, security headers, no-store and request id as the framework's answers.
 */
export function rawErrorAnswer(status: number, message: string, reqId: string): string {
  const body = JSON.stringify({ statusCode: status, message });
  const headers: Record<string, string> = {
    // No path to go by (the request line may not have parsed): the fuller set.
    ...PAGE_SECURITY_HEADERS,
    [REQUEST_ID_HEADER]: reqId,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  return `${head}\r\n${body}`;
}

/** Where a raw answer is logged: the app's logger. */
export type RefusalLog = Pick<FastifyBaseLogger, 'info'>;

/**
 * Writes a raw error answer and closes the connection (as Node does with its own bare answers). It is
 * logged under the request id it carries, as every answer is; `reason` says what was refused.
 */
export function answerRawAndClose(
  socket: Duplex & { remoteAddress?: string },
  status: number,
  message: string,
  log: RefusalLog,
  reason: string,
): void {
  const reqId = newRequestId();
  if (socket.writable) socket.write(rawErrorAnswer(status, message, reqId));
  socket.destroy();
  log.info(
    { reqId, remoteAddress: socket.remoteAddress, res: { statusCode: status }, reason },
    'request refused',
  );
}

/** Node's HTTP parser as the server holds it: what refuseHttp09 reads of it. */
type ServerParser = Record<number, unknown> & {
  getCurrentBuffer?: () => Buffer;
  headersCompleted?: () => boolean;
};

/**
 * The index of the callback Node's parser calls after each chunk it parsed straight from the socket
 * (the server lets the parser read the socket itself, so no JavaScript sees the bytes otherwise).
 * Node's own module, not a documented API: without it, refuseHttp09 does nothing.
 */
const ON_EXECUTE = (() => {
  try {
    const common = createRequire(import.meta.url)('_http_common') as {
      HTTPParser?: { kOnExecute?: unknown };
    };
    const index = common.HTTPParser?.kOnExecute;
    return typeof index === 'number' ? index : undefined;
  } catch {
    return undefined;
  }
})();

/** A request line without a version (HTTP/0.9's `GET /`), ended. */
const VERSIONLESS_LINE = /^[A-Za-z]+ [^ \r\n]*\r?\n/;

/**
 * HTTP/0.9's request is one line, and its client then waits for the answer. llhttp reads such a line
 * as the start of a request whose header section is still to come, so the request would wait for
 * the request timeout's 408 (or, sent with a blank line, be refused by protocolRefusal). Looking
 * at a connection's first chunk (once, then Node's own callback is put back, so no later chunk pays
 * for it), a versionless line whose headers the parser still waits for is answered 505 at once, as a
 * request line of another version is. A line split over several reads, or one after an HTTP/1.x
 * request on the same connection, still meets the request timeout.
 */
export function refuseHttp09(server: Server, log: RefusalLog): void {
  if (ON_EXECUTE === undefined) return;
  const onExecute = ON_EXECUTE;
  server.on('connection', (socket: Socket) => {
    const parser = (socket as Socket & { parser?: ServerParser }).parser;
    const own = parser?.[onExecute];
    if (!parser?.getCurrentBuffer || !parser.headersCompleted || typeof own !== 'function') return;
    parser[onExecute] = function firstChunk(this: unknown, ...args: unknown[]) {
      parser[onExecute] = own;
      const chunk = parser.getCurrentBuffer!();
      const end = chunk.indexOf(0x0a);
      if (
        end > 0 &&
        !parser.headersCompleted!() &&
        VERSIONLESS_LINE.test(chunk.toString('latin1', 0, end + 1))
      ) {
        answerRawAndClose(socket, 505, MESSAGES.httpVersion, log, 'HTTP/0.9');
        return undefined;
      }
      return (own as (...a: unknown[]) => unknown).apply(this, args);
    };
  });
}

/**
 * CONNECT asks the server to be a proxy, which it is not. Node hands it to the 'connect' event and,
 * with no listener, closes the connection without a word; the contract's answer to a method no
 * operation has is 404.
 */
export function refuseConnect(server: Server, log: RefusalLog): void {
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    answerRawAndClose(socket, 404, MESSAGES.notFound, log, 'CONNECT');
  });
}
