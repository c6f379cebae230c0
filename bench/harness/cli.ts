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

/** Runs `rates <args>` and resolves with its output; rejects with its error output when it fails. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, echo = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnNode(['--import', 'tsx', CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
