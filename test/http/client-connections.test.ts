import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sockets a test opened, closed after it whatever happened. */
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  // The server counts a connection out when it sees it close.
  await sleep(50);
});

interface Connection {
  socket: Socket;
  /** Everything the server wrote, once it closed the connection. */
  closed: Promise<string>;
  isClosed: () => boolean;
}

/** A raw connection to `port` from a loopback address of its own (127.0.0.0/8 is all loopback). */
async function open(port: number, from = '127.0.0.1'): Promise<Connection> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.add(socket);
  await once(socket, 'connect');
  let received = '';
  let done = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => {
    done = true;
    return received;
  });
  return { socket, closed, isClosed: () => done };
}

async function openMany(port: number, from: string, count: number): Promise<Connection[]> {
  const opened: Connection[] = [];
  for (let i = 0; i < count; i++) opened.push(await open(port, from));
  return opened;
}

const UPLOAD = '/api/FundPriceService/GetNavByFundCode/2026-01-01/2026-01-02';

/** A connection whose request is being answered: a POST whose body has not all arrived. */
async function busy(port: number, key: string, from: string, forwardedFor?: string): Promise<Connection> {
  const connection = await open(port, from);
  const forwarded = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '';
  connection.socket.write(
    `POST ${UPLOAD} HTTP/1.1\r\nHost: localhost\r\nOcp-Apim-Subscription-Key: ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 10\r\n${forwarded}\r\n{"a"`,
  );
  return connection;
}

/** A GET /health on a new connection from `from`: its status, or 0 when dropped without an answer. */
async function health(port: number, from = '127.0.0.1', forwardedFor?: string): Promise<number> {
  const { socket, closed } = await open(port, from);
  const forwarded = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '';
  socket.write(`GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${forwarded}\r\n`);
  const answer = await closed;
  return answer === '' ? 0 : Number(answer.split(' ')[1]);
}

describe('connections per client address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { maxConnections: 6, maxConnectionsPerAddress: 2 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('one address cannot hold every connection: its connections over the cap are dropped, others get in', async () => {
    const flood = await openMany(port, '127.0.0.2', 6);
    await sleep(100);
    expect(flood.filter((c) => c.isClosed())).toHaveLength(4);
    expect(flood.slice(0, 2).every((c) => !c.isClosed())).toBe(true);
    expect(await health(port)).toBe(200);
  });

  it('when every connection is taken, an idle one is closed for the newcomer', async () => {
    const idle = [
      ...(await openMany(port, '127.0.0.2', 2)),
      ...(await openMany(port, '127.0.0.3', 2)),
      ...(await openMany(port, '127.0.0.4', 2)),
    ];
    await sleep(50);
    expect(idle.some((c) => c.isClosed())).toBe(false);
    expect(await health(port)).toBe(200);
    // The oldest idle connection made room.
    expect(await idle[0]!.closed).toBe('');
    expect(idle.slice(1).every((c) => !c.isClosed())).toBe(true);
  });

  it('when every connection has a request being answered, a newcomer is dropped at once', async () => {
    const held: Connection[] = [];
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      held.push(await busy(port, t.key, from), await busy(port, t.key, from));
    }
    await sleep(100);
    expect(held.some((c) => c.isClosed())).toBe(false);
    expect(await health(port)).toBe(0);
    // Answers in progress go on: the uploads finish and are answered.
    for (const { socket } of held) socket.write('}      ');
    for (const { socket, closed } of held) {
      socket.end();
      expect(await closed).toMatch(/^HTTP\/1\.1 [24]\d\d /);
    }
    expect(await health(port)).toBe(200);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        trustProxy: '127.0.0.1',
        maxConnections: 20,
        maxConnectionsPerAddress: 2,
        maxRequestsPerAddress: 1,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("does not cap the proxy's own connections: they carry many clients", async () => {
    const fromProxy = await openMany(port, '127.0.0.1', 4);
    await sleep(100);
    expect(fromProxy.some((c) => c.isClosed())).toBe(false);
    expect(await health(port, '127.0.0.1', '203.0.113.5')).toBe(200);
  });

  it('still caps connections from an address that is not a trusted proxy', async () => {
    const direct = await openMany(port, '127.0.0.9', 3);
    await sleep(100);
    expect(direct.map((c) => c.isClosed())).toEqual([false, false, true]);
  });

  it('limits requests in flight per forwarded client address, with a 429 in the gateway shape', async () => {
    const slow = await busy(port, t.key, '127.0.0.1', '203.0.113.7');
    await sleep(100);
    const { socket, closed } = await open(port);
    socket.write(
      'GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n',
    );
    const raw = await closed;
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head.toLowerCase()).toContain('retry-after: 1');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toEqual({
      statusCode: 429,
      message: 'Rate limit is exceeded. Try again in 1 seconds.',
    });
    // Another client behind the same proxy is not held back.
    expect(await health(port, '127.0.0.1', '203.0.113.8')).toBe(200);
    // Once its request is answered, the client may call again.
    slow.socket.end('}      ');
    await slow.closed;
    expect(await health(port, '127.0.0.1', '203.0.113.7')).toBe(200);
  });
});
