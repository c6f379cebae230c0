import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  exports: Record<string, { default: string; types: string }>;
};
const dir = mkdtempSync(join(tmpdir(), 'rates-client-install-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

// npm installs a git dependency by installing its dependencies in the clone and running its `prepare`
// script (not `prepack`), then packing what `files` lists: `prepare` must build what the client's
// export points to. Here the package is laid out as npm would install it, built by that script.
describe('the client installed from a git checkout', () => {
  it('is built by `prepare`, and imports as rates-data-service/client with its types', async () => {
    expect(pkg.scripts.prepare).toBe('tsc -p tsconfig.client.json');
    const installed = join(dir, 'node_modules', 'rates-data-service');
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(installed, 'package.json'));
    await run(process.execPath, [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(ROOT, 'tsconfig.client.json'),
      '--outDir',
      join(installed, 'dist'),
    ]);
    expect(pkg.exports['./client']).toEqual({
      types: './dist/client/index.d.ts',
      default: './dist/client/index.js',
    });
    readFileSync(join(installed, 'dist/client/index.d.ts'));

    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    writeFileSync(
      join(dir, 'consumer.mjs'),
      `import { RatesClient, RatesApiError } from 'rates-data-service/client';
const client = new RatesClient({ baseUrl: process.env.URL, key: process.env.KEY });
const [latest] = await client.latestDate();
const refused = await new RatesClient({ baseUrl: process.env.URL, key: 'x'.repeat(32) })
  .latestDate()
  .catch((e) => e);
console.log(JSON.stringify({ latest, refused: refused instanceof RatesApiError ? refused.status : 'no' }));
`,
    );
    const { stdout } = await run(process.execPath, [join(dir, 'consumer.mjs')], {
      cwd: dir,
      env: { ...process.env, URL: url, KEY: t.key },
    });
    expect(JSON.parse(stdout)).toEqual({ latest: { mDate: `${t.fixture.latest}T00:00:00` }, refused: 401 });
  }, 120_000);
});
