import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'src', 'cli', 'main.ts');
// Node itself with tsx's loader, not the tsx command: that one relays a signal to its child and, when
// the child does not confirm within 30 ms (a busy machine), kills it and exits 143, so a test of
// SIGTERM would see tsx's race instead of the server's shutdown.
const node = process.execPath;
const loader = ['--import', 'tsx'];

/**
 * A test process's settings: the runner's, with load shedding off, then the test's own. A busy CI
 * machine lags a fresh process's event loop past the 1 s default (a worker restarting, a demo load), and
 * its 503s would fail tests about something else; test/http/overload.test.ts tests the shedding.
 */
export const childEnv = (env: Record<string, string>) => ({
  ...process.env,
  MAX_EVENT_LOOP_DELAY_MS: '0',
  ...env,
});

/** Runs the CLI as an operator would (`npm run cli -- ...`), in its own process. */
export async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  return run(node, [...loader, MAIN, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    timeout: 120_000,
  });
}

/** The CLI as a child process, for tests that watch or kill it. */
export function cliProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(node, [...loader, MAIN, ...args], { cwd: ROOT, env: childEnv(env) });
}

/** Starts `serve` and resolves with its base URL once it listens (once `ready`'s URL is in its output). */
export function startServer(
  env: Record<string, string>,
  ready = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(node, [...loader, MAIN, 'serve'], {
    cwd: ROOT,
    env: childEnv({ PORT: '0', ...env }),
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 110_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
