import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { markBuilt, SOURCES, stale, STAMP } from '../../web/build-if-stale.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rates-web-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the explorer's sources with a pretend build in web/dist. */
function checkout(name: string): string {
  const root = join(dir, name);
  for (const source of SOURCES) cpSync(join(ROOT, source), join(root, source), { recursive: true });
  mkdirSync(join(root, 'web/dist'), { recursive: true });
  writeFileSync(join(root, 'web/dist/index.html'), '<!doctype html>');
  return root;
}

describe('npm start builds the explorer only when its sources changed', () => {
  it('is stale without a stamp, fresh after one, and stale again when any source changes', () => {
    const root = checkout('a');
    expect(stale(root)).toBe(true);
    markBuilt(root);
    expect(stale(root)).toBe(false);
    for (const [file, edit] of [
      ['web/src/i18n.ts', '// edited\n'],
      ['web/index.html', '<!-- edited -->'],
      ['src/client/index.ts', '// edited\n'],
    ] as const) {
      writeFileSync(join(root, file), edit, { flag: 'a' });
      expect(stale(root), file).toBe(true);
      markBuilt(root);
    }
    // A new file counts too.
    writeFileSync(join(root, 'web/src/new.ts'), 'export {};\n');
    expect(stale(root)).toBe(true);
    markBuilt(root);
    // The times of the files do not: a fresh copy of built sources is not rebuilt.
    const copy = checkout('b');
    markBuilt(copy);
    const again = checkout('c');
    cpSync(join(copy, STAMP), join(again, STAMP));
    expect(stale(again)).toBe(false);
    // No built page: stale whatever the stamp says.
    rmSync(join(again, 'web/dist/index.html'));
    expect(stale(again)).toBe(true);
  });

  it('says so and returns at once when nothing changed', async () => {
    const root = checkout('d');
    cpSync(join(ROOT, 'web/build-if-stale.mjs'), join(root, 'web/build-if-stale.mjs'));
    markBuilt(root);
    const started = Date.now();
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'web/build-if-stale.mjs')]);
    expect(stdout).toBe('Explorer up to date (web/dist), not rebuilt.\n');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
