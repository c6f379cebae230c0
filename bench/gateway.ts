// What the gateway costs: throughput of the same operation with and without the key check, rate
// limit, quota and usage counting (and metrics). Run: npm run bench:gateway [-- --seconds 5 --rounds 3]
// Builds a demo database in a temporary folder, serves it twice in this process (the full app, and the
// same routes with no gateway hooks), and loads each in turn from a separate process (bench/load.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/settings.js';
import { frameworkErrorHandler, installErrorHandling } from '../src/http/errors.js';
import { loggerOptions } from '../src/calls/log-line.js';
import { installRequestIdHeader, requestId } from '../src/http/request-id.js';
import { generateDemo } from '../src/ingest/demo/generate.js';
import { exchangeRateRoutes } from '../src/exchange-rates/routes.js';
import { fundPriceRoutes } from '../src/funds/price-routes.js';
import { openStore } from '../src/store/db.js';
import { DeveloperRepository } from '../src/store/developer-repo.js';
import { KeyRepository } from '../src/store/key-repo.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { createRepositories } from '../src/composition/repositories.js';
import { DataVersion } from '../src/store/data-version.js';
import { makeCaches } from '../src/composition/caches.js';
import { median } from './harness/median.js';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
  },
});

const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const store = openStore(join(dir, 'bench.db'));
await migrateToLatest(store.db);
await generateDemo(store, { seed: 20260101 });
// Limits high enough never to refuse, so every call takes the whole path: lookup, both counters, usage.
const { primaryKey } = await new KeyRepository(store.db).create('bench', null, new Date(), {
  limits: { rateLimitCalls: 1e9, rateLimitPeriodS: 60, quotaCalls: 1e12, quotaPeriod: 'day' },
});

// A developer's subscription with the same limits: only those have a request log (docs/portal.md).
const developerId = await new DeveloperRepository(store.db).create(
  { email: 'bench@example.com', name: 'bench', password_hash: 'unused', lang: 'en', confirmed_at: null },
  new Date(),
);
const { primaryKey: developerKey } = await new KeyRepository(store.db).create('bench-dev', null, new Date(), {
  limits: { rateLimitCalls: 1e9, rateLimitPeriodS: 60, quotaCalls: 1e12, quotaPeriod: 'day' },
  developerId: developerId!,
});

const config = { ...defaultConfig(), logLevel: 'silent', requestTimeoutMs: 10_000 } as const;
const full = await buildApp({ config, store });
// The same Fastify setup as buildApp (logger included: it costs a child logger per request), less the gateway.
const bare = Fastify({
  logger: loggerOptions(config.logLevel),
  genReqId: requestId,
  requestIdHeader: false,
  routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  frameworkErrors: frameworkErrorHandler,
});
installRequestIdHeader(bare);
installErrorHandling(bare);
// With the series caches buildApp makes (their defaults), so the two differ by the gateway and the answer cache.
const data = new DataVersion(store);
await data.start();
const repos = createRepositories(store.db, makeCaches(config, data));
await bare.register(fundPriceRoutes, { prefix: '/api/FundPriceService', repos });
await bare.register(exchangeRateRoutes, { prefix: '/api/ExchangeRateService', repos });
const fullUrl = await full.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

interface Figures {
  rps: number;
  /** CPU time of this process (the servers) per answered request, microseconds. */
  cpuUs: number;
}

async function load(base: string, path: string, key = primaryKey): Promise<Figures> {
  const cpu = process.cpuUsage();
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'load.ts'),
    `--url=${base}${path}`,
    `--key=${key}`,
    `--seconds=${values.seconds}`,
    `--connections=${values.connections}`,
  ]);
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout) as { requests: number; rps: number; statuses: Record<string, number> };
  if (Object.keys(result.statuses).some((s) => s !== '200')) throw new Error(`not all 200: ${stdout}`);
  return { rps: result.rps, cpuUs: (used.user + used.system) / result.requests };
}

// On a machine with few cores the load generator competes with the server for CPU, so requests per
// second understate what a server alone could do; server CPU time per request is the steadier figure,
// and a saturated server's throughput is its inverse.
console.log(
  `Gateway cost, ${values.connections} connections, median of ${values.rounds} rounds of ${values.seconds} s`,
);
console.log(
  'operation        without gateway            with gateway               cost (CPU/request, req/s)',
);
for (const path of ['/api/FundPriceService/LatestDate', '/api/ExchangeRateService/Getfxfamily']) {
  await load(bareUrl, path); // warm-up of both, not counted
  await load(fullUrl, path);
  const without: Figures[] = [];
  const withGateway: Figures[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    without.push(await load(bareUrl, path));
    withGateway.push(await load(fullUrl, path));
  }
  const [aCpu, bCpu] = [median(without.map((f) => f.cpuUs)), median(withGateway.map((f) => f.cpuUs))];
  const [aRps, bRps] = [median(without.map((f) => f.rps)), median(withGateway.map((f) => f.rps))];
  const cell = (cpu: number, rps: number) =>
    `${cpu.toFixed(1).padStart(6)} µs ${rps.toFixed(0).padStart(7)} req/s`;
  console.log(
    `${path.split('/').at(-1)!.padEnd(16)} ${cell(aCpu, aRps)}   ${cell(bCpu, bRps)}   ` +
      `${(((bCpu - aCpu) / aCpu) * 100).toFixed(1)} %, ${(((aRps - bRps) / aRps) * 100).toFixed(1)} %`,
  );
}

// The request log's cost (docs/portal.md), for a developer's key, every call of which is logged: the
// full app with the log on (REQUEST_LOG_MAX_ROWS as set by default) against the same app with it off
// (0), CPU of this process per call, the log's batched writes included (they run here, every
// USAGE_FLUSH_MS). A second app with the log on gives the A/A spread:
// what two identical servers differ by in the same alternation.
const withLog = (maxRows: number) => buildApp({ config: { ...config, requestLogMaxRows: maxRows }, store });
const logApps = {
  'log on (A)': await withLog(config.requestLogMaxRows),
  'log off': await withLog(0),
  'log on (A2)': await withLog(config.requestLogMaxRows),
};
const logUrls = await Promise.all(
  Object.values(logApps).map((app) => app.listen({ port: 0, host: '127.0.0.1' })),
);
console.log(
  `\nRequest log (REQUEST_LOG_MAX_ROWS=${config.requestLogMaxRows} against 0, written every ${config.usageFlushMs} ms), the three in turn`,
);
for (const path of ['/api/FundPriceService/LatestDate', '/api/ExchangeRateService/Getfxfamily']) {
  for (const url of logUrls) await load(url, path, developerKey); // warm-up, not counted
  const figures: Figures[][] = logUrls.map(() => []);
  for (let round = 0; round < Number(values.rounds); round++)
    for (const [i, url] of logUrls.entries()) figures[i]!.push(await load(url, path, developerKey));
  const cpu = figures.map((f) => median(f.map((x) => x.cpuUs)));
  const rps = figures.map((f) => median(f.map((x) => x.rps)));
  const [on, off, on2] = cpu as [number, number, number];
  console.log(
    `${path.split('/').at(-1)!.padEnd(16)} ` +
      Object.keys(logApps)
        .map((name, i) => `${name} ${cpu[i]!.toFixed(1)} µs ${rps[i]!.toFixed(0)} req/s`)
        .join(', ') +
      `; the log costs ${(on - off).toFixed(1)} µs a call (${(((on - off) / off) * 100).toFixed(1)} %), ` +
      `A/A spread ${Math.abs(on - on2).toFixed(1)} µs (${((Math.abs(on - on2) / off) * 100).toFixed(1)} %)`,
  );
}
await Promise.all(Object.values(logApps).map((app) => app.close()));
await Promise.all([full.close(), bare.close()]);
data.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
