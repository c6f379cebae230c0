import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';

// The client as its users get it: packed by `npm pack` in this folder, installed from the tarball
// into an empty project with no registry reachable, and calling a running service. Installing the
// whole service for its client took 170 s and 142 MB (its dependencies, a native build).

const run = promisify(execFile);
const HERE = join(import.meta.dirname, '..');
const ROOT = join(HERE, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rates-client-package-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Bytes of every file under `path`. */
function size(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}

describe('the client package (packages/client)', () => {
  it('packs, installs from its tarball offline with nothing else, under 1 MB, and calls the service with its types', async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: HERE });
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [
      { filename: string },
    ];

    const project = join(dir, 'project');
    const npmCache = join(dir, 'npm-cache'); // empty: whatever the install needed would have to come from the network
    await run('mkdir', ['-p', project]);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    const started = performance.now();
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--cache', npmCache, join(dir, filename)],
      { cwd: project },
    );
    const seconds = (performance.now() - started) / 1000;
    const installed = join(project, 'node_modules');
    expect(readdirSync(installed).filter((name) => !name.startsWith('.'))).toEqual([
      'rates-data-service-client',
    ]);
    const manifest = JSON.parse(
      readFileSync(join(installed, 'rates-data-service-client', 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    const bytes = size(installed);
    expect(bytes).toBeLessThan(1_000_000);
    // A figure for the record (docs/client.md), not a check: times vary with the machine.
    console.log(
      `client package: ${(bytes / 1000).toFixed(0)} kB installed, npm install took ${seconds.toFixed(1)} s`,
    );

    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { RatesApiError, RatesClient, type LatestDateRecord } from 'rates-data-service-client';
const client = new RatesClient({ baseUrl: process.env.URL, key: process.env.KEY! });
const [latest]: LatestDateRecord[] = await client.latestDate();
const day: string = latest!.mDate;
const refused = await new RatesClient({ baseUrl: process.env.URL, key: 'x'.repeat(32) })
  .latestDate()
  .catch((e: unknown) => e);
console.log(JSON.stringify({ day, refused: refused instanceof RatesApiError ? refused.status : 'no' }));
`,
    );
    // Its types stand alone: strict TypeScript finds every answer type in the package itself.
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '--strict',
        '--noUncheckedIndexedAccess',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--types',
        'node',
        '--typeRoots',
        join(ROOT, 'node_modules/@types'),
        '--outDir',
        project,
        join(project, 'consumer.ts'),
      ],
      { cwd: project },
      // The compiler's messages are on its stdout: a failure says what it found.
    ).catch((error: Error & { stdout?: string }) => {
      throw new Error(`tsc refused the consumer: ${error.stdout ?? error.message}`);
    });
    const { stdout } = await run(process.execPath, [join(project, 'consumer.js')], {
      cwd: project,
      env: { ...process.env, URL: url, KEY: t.key },
    });
    expect(JSON.parse(stdout)).toEqual({ day: `${t.fixture.latest}T00:00:00`, refused: 401 });
  }, 120_000);
});
