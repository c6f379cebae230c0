import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  keysListCommand,
  keysRegenerateCommand,
  keysStateCommand,
  keysUpdateCommand,
} from '../../src/cli/keys.js';
import { keysUsageCommand } from '../../src/cli/keys-usage.js';
import { cli, startServer } from '../helpers/cli.js';
import { newDatabaseUrl } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-keys-'));
const env = {
  DATABASE_URL: await newDatabaseUrl(dir, 'keys.db'),
  DEMO_ON_EMPTY: 'false',
  USAGE_FLUSH_MS: '200',
};
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

/**
 * Runs a command in this test process, which is another process than the server just as a CLI is
 * (the real `rates` command runs below too; starting it costs a second each time).
 */
async function command(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.join('\n');
}
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
  Object.assign(process.env, env);
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
    await command(() => keysStateCommand('resume')(Number(id)));
    expect(await msUntil(key, 200)).toBeLessThan(1000);

    const newKey = lastLine(await command(() => keysRegenerateCommand(Number(id), 'primary')));
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await msUntil(key, 401)).toBeLessThan(1000);
    expect(await status(newKey)).toBe(200);
    expect(await status(secondary)).toBe(200);

    await command(() => keysUpdateCommand(Number(id), { rate: '1/300' }));
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

    const listed = await command(() => keysListCommand({}));
    expect(listed).toMatch(/ID\s+NAME\s+STATE/);
    expect(listed).toContain(`...${newKey.slice(-4)}`);
    for (const k of [key, newKey, secondary]) expect(listed).not.toContain(k);

    await new Promise((resolve) => setTimeout(resolve, 400)); // the server writes usage every 200 ms here
    const usage = await command(() => keysUsageCommand({ id: Number(id) }));
    expect(usage).toMatch(/SUBSCRIPTION\s+DAY\s+OPERATION\s+STATUS\s+CALLS/);
    expect(usage).toMatch(/LatestDate\s+4xx/);
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
    await expect(command(() => keysStateCommand('suspend')(999))).rejects.toThrow(
      'Subscription 999 was not found',
    );
  });
});
