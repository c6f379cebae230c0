import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServer } from '../helpers/cli.js';
import { deleteKeys, needsRedis, TEST_REDIS_URL } from '../helpers/redis.js';
import { dropDatabase, newDatabaseUrl } from '../helpers/store.js';

// The acceptance test of running several nodes: two real `serve` processes on different ports, one
// database (a fresh one of the suite's store: one SQLite file, or a PostgreSQL schema) and one Redis. Whatever one node is told, the
// other must apply within a second, and a key's limit must hold across both together.

type Server = Awaited<ReturnType<typeof startServer>>;

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');
const LATEST = '/api/FundPriceService/LatestDate';
const dir = mkdtempSync(join(tmpdir(), 'rates-two-nodes-'));
const keyPrefix = `rates-test:${randomUUID()}:`;
const env = {
  DATABASE_URL: '', // a fresh database of the suite's store, made before the nodes start
  REDIS_URL: TEST_REDIS_URL ?? '',
  REDIS_KEY_PREFIX: keyPrefix,
  REDIS_FAILURE_MODE: 'closed',
  DEMO_ON_EMPTY: 'false',
};
let nodeA: Server;
let nodeB: Server;
let adminToken: string;

beforeAll(async () => {
  if (!TEST_REDIS_URL) return;
  env.DATABASE_URL = await newDatabaseUrl(dir, 'shared.db');
  nodeA = await startServer(env); // migrates the database; the second node then finds it ready
  nodeB = await startServer(env);
  adminToken = (await cli(['admin-token', 'create', '--name', 'two-nodes'], env)).stdout
    .trim()
    .split('\n')
    .at(-1)!;
});
afterAll(async () => {
  for (const node of [nodeA, nodeB].filter(Boolean)) {
    node.child.kill('SIGTERM');
    await once(node.child, 'exit');
  }
  if (TEST_REDIS_URL) await deleteKeys({ url: TEST_REDIS_URL, keyPrefix, failureMode: 'closed' });
  if (env.DATABASE_URL) await dropDatabase(env.DATABASE_URL);
  rmSync(dir, { recursive: true, force: true });
});

const call = async (node: Server, key: string, path = LATEST) => {
  const res = await fetch(`${node.url}${path}`, { headers: { 'Ocp-Apim-Subscription-Key': key } });
  return { status: res.status, body: (await res.json()) as unknown };
};

async function admin(node: Server, method: string, path: string, body?: string, type = 'application/json') {
  const res = await fetch(`${node.url}/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': type }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newKey(rateLimit: { calls: number; periodSeconds: number } | null = null) {
  const created = await admin(
    nodeA,
    'POST',
    '/subscriptions',
    JSON.stringify({ name: 'node test', rateLimit }),
  );
  expect(created.status).toBe(201);
  const subscription = created.body.subscription as { id: number };
  return { id: subscription.id, key: created.body.primaryKey as string };
}

/** Milliseconds until `node` answers `expected` (a status, or a test of the answer); fails after 3 s. */
async function msUntil(
  node: Server,
  key: string,
  expected: (a: { status: number; body: unknown }) => boolean,
) {
  const started = Date.now();
  while (Date.now() - started < 3000) {
    if (expected(await call(node, key))) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the other node did not apply the change within 3 s');
}

describe.skipIf(!TEST_REDIS_URL)(needsRedis('two nodes sharing one database and one Redis'), () => {
  it('admit exactly N calls of a key limited to N a minute across both nodes, then 429 on both', async () => {
    const { key } = await newKey({ calls: 5, periodSeconds: 60 });
    // Windows are aligned to the minute: start early in one, so all calls fall in the same window.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i % 2 === 0 ? nodeA : nodeB, key)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    expect((await call(nodeA, key)).status).toBe(429);
    expect((await call(nodeB, key)).status).toBe(429);
  });

  it('refuse on node B within 1 s a key suspended through node A, and accept it again once resumed by the CLI', async () => {
    const { id, key } = await newKey();
    expect((await call(nodeB, key)).status).toBe(200);
    expect((await admin(nodeA, 'POST', `/subscriptions/${id}/suspend`)).status).toBe(200);
    expect(await msUntil(nodeB, key, (a) => a.status === 401)).toBeLessThan(1000);
    await cli(['keys', 'resume', String(id)], env);
    expect(await msUntil(nodeB, key, (a) => a.status === 200)).toBeLessThan(1000);
  });

  it('serve on node B within 1 s a batch imported through node A', async () => {
    const { key } = await newKey();
    expect((await call(nodeB, key)).body).toEqual([]); // no prices yet, and that answer now cached
    for (const [type, file] of [
      ['fund-categories', 'fund-categories.csv'],
      ['funds', 'funds.csv'],
      ['fund-prices', 'fund-prices.csv'],
    ]) {
      const csv = readFileSync(join(EXAMPLES, file!), 'utf8');
      const report = await admin(nodeA, 'POST', `/batches?type=${type}`, csv, 'text/csv');
      expect(report.body).toMatchObject({ status: 'committed' });
    }
    const served = (a: { body: unknown }) => JSON.stringify(a.body) === '[{"mDate":"2026-11-20T00:00:00"}]';
    expect(await msUntil(nodeB, key, served)).toBeLessThan(1000);
  });
});
