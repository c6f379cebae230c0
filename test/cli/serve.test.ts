import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Both starts use the same database: the second must find the demo the first loaded.
const env = await processEnv(dir);

describe('serve on an empty data folder', () => {
  it('loads the demo dataset, makes a demo key, serves it, and stops cleanly on SIGTERM', async () => {
    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const key = readFileSync(join(dir, 'demo-key.txt'), 'utf8').trim();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const call = (path: string) =>
        fetch(`${server.url}${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });

      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      const families = (await (await call('/api/ExchangeRateService/Getfxfamily')).json()) as {
        Family: string;
      }[];
      expect(families).toHaveLength(33);
      expect(families.slice(0, 4).map((f) => f.Family)).toEqual(['USD1', 'USD5', 'USD50', 'GBP']);
      const latest = (await (await call('/api/FundPriceService/LatestDate')).json()) as { mDate: string }[];
      expect(latest[0]!.mDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
      const deposits = (await (await call('/api/InterestRatesService/GetDepositRate')).json()) as unknown[];
      expect(deposits.length).toBeGreaterThanOrEqual(12);

      // The key is printed once, alone on a line, and never inside a (JSON) log line.
      const lines = server.output().split('\n');
      expect(lines).toContain(key);
      expect(lines.filter((l) => l.startsWith('{')).some((l) => l.includes(key))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(0);
    }
    // Loading the demo takes seconds on SQLite and longer on PostgreSQL on a busy machine; startServer
    // waits up to 110 s for the listener.
  }, 120_000);

  it('does not load the demo again on the next start', async () => {
    const server = await startServer(env);
    try {
      expect(server.output()).not.toContain('loading the demo dataset');
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  });
});
