import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/store/db.js';
import { cli } from '../helpers/cli-in-process.js';
import { dropDatabase, newDatabaseUrl } from '../helpers/store.js';
import { testConfig } from '../helpers/config.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('keys create', () => {
  it('prints a working key alone on the last line and stores only its hash', async () => {
    const databaseUrl = await newDatabaseUrl(dir, 'cli.db');
    const { stdout } = await cli(
      ['keys', 'create', '--name', 'partner-a', '--owner', 'ops@example.com', '--create'],
      {
        DATABASE_URL: databaseUrl,
      },
    );
    const key = stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^[0-9a-f]{32}$/);

    const store = openStore(databaseUrl);
    try {
      const rows = await store.db.selectFrom('subscription_keys').selectAll().execute();
      expect(rows).toHaveLength(2);
      expect(JSON.stringify(rows)).not.toContain(key);
      const app = await buildApp({
        config: testConfig(),
        store,
      });
      const ok = await app.inject({
        url: '/api/FundPriceService/LatestDate',
        headers: { 'ocp-apim-subscription-key': key },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual([]);
      await app.close();
    } finally {
      await store.close();
      await dropDatabase(databaseUrl);
    }
  });

  it('refuses to run without a name', async () => {
    await expect(
      cli(['keys', 'create'], { DATABASE_URL: `sqlite:${join(dir, 'x.db')}` }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("required option '--name <name>' not specified"),
    });
  });

  it('explains a bad setting instead of crashing', async () => {
    await expect(cli(['keys', 'create', '--name', 'x'], { PORT: 'eighty' })).rejects.toMatchObject({
      stderr: expect.stringContaining("PORT: Expected integer (got 'eighty')"),
    });
  });
});
