import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stale } from '../../scripts/start.mjs';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
/**
 * The `rates` command as `npm start` runs it: src/ bundled by scripts/start.mjs, once per test run
 * (test/helpers/bundle-setup.ts), run by Node itself. Through tsx's loader every process transpiled
 * src/ again as it loaded: 2.3 s of CPU a start against 0.8 s, over the hundreds of processes the
 * suite starts on a 2-core machine where it is CPU-bound.
 */
const MAIN = join(ROOT, 'dist', 'start', 'main.js');
const node = process.execPath;
// Sources edited after the run bundled them (vitest --watch) would be tested in their old form.
if (stale()) throw new Error('src/ changed since this test run bundled it: start the run again');

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
  return run(node, [MAIN, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    timeout: 120_000,
  });
}

/** The CLI as a child process, for tests that watch or kill it. */
export function cliProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(node, [MAIN, ...args], { cwd: ROOT, env: childEnv(env) });
}

/** Starts `serve` and resolves with its base URL once it listens (once `ready`'s URL is in its output). */
export function startServer(
  env: Record<string, string>,
  ready = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(node, [MAIN, 'serve'], {
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
