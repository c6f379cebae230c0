import type { Command } from 'commander';
import { askCreation } from '../../src/cli/with-store.js';
import { program, runCommandLine } from '../../src/cli/program.js';

/** What a command printed, and its exit code when it failed (as execFile's error carries them). */
export interface CliFailure extends Error {
  stdout: string;
  stderr: string;
  code: number;
}

// Commander exits the process on a usage error or --help; in a test it throws instead (every command
// of the tree: exitOverride is not inherited by commands made before it is set).
const overridden = new WeakSet<Command>();
function throwInsteadOfExit(command: Command): void {
  if (overridden.has(command)) return;
  overridden.add(command);
  command.exitOverride();
  for (const sub of command.commands) throwInsteadOfExit(sub);
}

// One command at a time: each borrows process.env and the output (concurrent calls wait their turn).
let queue: Promise<unknown> = Promise.resolve();

/**
 * The `rates` command called in this process, as test/helpers/cli.ts's `cli` runs it in a child one: the
 * same program object (src/cli/program.ts) with `env` added to the settings, its stdout and stderr
 * captured. Resolves with them when it exits 0, rejects with them and the code otherwise. What only a
 * process shows (signals, a terminal, exit while serving) is tested with the real process, in test:e2e.
 */
export function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  const turn = queue.then(() => runOne(args, env));
  queue = turn.catch(() => undefined);
  return turn;
}

async function runOne(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  throwInsteadOfExit(program);
  askCreation(false);
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(env)) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
  let stdout = '';
  let stderr = '';
  const out = (chunk: unknown) => (stdout += typeof chunk === 'string' ? chunk : String(chunk));
  const err = (chunk: unknown) => (stderr += typeof chunk === 'string' ? chunk : String(chunk));
  const line =
    (write: (s: string) => void) =>
    (...parts: unknown[]) =>
      write(`${parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ')}\n`);
  const originals = {
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write,
    log: console.log,
    info: console.info,
    error: console.error,
    warn: console.warn,
  };
  const exitCodeBefore = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = ((chunk: unknown) => (out(chunk), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => (err(chunk), true)) as typeof process.stderr.write;
  console.log = line(out);
  console.info = line(out);
  console.error = line(err);
  console.warn = line(err);
  let code: number;
  try {
    code = await runCommandLine(['node', 'rates', ...args]);
    if (code === 0 && process.exitCode !== undefined) code = Number(process.exitCode);
  } finally {
    process.stdout.write = originals.stdoutWrite;
    process.stderr.write = originals.stderrWrite;
    console.log = originals.log;
    console.info = originals.info;
    console.error = originals.error;
    console.warn = originals.warn;
    process.exitCode = exitCodeBefore;
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  if (code === 0) return { stdout, stderr };
  const failure = new Error(`rates ${args.join(' ')} exited with ${code}:\n${stderr}`) as CliFailure;
  Object.assign(failure, { stdout, stderr, code });
  throw failure;
}
