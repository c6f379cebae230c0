// npm run bench:as-of [-- --scale default|market --calls 200 --only AllFundPrices,LatestDate --clock cpu]
// What an answer as of a past instant costs (docs/time-travel.md), per operation of the benchmark's
// list, against the latest answer, on the demo's dataset or the market-scale one (bench/harness/
// dataset.ts, made once and reused). In process, through the whole app (key check, limits, usage):
// - latest, uncached: the answer cache off (CACHE_MAX_BYTES=0), the series caches warm: the baseline;
// - as of, uncached: ?asOf= the last commit's instant, the answer cache off: nothing the operation
//   reads changed since, so it reads the tables and series caches as the latest answer does;
// - as of before, uncached: ?asOf= the instant before the operation's last change (its timemap's
//   last memento but one): the tables that change touched read through their revisions, the series
//   caches made from them kept apart by batch;
// - as of, cached: the first as-of call again with the answer cache on.
// Median microseconds of `calls` calls each, in turn; ratios against the baseline. Wall time, or with
// --clock cpu the process's CPU time (user and system): on a shared machine wall time measures the
// other work too. Figures only: repeat a run before trusting a ratio.
import { setImmediate as turn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { gatewaySettings, startGateway } from '../src/gateway/index.js';
import { defaultConfig } from '../src/settings.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { prepareDataset } from './harness/dataset.js';
import { loadAverage } from './harness/load.js';
import { OPERATIONS, UNTIL, selected } from './harness/requests.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'default' },
    calls: { type: 'string', default: '200' },
    only: { type: 'string' },
    clock: { type: 'string', default: 'wall' },
  },
});
const scale = values.scale === 'market' ? 'market' : 'default';
const calls = Number(values.calls);
/** Milliseconds: elapsed, or of CPU time taken by this process. */
const clock =
  values.clock === 'cpu'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

const dataset = await prepareDataset(UNTIL, undefined, scale);
console.log(`Dataset: ${scale} (${dataset.note}); load average ${loadAverage()}; ${values.clock} time`);
const store = openStore(dataset.databaseUrl.replace(/^sqlite:/, ''));
// A dataset made by an earlier build gains what later migrations add, as the server would do.
await migrateToLatest(store.db);
const { committed_at } = await store.db
  .selectFrom('batches')
  .select('committed_at')
  .where('status', '=', 'committed')
  .orderBy('id', 'desc')
  .executeTakeFirstOrThrow();
const asOf = encodeURIComponent(committed_at!);

const config = { ...defaultConfig(), logLevel: 'silent' as const, maxEventLoopDelayMs: 0 };
const gateway = await startGateway({ ...gatewaySettings(config), store });
const app = (cacheMaxBytes: number) => buildApp({ config: { ...config, cacheMaxBytes }, store, gateway });
const uncached = await app(0);
const cached = await app(config.cacheMaxBytes);

async function medianUs(server: FastifyInstance, method: 'GET' | 'POST', url: string): Promise<number> {
  const headers = { 'ocp-apim-subscription-key': dataset.key };
  const first = await server.inject({ method, url, headers });
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body.slice(0, 200)}`);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = clock();
    await server.inject({ method, url, headers });
    times.push((clock() - started) * 1000);
    // A server's event loop turns between requests. An injected call's response is let go by a
    // callback the loop runs after its I/O (setImmediate); awaiting promises only, the loop never got
    // there, every answer was kept (AllFundPrices: 2.4 MB each at market scale) and the market-scale
    // run ran out of memory.
    await turn();
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** The instant before the operation's last change: its timemap's last memento but one. */
async function beforeLastChange(path: string): Promise<string> {
  const res = await uncached.inject({
    url: `/timemap${path.split('?')[0]}`,
    headers: { accept: 'application/json' },
  });
  const { mementos } = res.json<{ mementos: { datetime: string }[] }>();
  const memento = mementos.at(-2) ?? mementos[0]!;
  // An HTTP-date names a second: its last millisecond holds every batch committed in it.
  return encodeURIComponent(new Date(Date.parse(memento.datetime) + 999).toISOString());
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const cell = (us: number, latest: number) => `${pad(us.toFixed(0), 10)}${pad((us / latest).toFixed(2), 7)}`;
console.log(
  `${'operation'.padEnd(22)}${pad('latest µs', 10)}${pad('as of µs', 10)}${pad('ratio', 7)}` +
    `${pad('before µs', 10)}${pad('ratio', 7)}${pad('cached µs', 10)}${pad('ratio', 7)}`,
);
for (const operation of selected(OPERATIONS, values.only)) {
  const { method, path } = operation.requests[0]!;
  const at = (instant: string) => `${path}${path.includes('?') ? '&' : '?'}asOf=${instant}`;
  const latest = await medianUs(uncached, method, path);
  const past = await medianUs(uncached, method, at(asOf));
  const before = await medianUs(uncached, method, at(await beforeLastChange(path)));
  const pastCached = await medianUs(cached, method, at(asOf));
  console.log(
    `${operation.name.padEnd(22)}${pad(latest.toFixed(0), 10)}${cell(past, latest)}${cell(before, latest)}${cell(pastCached, latest)}`,
  );
}
console.log(`RSS at the end: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
await uncached.close();
await cached.close();
await gateway.close();
await store.close();
