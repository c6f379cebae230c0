import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, OUT, SOURCES, stale } from '../../scripts/start.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rates-start-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the server's sources, with the packages of this checkout. */
function checkout(name: string): string {
  const root = join(dir, name);
  for (const source of [...SOURCES, 'web/build-if-stale.mjs'])
    cpSync(join(ROOT, source), join(root, source), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

describe('npm start bundles the server only when its sources changed', () => {
  it('is stale without a bundle, fresh after one, and stale again when a source changes or is added', async () => {
    const root = checkout('a');
    expect(stale(root)).toBe(true);
    await bundle(root);
    expect(stale(root)).toBe(false);
    writeFileSync(join(root, 'src/app.ts'), '// edited\n', { flag: 'a' });
    expect(stale(root)).toBe(true);
    await bundle(root);
    expect(stale(root)).toBe(false);
    writeFileSync(join(root, 'src/new.ts'), 'export {};\n');
    expect(stale(root)).toBe(true);
    await bundle(root);
    // No bundle: stale whatever the stamp says.
    rmSync(join(root, OUT, 'main.js'));
    expect(stale(root)).toBe(true);
  }, 60_000);
});
