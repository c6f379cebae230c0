import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is `name` (without extension) beside the module `from` (its
 * import.meta.url). Run from source (tsx in development, vitest) that module is .ts and so is the
 * entry; compiled (dist, and the bundle of scripts/start.mjs, where entries and chunks share a folder)
 * both are .js. A thread does not get tsx's loader from the process (nor from --import in its
 * execArgv, on Node 20), so from source the thread starts with a line that loads the entry through
 * tsx's own import function.
 */
export function startThread(name: string, from: string, options: WorkerOptions = {}): Worker {
  const fromSource = from.endsWith('.ts');
  const entry = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, from);
  if (!fromSource) return new Worker(entry, options);
  const line = `import(${JSON.stringify(tsxApi())}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(from)}))`;
  return new Worker(line, { ...options, eval: true });
}

/** tsx/esm/api as `import` finds it (a require of it would get its CommonJS build). */
function tsxApi(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx/package.json');
  return new URL('dist/esm/api/index.mjs', pathToFileURL(tsx)).href;
}
