import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import { body, demoService, type Service } from './services.js';

// The operator's side of issue 22: `rates sync` and `rates sync status` as commands, and the sync as
// a job of `rates serve` (SYNC_FROM), with a log line per batch and its state in /ready and /metrics.

const UNTIL = '2014-02-28';
let a: Service;
const dir = mkdtempSync(join(tmpdir(), 'sync-cli-'));
beforeAll(async () => {
  a = await demoService(UNTIL);
});
afterAll(async () => {
  await a?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rates sync (command) and SYNC_FROM (rates serve)', () => {
  it('syncs from the command line, with a summary, and tells its status', async () => {
    const env = { ...(await processEnv(join(dir, 'cmd'))), SYNC_KEY: a.key };
    const { stdout } = await cli(['sync', '--from', a.url, '--rate', '0', '--create'], env);
    expect(stdout).toMatch(new RegExp(`^Sync from ${a.url} done\\.$`, 'm'));
    for (const figure of ['requests', 'rows read', 'rows written', 'batches', 'time', 'rows/s'])
      expect(stdout).toMatch(new RegExp(`^  ${figure.replace('/', '\\/')}\\s+[\\d,.]+`, 'm'));
    const status = await cli(['sync', 'status'], env);
    expect(status.stdout).toMatch(/^phase\s+first sync done$/m);
    expect(status.stdout).toMatch(/^last run\s+\S+ \(ok\)$/m);
    const json = JSON.parse((await cli(['sync', 'status', '--json'], env)).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ upstream: a.url, phase: 'done', lastResult: 'ok', lastError: null });
    // A wrong key: a clear message and a failing exit.
    const refused = await cli(['sync', '--from', a.url, '--key', 'wrong'], env).catch(
      (e: { stdout: string; code: number }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stdout: string }).stdout).toMatch(
      /FAILED: LatestDate: the upstream refused the key \(401\)/,
    );
  }, 240_000);

  // With WORKERS the cluster's primary runs the one job; every worker tells its state.
  it.each(['1', '2'])(
    'rates serve (WORKERS=%s) with SYNC_FROM syncs in the background, logs each batch, and says how it went',
    async (workers) => {
      const env = {
        ...(await processEnv(join(dir, `serve-${workers}`))),
        WORKERS: workers,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SYNC_FROM: a.url,
        SYNC_KEY: a.key,
        SYNC_RATE: '0',
      };
      const created = await cli(['keys', 'create', '--name', 'mirror', '--create'], env);
      const key = created.stdout.trim().split('\n').at(-1)!.trim();
      const server = await startServer(env);
      try {
        type Ready = { sync?: { lastResult: string | null; phase: string; lagSeconds: number | null } };
        let ready: Ready = {};
        const done = `"msg":"sync from ${a.url} done"`;
        // The state is recorded as the run ends, its log line just after.
        while (ready.sync?.lastResult !== 'ok' || !server.output().includes(done)) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          ready = (await (await fetch(`${server.url}/ready`)).json()) as Ready;
          expect(ready.sync?.lastResult ?? null).not.toBe('failed');
        }
        expect(ready.sync).toMatchObject({ phase: 'done' });
        expect(ready.sync!.lagSeconds).toBeGreaterThanOrEqual(0);
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toMatch(/^rates_sync_last_result\{result="ok"\} 1$/m);
        const batches = Number(/^rates_sync_last_run_batches (\d+)$/m.exec(metrics)?.[1]);
        expect(batches).toBeGreaterThan(2);
        // A log line per batch, and one for the run.
        const lines = server
          .output()
          .split('\n')
          .filter((l) => l.includes('"msg":"sync: batch '));
        expect(lines).toHaveLength(batches);
        expect(server.output()).not.toContain(a.key);
        // It serves what it copied (and no demo data of its own), to its own keys.
        for (const path of ['/api/FundPriceService/LatestDate', '/api/FundPriceService/AllFundsName']) {
          const res = await fetch(`${server.url}${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });
          expect(`${res.status} ${await res.text()}`).toBe(await body(a, path));
        }
      } finally {
        server.child.kill('SIGTERM');
        await once(server.child, 'exit');
      }
    },
    240_000,
  );
});
