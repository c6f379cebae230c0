import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer } from '../helpers/cli.js';
import { deleteKeys, TEST_REDIS_URL } from '../helpers/redis.js';
import { dropDatabase, newDatabaseUrl, testStore } from '../helpers/store.js';

// WORKERS=2: one `serve` process that forks two workers on one port. Calls spread over the workers
// must meet limits and quotas counted once (in the primary without Redis, in Redis with it), usage
// counted once, a committed batch served by every worker within a second, and workers replaced (one
// killed, or all one at a time on SIGHUP) while the others go on serving.

type Server = Awaited<ReturnType<typeof startServer>>;
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const LATEST = '/api/FundPriceService/LatestDate';
let server: Server;
let adminToken: string;

/** How long a call may take before it counts as lost: a lost connection is never answered. */
const CALL_TIMEOUT_MS = 20_000;

/** One call; `agent` undefined: on a connection of its own, which the primary gives the next worker. */
function call(
  path: string,
  options: { agent?: Agent; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { agent, method = 'GET', body } = options;
  const headers = { ...options.headers, ...(agent ? {} : { connection: 'close' }) };
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent: agent ?? false, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(CALL_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${CALL_TIMEOUT_MS} ms`)));
    req.end(body);
  });
}

const withKey = (key: string, agent?: Agent) =>
  call(LATEST, { agent, headers: { 'ocp-apim-subscription-key': key } });

async function admin(method: string, path: string, body?: string, type = 'application/json', agent?: Agent) {
  const headers = {
    authorization: `Bearer ${adminToken}`,
    ...(body === undefined ? {} : { 'content-type': type }),
  };
  const res = await call(`/admin${path}`, { agent, method, headers, body });
  return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
}

/** A new key, without limits unless given (a new subscription otherwise gets the default ones). */
async function newKey(limits: { rateLimit?: object; quota?: object } = {}) {
  const settings = { name: 'workers test', rateLimit: null, quota: null, ...limits };
  const created = await admin('POST', '/subscriptions', JSON.stringify(settings));
  expect(created.status).toBe(201);
  return { id: (created.body.subscription as { id: number }).id, key: created.body.primaryKey as string };
}

/** The worker (its cluster id) that answers on `agent`'s connection, or on a connection of its own. */
async function workerOf(agent?: Agent): Promise<string> {
  const res = await call('/health', { agent });
  return String(res.headers['x-worker']);
}

/** A kept-alive connection to each running worker, by worker id. */
async function connectionToEachWorker(): Promise<Map<string, Agent>> {
  const agents = new Map<string, Agent>();
  for (let tries = 0; agents.size < 2 && tries < 20; tries++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const worker = await workerOf(agent);
    if (agents.has(worker)) agent.destroy();
    else agents.set(worker, agent);
  }
  expect(agents.size).toBe(2);
  return agents;
}

/** Every worker's cluster id and pid, as the primary logged them when they became ready. */
function readyWorkers(): Map<string, number> {
  const workers = new Map<string, number>();
  for (const m of server.output().matchAll(/worker (\d+) \(pid (\d+)\) ready/g))
    workers.set(m[1]!, Number(m[2]));
  return workers;
}

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The calls counted in a subscription's usage, once every worker has written what it counted. */
async function usageTotal(id: number, expected: number): Promise<number> {
  let total = 0;
  const read = async () => {
    const rows = (await admin('GET', `/subscriptions/${id}/usage`)).body as unknown as { count: number }[];
    total = rows.reduce((sum, row) => sum + row.count, 0);
    return total;
  };
  await until(async () => (await read()) >= expected, `usage of ${expected} calls`, 10_000);
  // A few more flush intervals of every worker: a call counted twice would show by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return read();
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** Starts early in a minute, so calls against a per-minute limit all fall in one window. */
async function earlyInMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

// Each way of counting limits with the store it is deployed with: by the primary on SQLite (one
// machine), in Redis on PostgreSQL (several nodes), by the primary there too when no Redis is given.
// The other two pairs would run the same code again: the limiter does not touch the store, and the
// store's counters and usage are the same code in every process (and tested on both stores without
// workers), while this file is among the suite's longest (some 40 s a pair on CI's 2 cores).
const redisUrl = testStore === 'postgres' ? TEST_REDIS_URL : undefined;
const redis = redisUrl && { url: redisUrl, keyPrefix: `rates-test:${randomUUID()}:` };
const dir = mkdtempSync(join(tmpdir(), 'rates-workers-'));
const env: Record<string, string> = {
  DATA_DIR: dir,
  DEMO_ON_EMPTY: 'false',
  WORKERS: '2',
  USAGE_FLUSH_MS: '100',
  // Connections pinned to a worker (below) stay open through a test.
  KEEP_ALIVE_TIMEOUT_MS: '60000',
  ...(redis && { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix, REDIS_FAILURE_MODE: 'closed' }),
};

describe(`WORKERS=2 (${redis ? 'limits in Redis' : 'limits counted by the primary'})`, () => {
  beforeAll(async () => {
    env.DATABASE_URL = await newDatabaseUrl(dir, 'cluster.db');
    server = await startServer(env, /2 workers listening at (http:\/\/127\.0\.0\.1:\d+)/);
    adminToken = (await cli(['admin-token', 'create', '--name', 'workers'], env)).stdout
      .trim()
      .split('\n')
      .at(-1)!;
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await once(server.child, 'exit');
    }
    if (redis) await deleteKeys({ ...redis, failureMode: 'closed' });
    if (env.DATABASE_URL) await dropDatabase(env.DATABASE_URL);
    rmSync(dir, { recursive: true, force: true });
  });

  it('admit exactly the rate limit of calls spread over both workers, the rest 429, each counted once in usage', async () => {
    const { id, key } = await newKey({ rateLimit: { calls: 5, periodSeconds: 60 } });
    const agents = [...(await connectionToEachWorker()).entries()];
    await earlyInMinute();
    // Six calls on each worker's connection, both connections at once.
    const statuses = (
      await Promise.all(
        agents.map(async ([, agent]) => Promise.all(Array.from({ length: 6 }, () => withKey(key, agent)))),
      )
    )
      .flat()
      .map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // The calls did reach both workers: each connection still ends at the worker it started at.
    for (const [worker, agent] of agents) expect(await workerOf(agent)).toBe(worker);
    expect(await usageTotal(id, 12)).toBe(12);
    for (const [, agent] of agents) agent.destroy();
  }, 90_000);

  it('admit exactly the quota of calls spread over both workers, the rest 403, each counted once in usage', async () => {
    const { id, key } = await newKey({ quota: { calls: 4, period: 'day' } });
    const agents = [...(await connectionToEachWorker()).values()];
    const statuses = (
      await Promise.all(
        agents.map(async (agent) => Promise.all(Array.from({ length: 5 }, () => withKey(key, agent)))),
      )
    )
      .flat()
      .map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 403)).toHaveLength(6);
    expect(await usageTotal(id, 10)).toBe(10);
    for (const agent of agents) agent.destroy();
  }, 60_000);

  it('show on /metrics of any worker the calls of all workers', async () => {
    const { key } = await newKey();
    const agents = [...(await connectionToEachWorker()).values()];
    const keyed = async (agent: Agent) => {
      const text = (await call('/metrics', { agent })).body;
      return Number(/rates_calls_by_caller_total\{caller="subscription"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await keyed(agents[0]!);
    for (const agent of agents)
      for (let i = 0; i < 3; i++) expect((await withKey(key, agent)).status).toBe(200);
    for (const agent of agents) expect(await keyed(agent)).toBe(before + 6);
    for (const agent of agents) agent.destroy();
  }, 60_000);

  it('serve a batch committed through one worker on every worker within 1 s', async () => {
    const { key } = await newKey();
    const agents = [...(await connectionToEachWorker()).values()];
    // No prices yet, and that answer now cached on each worker.
    for (const agent of agents) expect((await withKey(key, agent)).body).toBe('[]');
    for (const [type, file] of [
      ['fund-categories', 'fund-categories.csv'],
      ['funds', 'funds.csv'],
      ['fund-prices', 'fund-prices.csv'],
    ]) {
      const csv = readFileSync(join(EXAMPLES, file!), 'utf8');
      const report = await admin('POST', `/batches?type=${type}`, csv, 'text/csv', agents[0]);
      expect(report.body).toMatchObject({ status: 'committed' });
    }
    const committedAt = Date.now();
    for (const agent of agents) {
      await until(
        async () => (await withKey(key, agent)).body === '[{"mDate":"2026-11-20T00:00:00"}]',
        'the new batch served',
        5000,
      );
      expect(Date.now() - committedAt).toBeLessThan(1000);
    }
    for (const agent of agents) agent.destroy();
  }, 60_000);

  it('write whole log lines from both workers into one stdout, also when its reader falls behind', async () => {
    const { key } = await newKey();
    const agents = [...(await connectionToEachWorker()).values()];
    const from = server.output().length;
    // The reader stops: the pipe fills, and both workers' writes wait for room at once.
    server.child.stdout!.pause();
    await Promise.all(
      agents.map((agent) => Promise.all(Array.from({ length: 1500 }, () => withKey(key, agent)))),
    );
    server.child.stdout!.resume();
    const logged = () =>
      server
        .output()
        .slice(from)
        .split('\n')
        .filter((l) => l.includes('request completed'));
    await until(() => logged().length >= 3000, 'every call logged');
    const broken = server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => line !== '' && !isJson(line));
    expect(broken.slice(0, 2)).toEqual([]);
    for (const agent of agents) agent.destroy();
  }, 90_000);

  it('replace a worker killed with SIGKILL while the other serves', async () => {
    const { key } = await newKey();
    const before = readyWorkers();
    const [victimId, victimPid] = [...before.entries()][0]!;
    process.kill(victimPid, 'SIGKILL');
    await until(
      () => server.output().includes(`worker ${victimId} (pid ${victimPid}) exited`),
      'the primary saw the worker die',
    );
    // Every call is answered, by the other worker until the replacement is ready, then by both.
    const statuses: number[] = [];
    await until(async () => {
      statuses.push((await withKey(key)).status);
      return readyWorkers().size > before.size;
    }, 'a new worker ready');
    for (let i = 0; i < 6; i++) statuses.push((await withKey(key)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const replacement = [...readyWorkers().keys()].find((id) => !before.has(id))!;
    await until(async () => (await workerOf()) === replacement, 'the replacement answering');
  }, 90_000);

  it('replace every worker one at a time on SIGHUP without failing a call', async () => {
    const { key } = await newKey();
    const before = new Set(readyWorkers().keys());
    const outputBefore = server.output().length;
    server.child.kill('SIGHUP');
    const failed: string[] = [];
    let calls = 0;
    await until(
      async () => {
        const answer = await withKey(key).catch((error: Error) => ({ status: 0, body: error.message }));
        calls++;
        if (answer.status !== 200) failed.push(`${answer.status} ${answer.body}`);
        return server.output().slice(outputBefore).includes('every worker replaced');
      },
      'every worker replaced',
      60_000,
    );
    expect(failed, failed.slice(0, 3).join('\n')).toEqual([]);
    expect(calls).toBeGreaterThan(10);
    // Only new workers answer now.
    const answering = new Set([await workerOf(), await workerOf(), await workerOf(), await workerOf()]);
    for (const worker of answering) expect(before.has(worker)).toBe(false);
  }, 90_000);

  it('replace every worker on SIGHUP without losing a call on kept-alive connections under load', async () => {
    const { key } = await newKey();
    const outputBefore = server.output().length;
    // Eight connections kept alive, each sending its next call as soon as the last is answered: at
    // any moment some are between calls, where a worker that closed idle connections at once lost
    // the call on its way (10 of 141,799 once, with autocannon).
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const failed: string[] = [];
    let calls = 0;
    let replaced = false;
    const load = async () => {
      while (!replaced && calls < 100_000) {
        const answer = await withKey(key, agent).catch((error: Error) => ({
          status: 0,
          body: error.message,
        }));
        calls++;
        if (answer.status !== 200) failed.push(`${answer.status} ${answer.body}`);
      }
    };
    const loads = Array.from({ length: 8 }, load);
    try {
      await until(() => calls >= 200, 'the load under way');
      server.child.kill('SIGHUP');
      await until(
        () => server.output().slice(outputBefore).includes('every worker replaced'),
        'every worker replaced',
        60_000,
      );
    } finally {
      replaced = true;
      await Promise.all(loads);
      agent.destroy();
    }
    expect(failed, `${failed.length} of ${calls} calls failed: ${failed.slice(0, 3).join('\n')}`).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  }, 90_000);

  it('stop every worker and the primary on SIGTERM, exiting 0', async () => {
    const workers = [...readyWorkers().values()];
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
