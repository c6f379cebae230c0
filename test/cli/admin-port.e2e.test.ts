import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-admin-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ADMIN_PORT', () => {
  it('serves the admin routes only on their own listener', async () => {
    const server = await startServer({ ...(await processEnv(dir)), DEMO_ON_EMPTY: 'false', ADMIN_PORT: '0' });
    try {
      let adminUrl: string | undefined;
      for (let i = 0; i < 100 && !adminUrl; i++) {
        const urls = [...server.output().matchAll(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/g)].map(
          (m) => m[1],
        );
        adminUrl = urls.find((u) => u !== server.url);
        if (!adminUrl) await new Promise((r) => setTimeout(r, 50));
      }
      expect(adminUrl).toBeDefined();
      const onApiPort = await fetch(`${server.url}/admin/batches`, {
        headers: { authorization: 'Bearer x' },
      });
      expect(onApiPort.status).toBe(404);
      const onAdminPort = await fetch(`${adminUrl}/admin/batches`, {
        headers: { authorization: 'Bearer x' },
      });
      expect(onAdminPort.status).toBe(401);
      const apiOnAdminPort = await fetch(`${adminUrl}/api/FundPriceService/LatestDate`);
      expect(apiOnAdminPort.status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
  });
});
