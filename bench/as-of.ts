// npm run bench:as-of [-- --scale default|market --calls 200 --only AllFundPrices,LatestDate]
// What an answer as of a past instant costs (docs/time-travel.md), per operation of the benchmark's
// list, against the latest answer, on the demo's dataset or the market-scale one (bench/harness/
// dataset.ts, made once and reused). In process, through the whole app (key check, limits, usage):
// - latest, uncached: the answer cache off (CACHE_MAX_BYTES=0), the series caches warm: the baseline;
// - as of, uncached: ?asOf= the last commit's instant, the answer cache off: the operation's queries
//   read through the as-of tables (served rows and revisions), the series caches left out;
// - as of, cached: the same call again with the answer cache on.
// Median microseconds of `calls` calls each, the three in turn; ratios against the baseline.
// Figures only; the machine may be shared: repeat a run before trusting a ratio.
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
  },
});
const scale = values.scale === 'market' ? 'market' : 'default';
const calls = Number(values.calls);

const dataset = await prepareDataset(UNTIL, undefined, scale);
console.log(`Dataset: ${scale} (${dataset.note}); load average ${loadAverage()}`);
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
    const started = performance.now();
    await server.inject({ method, url, headers });
    times.push((performance.now() - started) * 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `${'operation'.padEnd(22)}${pad('latest µs', 12)}${pad('as of µs', 12)}${pad('ratio', 8)}${pad('as of cached µs', 18)}${pad('ratio', 8)}`,
);
for (const operation of selected(OPERATIONS, values.only)) {
  const { method, path } = operation.requests[0]!;
  const withAsOf = `${path}${path.includes('?') ? '&' : '?'}asOf=${asOf}`;
  const latest = await medianUs(uncached, method, path);
  const past = await medianUs(uncached, method, withAsOf);
  const pastCached = await medianUs(cached, method, withAsOf);
  console.log(
    `${operation.name.padEnd(22)}${pad(latest.toFixed(0), 12)}${pad(past.toFixed(0), 12)}${pad((past / latest).toFixed(2), 8)}${pad(pastCached.toFixed(0), 18)}${pad((pastCached / latest).toFixed(2), 8)}`,
  );
}
await uncached.close();
await cached.close();
await gateway.close();
await store.close();
