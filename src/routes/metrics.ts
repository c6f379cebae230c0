import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import proxyAddr from '@fastify/proxy-addr';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../domain/errors.js';
import type { Gateway } from '../gateway/index.js';

const isLoopback = proxyAddr.compile('loopback');

/** Headers a reverse proxy adds: a call through one on this machine comes from loopback too. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A caller on this machine: the connection comes from a loopback address and was not forwarded by a
 * proxy. The socket's address, not `request.ip`, so TRUST_PROXY and forged headers cannot open it.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  return (
    address !== undefined &&
    isLoopback(address, 0) &&
    !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)
  );
}

/**
 * Prometheus scrape endpoint, without a subscription key. It shows the Node version, admin call
 * counts and refusals by reason (a way to watch the key-guess guard): on the API's listener it is
 * there for callers on this machine only (`localOnly`), as if it did not exist for anyone else;
 * METRICS_PORT gives it a listener of its own, reachable by whoever reaches that port.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ gateway: Gateway; localOnly: boolean }> = async (
  app,
  { gateway, localOnly },
) => {
  app.get(
    '/metrics',
    {
      schema: { hide: true, response: { 200: Type.String() } },
      onRequest: async (request) => {
        if (localOnly && !fromThisMachine(request)) throw new ApiError(404, MESSAGES.notFound);
      },
    },
    async (_request, reply) => {
      reply.header('content-type', gateway.metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return gateway.metrics.read();
    },
  );
};
