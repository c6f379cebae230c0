// The import as processes: a running server sees another process's commit, a terminal sees its
// progress, and a SIGKILL mid-batch leaves the last committed one. What one command prints and
// counts is tested in process in import.test.ts.
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fundIds, snapshot, writeBigPriceFile } from '../helpers/db-files.js';
import { cli, cliProcess, startServer } from '../helpers/cli.js';
import { onSqlite, processEnv } from '../helpers/store.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'rates-import-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fresh = { ...(await processEnv(join(dir, 'fresh'))), DEMO_ON_EMPTY: 'false' };

describe('import in another process', () => {
  it('is served by a running server within 1 second of the commit', async () => {
    const env = fresh;
    const server = await startServer(env);
    try {
      const { stdout } = await cli(['keys', 'create', '--name', 't'], env);
      const key = stdout.trimEnd().split('\n').at(-1)!;
      const latest = () =>
        fetch(`${server.url}/api/FundPriceService/LatestDate`, {
          headers: { 'Ocp-Apim-Subscription-Key': key },
        }).then((r) => r.json());
      expect(await latest()).toEqual([]);
      const out = await cli(['import', 'examples'], env);
      expect(out.stdout).toMatch(/^Batch \d+ committed\./);
      const committedAt = Date.now();
      let seen: unknown = [];
      while (Date.now() - committedAt < 1000) {
        seen = await latest();
        if (Array.isArray(seen) && seen.length > 0) break;
      }
      expect(seen).toEqual([{ mDate: '2026-11-20T00:00:00' }]);
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  });

  it("shows a small import's progress in KB on a terminal", async () => {
    const env = { ...(await processEnv(join(dir, 'terminal'))), DEMO_ON_EMPTY: 'false' };
    // `script` gives the command a terminal, as an operator's shell would.
    const command = `'${process.execPath}' --import tsx src/cli/main.ts import examples --create`;
    const { stdout } = await run('script', ['-qec', command, '/dev/null'], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, ...env },
    });
    const total = Math.ceil(
      readdirSync('examples')
        .filter((f) => /\.(csv|json|ndjson)$/.test(f))
        .reduce((sum, f) => sum + statSync(join('examples', f)).size, 0) / 1000,
    );
    expect(stdout).toMatch(new RegExp(`\\| ${total}/${total} KB \\| [0-9]+ rows`));
  });
});

describe('SIGKILL during a large import', () => {
  it('leaves the database consistent and serving the last committed batch', async () => {
    const env = await processEnv(join(dir, 'kill'));
    await cli(['demo', '--until', '2014-03-31'], env);
    const db = env.DATABASE_URL ?? join(dir, 'kill', 'rates.db');
    const file = join(dir, 'fund-prices-big.csv');
    writeBigPriceFile(file, await fundIds(db), 4500); // over half a million rows: seconds of work
    const before = await snapshot(db);

    const child = cliProcess(['import', file], env);
    // Wait until the import has written rows (its first progress line), then kill it mid-batch.
    await new Promise<void>((resolve) =>
      child.stderr!.on('data', (c: Buffer) => /rows read/.test(c.toString()) && resolve()),
    );
    child.kill('SIGKILL');
    await once(child, 'exit');

    if (onSqlite) expect(before.integrity).toEqual(['ok']);
    expect(await snapshot(db)).toEqual(before);
    // And the database takes the next batch normally.
    const again = await cli(['import', 'examples'], env);
    expect(again.stdout).toMatch(/^Batch \d+ committed\./);
  });
});
