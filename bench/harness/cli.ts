// Runs the service's own command line (`npm run cli -- ...`) in a child process, as an operator would.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'src', 'cli', 'main.ts');
export const COMPILED_CLI = join(ROOT, 'dist', 'cli', 'main.js');

const running = new Set<ChildProcess>();
// Servers started here end with the benchmark, also when it fails half-way.
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** `node <args>` in a child process that is stopped when this process exits. */
export function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  return spawnStopped(process.execPath, args, options);
}

/** `command <args>` in a child process that is stopped when this process exits. */
export function spawnStopped(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** The settings every child gets: this database, and never the demo dataset loaded behind our back. */
export function serviceEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: databaseUrl, DEMO_ON_EMPTY: 'false', ...extra };
}

/** Node's arguments for a command line: this checkout's through tsx, or `cli` (a .ts file through tsx too). */
export const cliCommand = (cli = CLI): string[] => (cli.endsWith('.ts') ? ['--import', 'tsx', cli] : [cli]);

/**
 * Runs `rates <args>` and resolves with its output and the CPU seconds (user and system) it took, as
 * the shell's `times` reads them: on a shared machine wall time measures the other work too.
 */
export async function runCliTimed(
  args: string[],
  env: NodeJS.ProcessEnv,
  cli?: string,
): Promise<{ out: string; cpuSeconds: number }> {
  const script = '"$0" "$@"; status=$?; times >&2; exit $status';
  const child = spawnStopped('sh', ['-c', script, process.execPath, ...cliCommand(cli), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  // `times`: the shell's user and system time, then its children's (e.g. 0m6.540s 0m0.862s).
  const lines = err.trimEnd().split('\n');
  if (code !== 0)
    throw new Error(`'rates ${args.join(' ')}' failed (exit ${code}):\n${lines.slice(0, -2).join('\n')}`);
  const cpuSeconds = [...(lines.at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec),
    0,
  );
  return { out, cpuSeconds };
}

/**
 * Runs `rates <args>` and resolves with its output; rejects with its error output when it fails.
 * `cli`: another build's compiled command line (a baseline's dist/cli/main.js) instead of this one's.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv, echo = false, cli?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnNode([...cliCommand(cli), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (echo) process.stdout.write(`  ${chunk.toString().trimEnd().replaceAll('\n', '\n  ')}\n`);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`'rates ${args.join(' ')}' failed (exit ${code}):\n${(err || out).trim()}`)),
    );
  });
}
