import type { Server } from 'node:http';

/**
 * How long a stopping server keeps its idle keep-alive connections open. A client may have sent its
 * next call on one a moment ago: closed now, the call is lost (the client cannot tell it never
 * arrived; a rolling replace under keep-alive load lost 10 of 141,799 calls). Kept open, such a
 * call is answered, with `Connection: close` (Fastify adds it while closing), and the client's next
 * call opens a connection to a server still taking them. Under load every connection carries a call
 * within this time; one still idle after it is closed, as before.
 */
export const IDLE_GRACE_MS = 1000;

/**
 * Holds back the closing of `servers`' idle connections, which Node's server.close() and Fastify's
 * forceCloseConnections do at once; returns what lets them close again, and closes the idle ones.
 */
export function holdIdleConnections(servers: Server[]): () => void {
  const releases = servers.map((server) => {
    const closeIdle = server.closeIdleConnections;
    server.closeIdleConnections = () => undefined;
    return () => {
      server.closeIdleConnections = closeIdle;
      server.closeIdleConnections();
    };
  });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const release of releases) release();
  };
}
