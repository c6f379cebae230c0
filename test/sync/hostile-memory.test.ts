import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliProcess } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import { server } from './hostile.js';

// Issue 53, item 3 (the attack round after issue 45): an endless answer of the smallest items there
// are (`[{},{},...`) was read to SYNC_MAX_ANSWER_BYTES (then 64 MiB) and held as 22 million objects: the
// `rates sync` process reached 1.25 GB and more. A sync stays under 300 MB whatever the upstream sends:
// measured here as the peak resident size (VmHWM) of the real command in a process of its own, with
// its default settings.

const dir = mkdtempSync(join(tmpdir(), 'sync-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The process's peak resident size so far, in MB (Linux: VmHWM never goes down). */
const peakMb = (pid: number): number => {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0; // gone
  }
};

describe('sync memory against an endless answer', () => {
  it.runIf(process.platform === 'linux')(
    'stays under 300 MB reading an endless array of empty objects, and fails naming the limit',
    async () => {
      // Every request gets the endless array, as fast as the sync reads it (up to a cap of the test's own).
      const cap = 160 * 1024 * 1024;
      const piece = Buffer.from('{},'.repeat(20_000));
      const upstream = await server(async (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.write('[');
        for (let sent = 0; sent < cap && !res.destroyed; sent += piece.length)
          if (!res.write(piece)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
        res.end('{}]');
      });
      try {
        const env = { ...(await processEnv(join(dir, 'b'))), SYNC_KEY: 'any' };
        const child = cliProcess(['sync', '--from', upstream.url, '--rate', '0', '--create'], env);
        let stdout = '';
        child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
        let peak = 0;
        const watch = setInterval(() => (peak = Math.max(peak, peakMb(child.pid!))), 20);
        const [code] = (await once(child, 'exit')) as [number];
        clearInterval(watch);
        expect(code).toBe(1);
        expect(stdout).toMatch(/FAILED: LatestDate: the answer .*SYNC_MAX_ANSWER_BYTES/);
        expect(peak).toBeGreaterThan(0);
        expect(peak, `peak RSS ${peak.toFixed(0)} MB`).toBeLessThan(300);
        console.log(`rates sync against an endless answer: peak RSS ${peak.toFixed(0)} MB`);
      } finally {
        await upstream.close();
      }
    },
    120_000,
  );
});
