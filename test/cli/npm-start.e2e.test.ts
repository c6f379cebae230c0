import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, cli } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'rates-npm-start-'));
const env = { ...(await processEnv(dir)), DEMO_ON_EMPTY: 'false', PORT: '0', LOG_LEVEL: 'info' };
let token = '';

beforeAll(async () => {
  const { stdout } = await cli(['admin-token', 'create', '--name', 'npm-start-test', '--create'], env);
  token = stdout.trim().split('\n').at(-1)!;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Process groups this file started, killed outright should a test fail and leave one behind. */
const groups = new Set<number>();
afterEach(() => {
  for (const pgid of groups) {
    if (alive(pgid)) process.kill(-pgid, 'SIGKILL');
  }
  groups.clear();
});

/** Whether any process of the group is still there. */
function alive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` as a user runs it, in a process group of its own as a terminal gives it. Its `prestart`
 * (the explorer's build) is left out: only the start command is under test, and the server runs
 * without a built explorer.
 */
async function npmStart(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn('npm', ['start', '--ignore-scripts'], {
    cwd: ROOT,
    env: childEnv(env),
    detached: true,
  });
  groups.add(child.pid!);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${output}`)), 110_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no process of the group is left, up to `ms`. */
async function groupGone(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pgid) && Date.now() < until) await sleep(100);
  return !alive(pgid);
}

describe('npm start stops on a signal', () => {
  it('stops gracefully when the npm process it started gets SIGTERM', async () => {
    const { child, url, output } = await npmStart();
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code, output()).toBe(0);
    // Every process npm started is gone, the server's among them, and it said it stopped.
    expect(await groupGone(child.pid!, 5000), output()).toBe(true);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    expect(output()).toContain('"msg":"stopped"');
    expect(output()).toContain('"timedOut":false');
  }, 120_000);

  it("stops gracefully on a terminal's Ctrl-C (SIGINT to the whole group), not as on a second signal", async () => {
    const { child, url, output } = await npmStart();
    // An upload in flight keeps the server shutting down while npm's relay of the signal arrives.
    const BODY = JSON.stringify([{ id: 78, name_en: 'Teen Savings', name_th: 'ออมทรัพย์', display_order: 8 }]);
    const req = request(`${url}/admin/batches?type=deposit-products`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(BODY),
      },
    });
    req.on('error', () => undefined);
    // The answer is read to its end, so the connection closes as the server asks.
    const answer = once(req, 'response').then(async ([res]: IncomingMessage[]) => {
      for await (const chunk of res!) void chunk;
      return res!.statusCode;
    });
    req.write(BODY.slice(0, 10));
    req.flushHeaders();
    await sleep(300);
    const exited = once(child, 'exit');
    // The terminal signals every process of the foreground group; npm relays it to its child as well.
    process.kill(-child.pid!, 'SIGINT');
    await sleep(1500);
    req.end(Buffer.from(BODY).subarray(10));
    expect(await answer, output()).toBe(201);
    const [code] = await exited;
    expect(await groupGone(child.pid!, 5000), output()).toBe(true);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    expect(output()).not.toContain('second signal');
    expect(output()).toContain('"timedOut":false');
    expect(code, output()).toBe(0);
  }, 120_000);
});
