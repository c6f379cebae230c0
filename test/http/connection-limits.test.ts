import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      requestTimeoutMs: 1000,
      headersTimeoutMs: 1000,
      keepAliveTimeoutMs: 500,
      maxHeaderSize: 2048,
      maxUrlLength: 300,
      maxConnections: 3,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that collects everything the server writes until it closes. */
async function open(): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close').then(() => received);
  return { socket, closed };
}

/** Status line and JSON body of a raw HTTP answer. */
function parse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('limits against slow and greedy clients', () => {
  it('cuts off a client that sends its headers one byte per second, with a 408 in the gateway shape', async () => {
    const { socket, closed } = await open();
    const started = Date.now();
    let done = false;
    void closed.then(() => (done = true));
    socket.write('GET /health HTTP/1.1\r\n');
    for (const byte of 'Host: localhost\r\nX-Slow: yes\r\n\r\n') {
      if (done) break;
      socket.write(byte);
      await sleep(1000);
    }
    const answer = parse(await closed);
    // Headers timeout 1 s, checked every second: cut off within about 2 s, long before the headers end.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ statusCode: 408, message: 'The request was not received in time.' });
  }, 15_000);

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { socket, closed } = await open();
    socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const started = Date.now();
    expect(await closed).toMatch(/^HTTP\/1\.1 200/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers an over-long URL with 414 in the gateway shape, before the key check', async () => {
    const res = await t.app.inject({ url: `/api/FundPriceService/LatestDate?x=${'a'.repeat(400)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ statusCode: 414, message: 'Request URI is too long.' });
  });

  it('answers headers over the size limit with 431 in the gateway shape', async () => {
    const { socket, closed } = await open();
    socket.write(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(4000)}\r\n\r\n`);
    const answer = parse(await closed);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body).toEqual({ statusCode: 431, message: 'Request header fields are too large.' });
  });

  it('answers a body over the limit with 413 in the gateway shape', async () => {
    const res = await fetch(
      `http://127.0.0.1:${port}/api/FundPriceService/GetNavByFundCode/1-1-2026/2-1-2026`,
      {
        method: 'POST',
        headers: { 'Ocp-Apim-Subscription-Key': t.key, 'content-type': 'application/json' },
        body: 'x'.repeat(70_000),
      },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, message: 'Request body is too large.' });
  });

  it('drops connections over the cap at once when none is idle', async () => {
    // Each held connection has a request being answered (its body not all in): none can make room
    // (idle ones would: test/http/client-connections.test.ts).
    const held = await Promise.all([open(), open(), open()]);
    for (const { socket } of held) {
      socket.write(
        'POST /api/FundPriceService/GetNavByFundCode/2026-01-01/2026-01-02 HTTP/1.1\r\nHost: localhost\r\n' +
          `Ocp-Apim-Subscription-Key: ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a"`,
      );
    }
    await sleep(100);
    const extra = await open();
    extra.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await extra.closed).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map((h) => h.closed));
    // The cap frees up as connections close.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });
});
