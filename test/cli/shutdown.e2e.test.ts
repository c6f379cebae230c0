import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-shutdown-'));
const env = { ...(await processEnv(dir)), DEMO_ON_EMPTY: 'false' };
let token = '';

beforeAll(async () => {
  const { stdout } = await cli(['admin-token', 'create', '--name', 'shutdown-test', '--create'], env);
  token = stdout.trim().split('\n').at(-1)!;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BODY = JSON.stringify([{ id: 77, name_en: 'Kids Savings', name_th: 'เงินฝากเด็ก', display_order: 7 }]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an admin batch POST and sends only the first part of its body. */
function startSlowUpload(url: string): {
  req: ClientRequest;
  answer: Promise<{ status: number; body: string }>;
} {
  const req = request(`${url}/admin/batches?type=deposit-products`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(BODY),
    },
  });
  req.on('error', () => undefined);
  const answer = once(req, 'response').then(async (args: unknown[]) => {
    const res = args[0] as IncomingMessage;
    let body = '';
    for await (const chunk of res) body += String(chunk);
    return { status: res.statusCode ?? 0, body };
  });
  // Tests that cut the upload off never read the answer.
  answer.catch(() => undefined);
  req.write(BODY.slice(0, 10));
  req.flushHeaders();
  return { req, answer };
}

describe('serve shuts down gracefully', () => {
  it('finishes a request in flight at SIGTERM, refuses new connections, and exits 0', async () => {
    const server = await startServer(env);
    const { req, answer } = startSlowUpload(server.url);
    await sleep(300);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await sleep(500);

    // No longer listening: a new connection is refused while the upload is still open.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();

    // The rest of the body arrives after the signal; the batch is still published.
    req.end(Buffer.from(BODY).subarray(10));
    const { status, body } = await answer;
    expect(status, body).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ status: 'committed', errorCount: 0 });

    const [code] = await exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('"timedOut":false');
  }, 60_000);

  it('writes the usage counted since the last flush before it exits', async () => {
    const created = await cli(['keys', 'create', '--name', 'counted'], env);
    const key = created.stdout.trim().split('\n').at(-1)!;
    const id = /Subscription (\d+) 'counted' created/.exec(created.stdout)![1]!;
    // No periodic flush during the test: only the shutdown can write these counts.
    const server = await startServer({ ...env, USAGE_FLUSH_MS: '3600000' });
    const res = await fetch(`${server.url}/api/FundPriceService/LatestDate`, {
      headers: { 'Ocp-Apim-Subscription-Key': key },
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    const usage = await cli(['keys', 'usage', '--id', id], env);
    expect(usage.stdout).toMatch(/LatestDate\s+2xx\s+1/);
  }, 60_000);

  it('exits non-zero when a request outlasts SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: '1000' });
    const { req } = startSlowUpload(server.url);
    await sleep(300);
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.output()).toContain('closing their connections');
    req.destroy();
  }, 60_000);

  it('exits non-zero at once on a second signal', async () => {
    const server = await startServer(env);
    const { req } = startSlowUpload(server.url);
    await sleep(300);
    server.child.kill('SIGTERM');
    // A repeat within 1 s counts as the same signal (a terminal's and npm's copies of one Ctrl-C).
    await sleep(1200);
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    req.destroy();
  }, 60_000);
});
