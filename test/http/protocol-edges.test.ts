import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { captureLog } from '../helpers/log.js';

let t: TestApp;
let port: number;
const log = captureLog();

beforeAll(async () => {
  t = await createTestApp({
    logStream: log.stream,
    config: { requestTimeoutMs: 2000, maxHeaderSize: 16384, maxUrlLength: 2048 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const LATEST = '/api/FundPriceService/LatestDate';

/** Sends raw bytes on a new connection and collects everything the server writes until it closes. */
async function exchange(raw: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = once(socket, 'close');
  socket.write(raw);
  // Whatever the server does not close itself is over when its answer is in.
  const timer = setTimeout(() => socket.destroy(), 3000);
  await closed;
  clearTimeout(timer);
  return received;
}

/** Status, lower-cased headers and JSON body of a raw HTTP/1.1 answer. */
function parse(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  const end = raw.indexOf('\r\n\r\n');
  expect(end, `no complete HTTP answer in ${JSON.stringify(raw.slice(0, 200))}`).toBeGreaterThan(0);
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  expect(statusLine).toMatch(/^HTTP\/1\.1 \d{3} /);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(end + 4);
  const length = Number(headers['content-length']);
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body.slice(0, length)) };
}

/** What every answer carries, whoever writes it (contract section 2, docs/deployment.md "Headers"). */
function expectGatewayAnswer(answer: ReturnType<typeof parse>, status: number, message: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ statusCode: status, message });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
}

describe('answers at the edges of HTTP, in the gateway shape', () => {
  it('answers an HTTP/1.1 request without a Host header with a JSON 400', async () => {
    const answer = parse(await exchange('GET /health HTTP/1.1\r\n\r\n'));
    expectGatewayAnswer(answer, 400, 'The request has no Host header.');
  });

  it('does not serve a cached answer to a request without a Host header', async () => {
    const headers = { 'Ocp-Apim-Subscription-Key': t.key };
    // Twice, so the answer is cached and the direct path would serve the third call.
    for (let i = 0; i < 2; i++) {
      expect((await fetch(`http://127.0.0.1:${port}${LATEST}`, { headers })).status).toBe(200);
    }
    const raw = await exchange(`GET ${LATEST} HTTP/1.1\r\nOcp-Apim-Subscription-Key: ${t.key}\r\n\r\n`);
    expectGatewayAnswer(parse(raw), 400, 'The request has no Host header.');
  });

  it('answers a request with two Host headers with a JSON 400 (RFC 9112, 3.2)', async () => {
    const raw = await exchange('GET /health HTTP/1.1\r\nHost: localhost\r\nHost: example.com\r\n\r\n');
    expectGatewayAnswer(parse(raw), 400, 'The request has more than one Host header.');
  });

  it('does not serve a cached answer to a request with two Host headers', async () => {
    const headers = { 'Ocp-Apim-Subscription-Key': t.key };
    for (let i = 0; i < 2; i++) {
      expect((await fetch(`http://127.0.0.1:${port}${LATEST}`, { headers })).status).toBe(200);
    }
    const raw = await exchange(
      `GET ${LATEST} HTTP/1.1\r\nHost: a\r\nhost: b\r\nOcp-Apim-Subscription-Key: ${t.key}\r\n\r\n`,
    );
    expectGatewayAnswer(parse(raw), 400, 'The request has more than one Host header.');
  });

  it('still answers HTTP/1.0 without a Host header (it has none)', async () => {
    const answer = parse(await exchange('GET /health HTTP/1.0\r\n\r\n'));
    expect(answer.status).toBe(200);
  });

  it('answers CONNECT with a JSON 404 instead of closing without a word', async () => {
    const raw = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectGatewayAnswer(parse(raw), 404, 'Resource not found');
  });

  it('refuses an HTTP/0.9 request line with 505 rather than answering it', async () => {
    const answer = parse(await exchange('GET /health\r\n\r\n'));
    expectGatewayAnswer(answer, 505, 'HTTP version not supported: use HTTP/1.1.');
  });

  it('refuses a one-line HTTP/0.9 request with 505, not a 408 once the request timeout is over', async () => {
    // An HTTP/0.9 client sends its request line and waits: no header section follows.
    const answer = parse(await exchange('GET /health\r\n'));
    expectGatewayAnswer(answer, 505, 'HTTP version not supported: use HTTP/1.1.');
  });

  it('refuses an HTTP/2.0 request line sent as text with 505', async () => {
    const answer = parse(await exchange('GET /health HTTP/2.0\r\nHost: localhost\r\n\r\n'));
    expectGatewayAnswer(answer, 505, 'HTTP version not supported: use HTTP/1.1.');
  });

  it('answers a 40 kB URL with 414, not 431', async () => {
    const raw = await exchange(`GET /health?x=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectGatewayAnswer(parse(raw), 414, 'Request URI is too long.');
  });

  it('answers a 40 kB header with 431, with the security headers', async () => {
    const raw = await exchange(
      `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`,
    );
    expectGatewayAnswer(parse(raw), 431, 'Request header fields are too large.');
  });

  it('answers a request line Node cannot parse with a JSON 400 and the security headers', async () => {
    const raw = await exchange('GET /he alth HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expectGatewayAnswer(parse(raw), 400, 'The request is not valid HTTP.');
  });

  it('logs the answers written to the socket under the request id they carry', async () => {
    const answers = [
      parse(await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')),
      parse(await exchange('GET /he alth HTTP/1.1\r\nHost: localhost\r\n\r\n')),
    ];
    for (const answer of answers) {
      const id = answer.headers['x-request-id'];
      const line = log.records().find((r) => r.reqId === id);
      expect(line, `no log line for ${id}`).toMatchObject({ res: { statusCode: answer.status } });
    }
  });
});
