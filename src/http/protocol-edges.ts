import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
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
 */
export function protocolRefusal(req: IncomingMessage): ApiError | undefined {
  if (req.httpVersionMajor !== 1 || req.httpVersionMinor > 1) {
    return new ApiError(505, MESSAGES.httpVersion, { connection: 'close' });
  }
  if (req.httpVersionMinor === 1 && req.headers.host === undefined) {
    return new ApiError(400, MESSAGES.missingHost, { connection: 'close' });
  }
  return undefined;
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
