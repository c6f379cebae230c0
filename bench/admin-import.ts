// npm run bench:admin-import [-- --compiled]
// What an admin-API import does to the API beside it (issue 21, item 7). Starts the service (`rates
// serve`, as in production) on a temporary SQLite database with the demo data, then drives API calls
// (a cached GET and an uncached POST, a few clients without pause) three times: with no import (the
// baseline), while a ~15 MB CSV of fund prices is posted to /admin/batches, and while a ~50 MB one
// is. Prints the API latency (p50/p99/max) of each phase, its failed calls, and the server's RSS.
import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { runCli, serviceEnv } from './harness/cli.js';
import { ensureCompiledBuild, startService, type Service } from './harness/service.js';

// A steady load, not a flood: each client waits PAUSE_MS between its calls, so latency shows stalls
// of the server rather than its queue under more calls than it can take.
const CLIENTS = 2;
const PAUSE_MS = 5;
const BASELINE_MS = 4000;

const dir = mkdtempSync(join(tmpdir(), 'rates-bench-admin-import-'));
const databaseUrl = `sqlite:${join(dir, 'rates.db')}`;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

// The answer cache keeps the GET's answer until a batch commits; GetNavByFundCode is never cached.
const cached: Call = { method: 'GET', path: '/api/FundPriceService/LatestDate' };
const uncached: Call = {
  method: 'POST',
  path: '/api/FundPriceService/GetNavByFundCode/2025-11-20/2026-11-20?fundCode=101',
  body: '{}',
};

interface Sample {
  ms: number;
  ok: boolean;
}

try {
  const { key, token } = await prepareDemo();
  const codes = fundCodes();
  const small = writeCsv('prices-15mb.csv', codes, 15e6);
  const large = writeCsv('prices-50mb.csv', codes, 50e6);

  // --compiled: the service as published (node dist/cli/main.js), its import worker compiled too.
  const compiled = process.argv.includes('--compiled');
  if (compiled) ensureCompiledBuild();
  const service = await startService(databaseUrl, { path: cached.path, key }, { compiled });
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 1 });
  const rows: string[][] = [
    ['phase', 'calls', 'failed', 'p50 ms', 'p99 ms', 'max ms', 'loop max ms', 'peak RSS MB', 'import'],
  ];
  const phase = async (name: string, work: () => Promise<string>) => {
    await loopDelayMaxMs(service.url); // the server's measure starts afresh with each reading
    const { samples, peakRssMb, outcome } = await underLoad(service, agent, key, work);
    const loopMaxMs = await loopDelayMaxMs(service.url);
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? 0;
    rows.push([
      name,
      String(all.length),
      String(samples.filter((s) => !s.ok).length),
      at(0.5).toFixed(1),
      at(0.99).toFixed(1),
      (all.at(-1) ?? 0).toFixed(1),
      loopMaxMs.toFixed(0),
      peakRssMb.toFixed(0),
      outcome,
    ]);
  };
  // Warm-up (JIT, statements, caches), not counted.
  await underLoad(service, agent, key, () => new Promise((resolve) => setTimeout(() => resolve(''), 2000)));
  await phase('no import', async () => {
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    return '';
  });
  await phase(`import ${mb(small)} MB`, () => upload(service.url, token, small));
  await phase(`import ${mb(large)} MB`, () => upload(service.url, token, large));
  agent.destroy();
  await service.stop();
  printTable(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The demo database with a key and an admin token, made once with the real commands (about 45 s)
 * into a folder of /tmp named by the day, then copied for each run.
 */
async function prepareDemo(): Promise<{ key: string; token: string }> {
  const cache = join(tmpdir(), `rates-bench-admin-import-demo-${new Date().toISOString().slice(0, 10)}`);
  const credentials = join(cache, 'credentials.json');
  if (!existsSync(credentials)) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    const env = serviceEnv(`sqlite:${join(cache, 'rates.db')}`, { DATA_DIR: cache });
    console.log(`Preparing the demo database in ${cache} (once a day, about 45 s) ...`);
    const lastLine = (out: string) => out.trim().split('\n').at(-1)!.trim();
    const key = lastLine(
      await runCli(['keys', 'create', '--create', '--name', 'bench', '--rate', '1000000000/60'], env),
    );
    await runCli(['demo'], env);
    const token = lastLine(await runCli(['admin-token', 'create', '--name', 'bench'], env));
    await runCli(['backup', join(cache, 'demo.db')], env);
    // One file to copy: no WAL beside it (the service turns WAL on again when it opens the copy).
    const copy = new SQLite(join(cache, 'demo.db'));
    copy.pragma('journal_mode = DELETE');
    copy.close();
    writeFileSync(credentials, JSON.stringify({ key, token }));
  }
  copyFileSync(join(cache, 'demo.db'), join(dir, 'rates.db'));
  return JSON.parse(readFileSync(credentials, 'utf8')) as { key: string; token: string };
}

function mb(path: string): number {
  return Math.round(statSync(path).size / 1e6);
}

function fundCodes(): string[] {
  const db = new SQLite(join(dir, 'rates.db'), { readonly: true });
  try {
    return (db.prepare('select code from funds order by id').all() as { code: string }[]).map((f) => f.code);
  } finally {
    db.close();
  }
}

/** Fund prices on days before the demo's history (all new rows), every fund each day, to `bytes`. */
function writeCsv(name: string, codes: string[], bytes: number): string {
  const lines = ['fund,date,nav,offer,redemption'];
  let size = 0;
  const day = new Date(Date.UTC(1900, 0, 1));
  for (let d = 0; size < bytes; d++) {
    const date = new Date(day.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    for (const code of codes) {
      const line = `${code},${date},${(10 + (d % 500) / 100).toFixed(4)},${(11 + (d % 500) / 100).toFixed(4)},10.0000`;
      lines.push(line);
      size += line.length + 1;
    }
  }
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Calls the API from CLIENTS clients without pause while `work` runs; samples the server's RSS. */
async function underLoad(
  service: Service,
  agent: Agent,
  key: string,
  work: () => Promise<string>,
): Promise<{ samples: Sample[]; peakRssMb: number; outcome: string }> {
  const samples: Sample[] = [];
  let running = true;
  let peakRssMb = service.memory().rssMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, service.memory().rssMb)), 50);
  const client = async (n: number) => {
    for (let i = n; running; i++) {
      samples.push(await call(service.url, agent, key, i % 2 ? cached : uncached));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  const outcome = await work();
  running = false;
  await Promise.all(clients);
  clearInterval(sampler);
  return { samples, peakRssMb: Math.max(peakRssMb, service.memory().rssMb), outcome };
}

function call(url: string, agent: Agent, key: string, c: Call): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}${c.path}`,
      {
        method: c.method,
        agent,
        headers: {
          'ocp-apim-subscription-key': key,
          ...(c.body !== undefined && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
      },
    );
    req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
    req.end(c.body);
  });
}

/** Posts the file to /admin/batches as it is read; resolves with the answer's status and timing. */
function upload(url: string, token: string, path: string): Promise<string> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/admin/batches?type=fund-prices`,
      {
        method: 'POST',
        // A connection of its own: a kept-alive one the server closes as it is reused hangs up.
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
          'content-length': statSync(path).size,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          const report = JSON.parse(body) as { status?: string; rowsRead?: number; message?: string };
          resolve(
            `${res.statusCode} ${report.status ?? report.message} ${report.rowsRead ?? ''} rows in ${seconds} s`,
          );
        });
      },
    );
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
}

/**
 * The longest the server's event loop was held since the last reading (Node's own measure, through
 * /metrics): tells a blocked loop from a process the machine left waiting for a core.
 */
async function loopDelayMaxMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? Number.NaN) * 1000;
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}
