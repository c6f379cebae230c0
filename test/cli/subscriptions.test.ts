import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-keys-'));
const env = { DATABASE_URL: `sqlite:${join(dir, 'keys.db')}`, DEMO_ON_EMPTY: 'false', USAGE_FLUSH_MS: '200' };
let server: Awaited<ReturnType<typeof startServer>>;
let metricsPort: number;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1)!;
const status = async (key: string) =>
  (
    await fetch(`${server.url}/api/FundPriceService/LatestDate`, {
      headers: { 'Ocp-Apim-Subscription-Key': key },
    })
  ).status;

/** Milliseconds until the running server answers `expected` to `key`; fails after 3 s. */
async function msUntil(key: string, expected: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await status(key)) === expected) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${expected} within 3 s`);
}

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startServer({ ...env, METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  rmSync(dir, { recursive: true, force: true });
});

describe('keys commands against a running server', () => {
  it('apply suspend, resume, regenerate and a new limit within 1 s, and show the usage', async () => {
    const created = await cli(['keys', 'create', '--name', 'live', '--groups', 'FundPriceService'], env);
    const key = lastLine(created.stdout);
    const secondary = /Secondary key: ([0-9a-f]{32})/.exec(created.stdout)![1]!;
    const id = /Subscription (\d+) 'live' created/.exec(created.stdout)![1]!;
    expect(created.stdout).toContain('rate limit 300/60s, quota none');
    expect(await status(key)).toBe(200);

    await cli(['keys', 'suspend', id], env);
    expect(await msUntil(key, 401)).toBeLessThan(1000);
    await cli(['keys', 'resume', id], env);
    expect(await msUntil(key, 200)).toBeLessThan(1000);

    const regenerated = await cli(['keys', 'regenerate', id, 'primary'], env);
    const newKey = lastLine(regenerated.stdout);
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await msUntil(key, 401)).toBeLessThan(1000);
    expect(await status(newKey)).toBe(200);
    expect(await status(secondary)).toBe(200);

    await cli(['keys', 'update', id, '--rate', '1/300'], env);
    const started = Date.now();
    let limit: string | null = null;
    while (limit !== '1' && Date.now() - started < 3000) {
      const res = await fetch(`${server.url}/api/FundPriceService/LatestDate`, {
        headers: { 'Ocp-Apim-Subscription-Key': newKey },
      });
      limit = res.headers.get('ratelimit-limit');
    }
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await status(newKey)).toBe(429);

    const listed = await cli(['keys', 'list'], env);
    expect(listed.stdout).toMatch(/ID\s+NAME\s+STATE/);
    expect(listed.stdout).toContain(`...${newKey.slice(-4)}`);
    for (const k of [key, newKey, secondary]) expect(listed.stdout).not.toContain(k);

    await new Promise((resolve) => setTimeout(resolve, 400)); // the server writes usage every 200 ms here
    const usage = await cli(['keys', 'usage', '--id', id], env);
    expect(usage.stdout).toMatch(/SUBSCRIPTION\s+DAY\s+OPERATION\s+STATUS\s+CALLS/);
    expect(usage.stdout).toMatch(/LatestDate\s+4xx/);
    const csvFile = join(dir, 'usage.csv');
    await cli(['keys', 'usage', '--id', id, '--csv', csvFile], env);
    const csv = readFileSync(csvFile, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('subscription_id,subscription,day,operation,status_class,count');
    expect(csv.some((line) => /^\d+,live,\d{4}-\d{2}-\d{2},LatestDate,2xx,\d+$/.test(line))).toBe(true);

    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(await metrics.text()).toMatch(
      /rates_http_requests_total\{operation="LatestDate",status="429"\} [1-9]/,
    );
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

    const logLines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(5);
    for (const k of [key, newKey, secondary]) expect(logLines.some((l) => l.includes(k))).toBe(false);
  });

  it('refuse a bad limit with a message', async () => {
    await expect(cli(['keys', 'create', '--name', 'x', '--rate', '10/600'], env)).rejects.toMatchObject({
      stderr: expect.stringContaining('rate limit period must be 1 to 300 seconds, got 600'),
    });
    await expect(cli(['keys', 'suspend', '999'], env)).rejects.toMatchObject({
      stderr: expect.stringContaining('Subscription 999 was not found'),
    });
  });
});
