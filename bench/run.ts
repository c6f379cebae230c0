// npm run bench [-- --seconds 3 --rounds 5 --connections 16 --only LatestDate,mix --client wrk --postgres
//                   --workers 2|auto --log-level warn]
// npm run bench -- --baseline ../pipeline-base   (that worktree built: npm run build)
// Throughput and latency of every API operation on the market-scale dataset, against a bare node:http
// ceiling serving the same bytes; the heavy queries again with the answer cache off; start-up time and
// memory. Servers run in their own processes, and so does wrk; autocannon runs here. With --workers N
// the service runs WORKERS=N and the ceiling as N node:cluster processes too; CPU and memory are
// then those of all the processes. See CONTRIBUTING.md, Benchmarks.
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { captureAnswers, startCeiling } from './harness/ceiling.js';
import { prepareDataset } from './harness/dataset.js';
import { loadAverage } from './harness/load.js';
import { measure, type Client, type Figures, type Measured } from './harness/measure.js';
import {
  OPERATIONS,
  UNCACHED,
  UNTIL,
  selected,
  type BenchRequest,
  type Operation,
} from './harness/requests.js';
import {
  ensureCompiledBuild,
  settle,
  startService,
  type Service,
  type ServiceOptions,
} from './harness/service.js';
import { printComparison, printTable, type CachedRow, type UncachedRow } from './harness/table.js';
import { hasWrk } from './harness/wrk.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    // Service and ceiling are measured in turn this many times; the round with the median ratio is kept.
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    only: { type: 'string' },
    // What most HTTP client libraries send; 'identity' measures uncompressed answers.
    'accept-encoding': { type: 'string', default: 'gzip' },
    // The load generator of the operations table: autocannon, or wrk (apt-get install wrk).
    client: { type: 'string', default: 'autocannon' },
    postgres: { type: 'boolean', default: false },
    // The service's WORKERS (a number, or auto: one per core), and as many ceiling processes.
    workers: { type: 'string', default: '1' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/rates_bench' },
    // Another worktree of the service, built (e.g. the commit before a change): the operations are
    // measured on it in place of the ceiling, alternating with this one, and nothing else is measured.
    baseline: { type: 'string' },
    // The service's LOG_LEVEL (and the baseline's): warn measures the calls without the access log.
    'log-level': { type: 'string', default: 'info' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
if (!(seconds > 0) || !(connections >= 1) || !(Number.isInteger(rounds) && rounds >= 1)) {
  throw new Error('--seconds, --rounds and --connections must be positive');
}
const workers = values.workers === 'auto' ? availableParallelism() : Number(values.workers);
if (!(Number.isInteger(workers) && workers >= 1)) throw new Error('--workers is a whole number or auto');
if (values.client !== 'autocannon' && values.client !== 'wrk') {
  throw new Error(`--client is autocannon or wrk, not ${values.client}`);
}
const client: Client = values.client;
const wrkInstalled = hasWrk();
if (client === 'wrk' && !wrkInstalled) throw new Error('--client wrk needs wrk (apt-get install wrk)');
// The heavy answers (400 kB to 1.3 MB) are measured by wrk when it is installed: autocannon reads each
// body into a string, which caps it near 900 such answers a second, and its p99 with them.
const uncachedClient: Client = wrkInstalled ? 'wrk' : 'autocannon';
const operations = selected(OPERATIONS, values.only);
const uncachedOperations = selected(UNCACHED, values.only);
if (operations.length === 0) {
  throw new Error(`--only matches none of: ${OPERATIONS.map((o) => o.name).join(', ')}`);
}
const settings = { seconds, connections, client };
// JIT and the database's page cache warm up on a short run first; its figures are not kept.
const warmUp = { seconds: Math.min(2, seconds), connections, client };
const uncachedSettings = { ...settings, client: uncachedClient };
const uncachedWarmUp = { ...warmUp, client: uncachedClient };
const progress = (line: string) => process.stderr.isTTY && process.stderr.write(`\r\x1b[K${line}`);

const dataset = await prepareDataset(UNTIL, values.postgres ? values['postgres-url'] : undefined).catch(
  (error: Error) => {
    console.error(error.message); // what the CLI said is the whole story; a stack trace adds nothing
    process.exit(1);
  },
);
if (values.baseline && values.postgres) throw new Error('--baseline measures on SQLite only');
const baselineCli = values.baseline && join(resolve(values.baseline), 'dist', 'cli', 'main.js');
const baselineDataset = baselineCli
  ? await prepareDataset(UNTIL, undefined, 'market', {
      cli: baselineCli,
      name: `baseline-${execFileSync('git', ['-C', values.baseline!, 'rev-parse', '--short', 'HEAD']).toString().trim()}`,
    })
  : undefined;
const probe = { path: '/api/FundPriceService/LatestDate', key: dataset.key };
const headers = {
  'ocp-apim-subscription-key': dataset.key,
  ...(values['accept-encoding'] !== 'identity' && { 'accept-encoding': values['accept-encoding'] }),
};
// Every request carries the key (the ceiling ignores it), so both servers read the same bytes; a
// baseline has a dataset and key of its own.
const benchRequests = (ops: Operation[], key = dataset.key): BenchRequest[] =>
  ops
    .flatMap((o) => o.requests)
    .map((r) => ({ ...r, headers: { ...r.headers, ...headers, 'ocp-apim-subscription-key': key } }));
// The load runs on the published command (`rates`, the compiled build), as in production.
ensureCompiledBuild();
console.log(
  `Market-scale dataset (${dataset.note}` +
    (baselineDataset ? `; the baseline's own: ${baselineDataset.note}` : '') +
    `); ${connections} connections, ${seconds} s per measurement, ` +
    `median of ${rounds} round${rounds > 1 ? 's' : ''}, ` +
    `accept-encoding ${values['accept-encoding']}; ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ` +
    `node ${process.version}, load average ${loadAverage()}; service: compiled build (dist), ` +
    `LOG_LEVEL=${values['log-level']}` +
    (workers > 1 ? `, WORKERS=${workers}, ceiling on ${workers} processes too; ` : '; ') +
    `load generator: ${client}, ${uncachedClient} with the answer cache off` +
    (uncachedClient === 'wrk' ? '' : ' (no wrk: those p99 are largely autocannon reading the bodies)'),
);

// Start-up through tsx too, as `npm start` runs it in development; then the service as in
// production: the compiled build, the answer cache on, started STARTUPS times (the last one stays to
// be measured), as a single start-up moved by 0.3-0.5 s from run to run on a 2-core machine.
const STARTUPS = 3;
// Every service this run starts: this database, WORKERS and --log-level, with what it adds.
const start = (options: ServiceOptions = {}) =>
  startService(dataset.databaseUrl, probe, {
    workers,
    ...options,
    settings: { ...options.settings, LOG_LEVEL: values['log-level'] },
  });
const throughTsx = await start();
await throughTsx.stop();
const startupsMs: number[] = [];
for (let i = 0; i < STARTUPS - 1; i++) {
  const once = await start({ compiled: true });
  startupsMs.push(once.startupMs);
  await once.stop();
}
const service = await start({ compiled: true });
startupsMs.push(service.startupMs);
const afterStart = service.memory();
const baseline = values.baseline;
const ceilingKey = baselineDataset?.key ?? dataset.key;
const ceiling = baselineDataset
  ? await startService(
      baselineDataset.databaseUrl,
      { ...probe, key: ceilingKey },
      {
        workers,
        compiled: true,
        cli: baselineCli,
        settings: { LOG_LEVEL: values['log-level'] },
      },
    )
  : await startCeiling(await captureAnswers(service.url, benchRequests(operations)), workers);
const cached: CachedRow[] = [];
await measure(service, benchRequests(operations), warmUp);
await measure(ceiling, benchRequests(operations, ceilingKey), warmUp);
for (const operation of operations) {
  progress(`measuring ${operation.name} ...`);
  // Requests a measurement leaves in flight are still worked off; the next one starts after them.
  const settled = (server: Measured & { url: string }, key: string) => () =>
    settle(service.url, probe).then(() => measure(server, benchRequests([operation], key), settings));
  const pair = await medianRound(settled(service, dataset.key), settled(ceiling, ceilingKey));
  cached.push({ name: operation.name, uncacheable: operation.uncacheable, ...pair });
}
const afterLoad = service.memory();
await Promise.all([service.stop(), ceiling.stop()]);

// The heavy queries with the answer cache off: each call reads the database.
const uncached: UncachedRow[] = [];
if (uncachedOperations.length > 0 && !baseline) {
  const bare: Service = await start({ settings: { CACHE_MAX_BYTES: '0' }, compiled: true });
  // The floor: the ceiling server sending these answers' own bytes (no cache: not compressed), so
  // the p99 that merely writing them at this many connections takes is printed beside the target.
  const floor = await startCeiling(
    await captureAnswers(bare.url, benchRequests(uncachedOperations)),
    workers,
  );
  await measure(bare, benchRequests(uncachedOperations), uncachedWarmUp);
  await measure(floor, benchRequests(uncachedOperations), uncachedWarmUp);
  for (const operation of uncachedOperations) {
    progress(`measuring ${operation.name} with the answer cache off ...`);
    const settled = (server: Measured & { url: string }) => () =>
      settle(bare.url, probe).then(() => measure(server, benchRequests([operation]), uncachedSettings));
    const pair = await medianRound(settled(bare), settled(floor));
    uncached.push({ name: operation.name, ...pair });
  }
  await Promise.all([bare.stop(), floor.stop()]);
}

progress('');
if (baseline) {
  printComparison(cached, baseline);
  process.exit(0);
}
printTable(cached, uncached, {
  startupsMs,
  tsxStartupMs: throughTsx.startupMs,
  rssAfterStartMb: afterStart.rssMb,
  rssAfterLoadMb: afterLoad.rssMb,
  peakMb: afterLoad.peakMb,
});
console.log(`\nload average at the end ${loadAverage()} (a busy machine lowers every figure)`);

/**
 * Measures service and ceiling one after the other, `rounds` times, and keeps the round whose
 * service/ceiling ratio is the median: on a shared machine single measurements swing by a tenth or
 * more, and a pair measured together keeps its figures consistent (req/s, latencies, CPU). Which of
 * the two goes first alternates from round to round, so a machine that slows down or speeds up
 * during a round favours neither. Every round's ratio comes back too: their spread tells how far
 * this machine lets the median be trusted (a commit against itself, on a shared 2-core VM, gave
 * medians of 98-120 %).
 */
async function medianRound(
  measureService: () => Promise<Figures>,
  measureCeiling: () => Promise<Figures>,
): Promise<{ service: Figures; ceiling: Figures; ratios: number[] }> {
  const pairs: { service: Figures; ceiling: Figures }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const service = await measureService();
      pairs.push({ service, ceiling: await measureCeiling() });
    } else {
      const ceiling = await measureCeiling();
      pairs.push({ service: await measureService(), ceiling });
    }
  }
  const ratio = (p: { service: Figures; ceiling: Figures }) => p.service.rps / Math.max(p.ceiling.rps, 1e-9);
  pairs.sort((a, b) => ratio(a) - ratio(b));
  return { ...pairs[Math.floor((pairs.length - 1) / 2)]!, ratios: pairs.map(ratio) };
}
