import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '../domain/errors.js';
import { rateLimitExceeded } from '../gateway/traffic-limits.js';

/**
 * What one client may hold of a listener. Two places, because of what is known when:
 * - At connection time only the socket's address is known. Connections are capped per socket address
 *   (MAX_CONNECTIONS_PER_ADDRESS), except from a trusted proxy (TRUST_PROXY), whose connections carry
 *   many clients: capping it would lock out everyone behind it.
 * - The forwarded address is known only once a request's headers are in. Behind a trusted proxy,
 *   requests in flight are capped per forwarded client address (MAX_REQUESTS_PER_ADDRESS, 429 beyond);
 *   without a proxy the connection cap already bounds them (a connection answers one request at a time).
 */
export interface ClientConnectionLimits {
  maxConnections: number;
  /** 0: no cap. */
  maxConnectionsPerAddress: number;
  isTrustedProxy: (address: string) => boolean;
}

/** Whether no request is being answered on the socket: its first request is not in yet, or between keep-alive requests. */
function idle(socket: Socket): boolean {
  // Node's http server keeps the answer in progress here and sets it back to null once it is sent.
  return (socket as Socket & { _httpMessage?: unknown })._httpMessage == null;
}

/**
 * Caps a listener's connections in all and per client address. When all are taken, a newcomer gets
 * the place of the oldest idle connection (a flood of sockets that send nothing, or keep-alive ones
 * between requests), and is dropped at once only when every connection has a request being answered.
 * Replaces Node's `maxConnections`, which drops the newcomer whatever the others are doing.
 */
export function limitClientConnections(server: Server, limits: ClientConnectionLimits): void {
  // In order of arrival, so the oldest idle connection is the first found.
  const open = new Set<Socket>();
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const capped = limits.maxConnectionsPerAddress > 0 && !limits.isTrustedProxy(address);
    const held = capped ? (perAddress.get(address) ?? 0) : 0;
    if (held >= limits.maxConnectionsPerAddress && capped) {
      socket.destroy();
      return;
    }
    if (open.size >= limits.maxConnections && !closeOldestIdle(open)) {
      socket.destroy();
      return;
    }
    open.add(socket);
    if (capped) perAddress.set(address, held + 1);
    socket.once('close', () => {
      open.delete(socket);
      if (!capped) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}

function closeOldestIdle(open: Set<Socket>): boolean {
  for (const socket of open) {
    if (idle(socket)) {
      open.delete(socket);
      socket.destroy();
      return true;
    }
  }
  return false;
}

/** Requests in flight per client address (behind a trusted proxy: the forwarded one). */
export class RequestsInFlight {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly addressOf: (req: IncomingMessage) => string,
  ) {}

  /**
   * Counts the request until its answer is done (or its connection lost), or, when its client already
   * has `max` in flight, counts nothing and returns the 429 to answer.
   */
  enter(req: IncomingMessage, res: ServerResponse): ApiError | undefined {
    const address = this.addressOf(req);
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) return rateLimitExceeded(1);
    this.counts.set(address, count + 1);
    res.once('close', () => {
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left === 0) this.counts.delete(address);
      else this.counts.set(address, left);
    });
    return undefined;
  }
}
