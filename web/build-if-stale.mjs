// `npm start` runs this before the service: it builds the explorer (vite build web) only when its
// sources differ from those of the build in web/dist, so a restart does not wait for a rebuild.
// Plain JavaScript, so the check costs a bare Node start-up and no TypeScript loader.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const ROOT = join(import.meta.dirname, '..');
/** What the build reads: the page, its scripts and styles, the typed client it imports, the config, the locked versions. */
export const SOURCES = [
  'web/index.html',
  'web/portal.html',
  'web/src',
  'web/vite.config.ts',
  'src/client',
  'package-lock.json',
];
/** The sources' hash of the build in web/dist, written after each build. */
export const STAMP = 'web/dist/.sources-sha256';

/** @param {string} root @param {string} path @returns {string[]} */
function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, join(path, name)));
}

/** A hash of the sources' names and contents (not their times: a checkout or a copy changes those). */
export function sourcesHash(root = ROOT, sources = SOURCES) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap((s) => files(root, s))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether web/dist is missing, or was built from other sources. */
export function stale(root = ROOT, sources = SOURCES) {
  const stamp = join(root, STAMP);
  if (!existsSync(join(root, 'web/dist/index.html')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourcesHash(root, sources);
}

/** Records the sources of the build just made. */
export function markBuilt(root = ROOT, sources = SOURCES) {
  writeFileSync(join(root, STAMP), `${sourcesHash(root, sources)}\n`);
}

// --always (npm run build:web) builds whatever the stamp says.
if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--always') || stale()) {
    const { build } = await import('vite');
    await build({ root: join(ROOT, 'web'), logLevel: 'warn' });
    markBuilt();
    process.stdout.write('Explorer built into web/dist.\n');
  } else {
    process.stdout.write('Explorer up to date (web/dist), not rebuilt.\n');
  }
}
