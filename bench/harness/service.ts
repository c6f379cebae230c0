// The service in its own process, started as in production (`rates serve`): key checks and limits
// on, request logging at 'info' (to /dev/null), the answer cache on unless asked otherwise. node runs
// it directly (not through the tsx wrapper process), so /proc/<pid> is the server's own memory.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cliCommand, COMPILED_CLI, ROOT, serviceEnv, spawnNode } from './cli.js';
import { childrenOf, cpuSecondsOf } from './measure.js';

export interface Service {
  url: string;
  /** Milliseconds from spawning `serve` to the first 200 answer of an API call. */
  startupMs: number;
  /** Resident memory now and its peak so far (VmHWM), in MB. */
  memory(): { rssMb: number; peakMb: number };
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** Settings beyond the production ones, e.g. CACHE_MAX_BYTES=0. */
  settings?: Record<string, string>;
  /** Run the compiled build (`node dist/cli/main.js`, the published `rates` command) instead of tsx. */
  compiled?: boolean;
  /** How long to wait for the first answer (default 60 s; a loaded machine may need longer). */
  startupTimeoutMs?: number;
  /**
   * Another worktree's CLI to run (e.g. the commit before a change): its compiled `dist/cli/main.js`,
   * or without `compiled` its `src/cli/main.ts`.
   */
  cli?: string;
  /** WORKERS: started once every worker answers. */
  workers?: number;
}

export async function startService(
  databaseUrl: string,
  probe: { path: string; key: string },
  options: ServiceOptions = {},
): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const command = options.compiled ? [options.cli ?? COMPILED_CLI] : cliCommand(options.cli);
  const workers = options.workers ?? 1;
  const settings = { ...options.settings, ...(workers > 1 && { WORKERS: String(workers) }) };
  const started = performance.now();
  const child = spawnNode([...command, 'serve'], {
    env: serviceEnv(databaseUrl, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...settings }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  while ((await status(`${url}${probe.path}`, probe.key)) !== 200) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${errors}`);
    const limit = options.startupTimeoutMs ?? 60_000;
    if (performance.now() - started > limit)
      throw new Error(`the service did not answer in ${limit / 1000} s:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // The first worker answers before the others are ready: wait until each has answered /health.
  const answered = new Set<string>();
  while (workers > 1 && answered.size < workers) {
    if (performance.now() - started > 60_000)
      throw new Error(`${answered.size} of ${workers} workers in 60 s`);
    answered.add(await workerOf(url));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    startupMs,
    memory: () => memoryOf(child),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: () => stop(child),
  };
}

/** Waits for one answer: the server has worked off requests a finished measurement left behind. */
export async function settle(url: string, probe: { path: string; key: string }): Promise<void> {
  while ((await status(`${url}${probe.path}`, probe.key)) === 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Builds the service (`npm run build`) when the compiled build is missing or older than src/. */
export function ensureCompiledBuild(): void {
  const problem = compiledBuildProblem();
  if (!problem) return;
  console.error(`Building the service first (npm run build): ${problem} ...`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Why the compiled build cannot be used (missing, or older than the source), or undefined. */
function compiledBuildProblem(): string | undefined {
  const built = statSync(COMPILED_CLI, { throwIfNoEntry: false });
  if (!built) return 'no compiled build (npm run build)';
  const newest = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((latest, entry) => Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);
  return newest > built.mtimeMs ? 'the compiled build is older than src/ (npm run build)' : undefined;
}

/** Memory of the service's process, and of its workers added when it has some. */
function memoryOf(child: ChildProcess): { rssMb: number; peakMb: number } {
  return [child.pid!, ...childrenOf(child.pid)].reduce(
    (sum, pid) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rssMb: sum.rssMb + kb('VmRSS') / 1024, peakMb: sum.peakMb + kb('VmHWM') / 1024 };
    },
    { rssMb: 0, peakMb: 0 },
  );
}

/** The worker (X-Worker) that answers /health on a connection of its own. */
function workerOf(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${url}/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['x-worker'])));
    });
    req.on('error', () => resolve(''));
    req.end();
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The status of one GET, or 0 while nothing listens yet. */
function status(url: string, key: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: { 'ocp-apim-subscription-key': key } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** A port nothing listens on right now (the service takes its port from PORT, not from the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
