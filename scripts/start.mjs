// `npm start` runs the service through this. Loading src/ through tsx cost about 3 s of every start
// on a busy machine (each module transpiled on load); instead the server is bundled with esbuild into
// dist/start/ when src/ changed since the last bundle (about a second), and plain Node runs the
// bundle. Plain JavaScript, so the check costs a bare Node start-up and no TypeScript loader.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { sourcesHash } from '../web/build-if-stale.mjs';

const ROOT = join(import.meta.dirname, '..');
/** What the bundle is made of: the server's sources, and this file (its esbuild options). */
export const SOURCES = ['src', 'scripts/start.mjs'];
/**
 * Two folders below the root like src/x/, so the paths the code takes from import.meta.dirname
 * (package.json, web/dist) hold in the bundle as well.
 */
export const OUT = 'dist/start';
/** The sources' hash of the bundle in dist/start, written with it. */
export const STAMP = `${OUT}/.sources-sha256`;
/**
 * The command, and the threads' entries: src/thread.ts starts each as <name>.js beside the module that
 * starts it, which holds as chunks and entries share one folder.
 */
const ENTRIES = {
  main: 'src/cli/main.ts',
  'import-worker': 'src/ingest/import-worker.ts',
  'check-worker': 'src/ingest/check-worker.ts',
  'stdout-worker': 'src/http/stdout-worker.ts',
};

/** Whether dist/start is missing, or was bundled from other sources. */
export function stale(root = ROOT) {
  const stamp = join(root, STAMP);
  if (!existsSync(join(root, OUT, 'main.js')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourcesHash(root, SOURCES);
}

/** Bundles src/ into dist/start, made aside and moved in whole, so a start never runs half a bundle. */
export async function bundle(root = ROOT) {
  const { build } = await import('esbuild');
  const hash = sourcesHash(root, SOURCES);
  const out = join(root, OUT);
  const aside = `${out}.${process.pid}`;
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(root, file)])),
    outdir: aside,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages load from node_modules as they would from source (native better-sqlite3 among them).
    packages: 'external',
    // Chunks keep the lazy imports lazy: main.js warms up process.nextTick before the rest loads.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Class and function names as in the source (errors and logs show them).
    keepNames: true,
    logLevel: 'warning',
  });
  writeFileSync(join(aside, '.sources-sha256'), `${hash}\n`);
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(aside, out);
  } catch (error) {
    // Another start moved its bundle of the same sources in meanwhile: that one serves.
    rmSync(aside, { recursive: true, force: true });
    if (stale(root)) throw error;
  }
}

// `node scripts/start.mjs serve`: the arguments go on to the `rates` command. Cluster workers
// (WORKERS > 1) run this file again and find the bundle their primary made.
if (process.argv[1] === import.meta.filename) {
  if (stale()) {
    await bundle();
    process.stdout.write(`Server bundled into ${OUT}.\n`);
  }
  await import(pathToFileURL(join(ROOT, OUT, 'main.js')).href);
}
