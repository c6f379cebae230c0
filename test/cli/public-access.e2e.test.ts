import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keysUsageCommand } from '../../src/cli/keys-usage.js';
import { publicAccessCloseCommand, publicAccessShowCommand } from '../../src/cli/public-access.js';
import { cli, startServer } from '../helpers/cli.js';
import { newDatabaseUrl } from '../helpers/store.js';

// The `public-access` commands against a running server, which is another process than the CLI.

const dir = mkdtempSync(join(tmpdir(), 'rates-public-'));
const env = {
  DATABASE_URL: await newDatabaseUrl(dir, 'public.db'),
  DEMO_ON_EMPTY: 'false',
  USAGE_FLUSH_MS: '200',
};
const SITE = 'https://www.bank.example';
let server: Awaited<ReturnType<typeof startServer>>;
let metricsPort: number;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** Runs a command in this test process and returns what it printed. */
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

const keyless = (path = '/api/FundPriceService/LatestDate', headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

/** Milliseconds until the running server answers a keyless call with `expected`; fails after 3 s. */
async function msUntil(expected: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if ((await keyless()).status === expected) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${expected} within 3 s`);
}

beforeAll(async () => {
  Object.assign(process.env, env);
  metricsPort = await freePort();
  server = await startServer({ ...env, METRICS_PORT: String(metricsPort) });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  rmSync(dir, { recursive: true, force: true });
});

describe('public-access commands against a running server', () => {
  it('open, show and close it; the server applies each change within 1 s', async () => {
    expect(await command(() => publicAccessShowCommand({}))).toContain('Public access: closed');
    expect((await keyless()).status).toBe(401);

    const opened = await cli(
      [
        'public-access',
        'open',
        '--groups',
        'FundPriceService,interestratesservice',
        '--origins',
        `${SITE},http://localhost:8080`,
        '--rate',
        '1000/60',
        '--quota',
        '100000/day',
      ],
      env,
    );
    expect(opened.stdout).toMatch(/Public access:\s+open/);
    expect(opened.stdout).toMatch(/Groups:\s+FundPriceService, InterestRatesService/);
    expect(opened.stdout).toMatch(/Rate limit:\s+1000\/60s per address/);
    expect(opened.stdout).toMatch(/Quota:\s+100000\/day per address/);
    expect(await msUntil(200)).toBeLessThan(1000);

    const fromSite = await keyless(undefined, { origin: SITE });
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);
    const fromElsewhere = await keyless(undefined, { origin: 'https://evil.example' });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect((await keyless('/api/ExchangeRateService/Getfxfamily')).status).toBe(401);

    const shown = JSON.parse(await command(() => publicAccessShowCommand({ json: true })));
    expect(shown).toMatchObject({ open: true, origins: [SITE, 'http://localhost:8080'] });

    await new Promise((resolve) => setTimeout(resolve, 400)); // the server writes usage every 200 ms here
    const usage = await command(() => keysUsageCommand({ id: shown.subscriptionId }));
    expect(usage).toMatch(new RegExp(`${shown.subscriptionId} anonymous\\s+\\S+\\s+LatestDate\\s+2xx`));
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/rates_calls_by_caller_total\{caller="anonymous"\} [1-9]/);

    expect(await command(() => publicAccessCloseCommand({}))).toContain('Public access: closed');
    expect(await msUntil(401)).toBeLessThan(1000);
  });

  it('refuses bad settings with a message naming them', async () => {
    const open = (...args: string[]) => cli(['public-access', 'open', ...args], env);
    await expect(open('--groups', 'all', '--origins', SITE)).rejects.toMatchObject({
      stderr: expect.stringContaining("'all' is not accepted for public access"),
    });
    await expect(open('--groups', 'FundPriceService', '--origins', 'bank.example')).rejects.toMatchObject({
      stderr: expect.stringContaining('Invalid origins: expected an origin'),
    });
    await expect(
      open('--groups', 'FundPriceService', '--origins', SITE, '--rate', 'none'),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('needs a rate limit per address') });
    expect(await command(() => publicAccessShowCommand({}))).toContain('Public access: closed');
  });
});
