import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError, SourceHttp } from '../../src/connectors/http.js';

// Issue 53 item 3: the connectors ask through the transport the sync uses (src/sources/transport.ts),
// so they follow its redirect rule: a redirect within the source's origin is followed, credential and
// all; one to another origin is not, and no request reaches it.

const TOKEN = 'secret-token-1234';

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let source: Awaited<ReturnType<typeof serve>>;
let elsewhere: Awaited<ReturnType<typeof serve>>;
const reachedElsewhere: string[] = [];

beforeAll(async () => {
  elsewhere = await serve((req, res) => {
    reachedElsewhere.push(`${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  source = await serve((req, res) => {
    if (req.url === '/moved') return res.writeHead(302, { location: '/data' }).end();
    if (req.url === '/away') return res.writeHead(302, { location: `${elsewhere.url}/data` }).end();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ path: req.url, token: req.headers.authorization }));
  });
});
afterAll(async () => {
  for (const s of [source, elsewhere]) await new Promise((resolve) => s?.server.close(resolve));
});

const http = () =>
  new SourceHttp({ timeoutMs: 2000, retries: 0, maxAnswerBytes: 1_000_000, secrets: [TOKEN], backoffMs: 5 });
const get = (path: string) =>
  http().getJson(`${source.url}${path}`, { what: 'Rates', headers: { authorization: TOKEN } });

describe("a connector's requests", () => {
  it('follow a redirect within the source, the credential with them', async () => {
    expect(await get('/moved')).toEqual({ status: 200, body: { path: '/data', token: TOKEN } });
  });

  it('refuse a redirect to another origin, and send nothing there', async () => {
    const error = await get('/away').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toBe(
      `Rates: the source redirected to another origin (${elsewhere.url}); the key is not sent there`,
    );
    expect(reachedElsewhere).toEqual([]);
  });
});
