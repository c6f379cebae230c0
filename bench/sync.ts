// npm run bench:sync [-- --only demo|market] [--postgres-url postgres://... (B on PostgreSQL)]
//
// `rates sync` (issue 22) from a local A, started as in production (`rates serve`), into an empty B,
// with the real command in a process of its own: the demo dataset, then the market-scale dataset
// (about 2,500 funds over 20 years, made once and reused, bench/harness/dataset.ts). Prints rows/s,
// requests and time of the first full sync, and of a second sync right after (nothing new: the
// baseline of what a scheduled run costs), against the target: a first market-scale sync under
// 10 minutes on this machine. The load average is printed too: the machine may be shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCli, serviceEnv } from './harness/cli.js';
import { prepareDataset, type Dataset } from './harness/dataset.js';
import { loadAverage } from './harness/load.js';
import { recreateDatabase } from './harness/postgres.js';
import { UNTIL } from './harness/requests.js';
import { startService } from './harness/service.js';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'postgres-url': { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
});
const TARGET_S = 600;

interface Figures {
  seconds: number;
  requests: number;
  rows: number;
  batches: number;
}

/** Runs `rates sync` into B and reads its summary. */
async function syncOnce(from: string, key: string, databaseUrl: string): Promise<Figures> {
  const started = performance.now();
  const out = await runCli(
    ['sync', '--from', from, '--rate', '0', '--concurrency', values.concurrency!],
    serviceEnv(databaseUrl, { SYNC_KEY: key }),
  );
  const seconds = (performance.now() - started) / 1000;
  const figure = (name: string) =>
    Number(new RegExp(`^\\s+${name}\\s+([\\d,]+)`, 'm').exec(out)?.[1]?.replace(/,/g, '') ?? NaN);
  return { seconds, requests: figure('requests'), rows: figure('rows read'), batches: figure('batches') };
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const line = (what: string, f: Figures) =>
  `${what.padEnd(28)} ${f.seconds.toFixed(1).padStart(8)} s ${n(f.requests).padStart(9)} requests ` +
  `${n(f.rows).padStart(12)} rows ${n(f.rows / f.seconds).padStart(9)} rows/s ${String(f.batches).padStart(5)} batches`;

async function bench(name: string, dataset: Dataset): Promise<Figures> {
  // At market scale a start on a loaded machine takes more than the harness's usual minute.
  const a = await startService(
    dataset.databaseUrl,
    { path: '/api/FundPriceService/LatestDate', key: dataset.key },
    // A sheds calls (503) when its event loop lags; on a machine shared with other work that measures
    // the other work, so it is off here (B waits as asked when it is on: test/sync/faults.test.ts).
    { startupTimeoutMs: 600_000, settings: { MAX_EVENT_LOOP_DELAY_MS: '0' } },
  );
  const dir = mkdtempSync(join(tmpdir(), 'rates-bench-sync-'));
  const postgres = values['postgres-url'];
  if (postgres) await recreateDatabase(postgres);
  const b = postgres ?? `sqlite:${join(dir, 'b.db')}`;
  try {
    console.log(
      `${name}: A ${a.url} on ${dataset.databaseUrl}; B on ${postgres ? 'PostgreSQL' : b}; load ${loadAverage()}`,
    );
    const cpuBefore = a.cpuSeconds();
    const first = await syncOnce(a.url, dataset.key, b);
    console.log(
      line(`${name} first sync`, first) + `  (A's CPU ${(a.cpuSeconds() - cpuBefore).toFixed(0)} s)`,
    );
    const again = await syncOnce(a.url, dataset.key, b);
    console.log(line(`${name} next sync (nothing new)`, again));
    return first;
  } finally {
    await a.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`bench:sync on ${cpus().length} cores, load average ${loadAverage()}`);
if (values.only !== 'market') await bench('demo', await prepareDataset(UNTIL, undefined, 'default'));
if (values.only !== 'demo') {
  const market = await prepareDataset(UNTIL);
  const first = await bench('market', market);
  console.log(
    `market first sync: ${first.seconds.toFixed(0)} s against the target of ${TARGET_S} s: ` +
      `${first.seconds < TARGET_S ? 'met' : 'NOT met'} (load average now ${loadAverage()})`,
  );
}
