import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

// A worker replaced while calls come in must not lose one: the primary may hand it a connection after
// its server closed, and if it exits before sending that connection back, the primary keeps it open and
// never answers (nodejs/node#21746). The fixture replaces a worker 20 times under 8 loops of calls; when
// its workers exit without leaveCluster(), 7 to 13 calls a run were never answered.

const FIXTURE = join(import.meta.dirname, 'fixtures', 'restarting-cluster.ts');
const LOOPS = 8;
/** A call not answered by then counts as never answered: a lost one gets no answer at all. */
const CALL_TIMEOUT_MS = 5_000;

type Outcome = 'answered' | 'neverAnswered' | 'reset';

/** One call on a connection of its own, which the primary gives to the next worker. */
function call(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve('answered'));
      res.on('error', () => resolve('reset'));
    });
    req.setTimeout(CALL_TIMEOUT_MS, () => {
      resolve('neverAnswered');
      req.destroy();
    });
    // The fixture's worker exits without answering the calls it has accepted: those are reset, the
    // client knows, and the service waits for them. Not the loss this test is about.
    req.on('error', () => resolve('reset'));
  });
}

describe('workers replaced one at a time under calls', () => {
  it('answer every call when each leaves the cluster before it exits', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, LEAVE: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const counts: Record<Outcome, number> = { answered: 0, neverAnswered: 0, reset: 0 };
    let calling = true;
    let loops: Promise<void>[] = [];
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const port = Number((await lines.next()).value);
      const callUntilDone = async () => {
        while (calling) counts[await call(port)]++;
      };
      loops = Array.from({ length: LOOPS }, callUntilDone);
      child.stdin.write('go\n');
      expect((await lines.next()).value).toBe('done');
    } finally {
      calling = false;
      await Promise.all(loops);
      child.kill();
      await exited;
    }
    expect(counts.answered).toBeGreaterThan(300);
    expect(counts.neverAnswered, `never answered, of ${JSON.stringify(counts)}`).toBe(0);
  });
});
