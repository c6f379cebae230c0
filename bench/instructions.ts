// npm run bench:instructions [-- --calls 10000 --only LatestDate,GetDepositRate --log-level warn]
// Instructions per cached call, of the service and of the ceiling (bench/harness/ceiling.ts), counted
// by valgrind's callgrind in each server's process. Requests/s on a shared machine swing by a tenth
// and more from one run to the next; these counts repeat within about 3 %, so a change of a few
// thousand instructions per call shows. They leave out what requests/s also pays: the kernel, cache
// misses, waking the load generator. Needs valgrind (Debian: apt-get install valgrind).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { captureAnswers } from './harness/ceiling.js';
import { COMPILED_CLI, ROOT, serviceEnv, spawnStopped } from './harness/cli.js';
import { prepareDataset } from './harness/dataset.js';
import { OPERATIONS, UNTIL, selected, type BenchRequest } from './harness/requests.js';
import { ensureCompiledBuild, freePort, settle, startService } from './harness/service.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '10000' },
    only: { type: 'string', default: 'LatestDate,Fund_Nav_ByFundCode,GetDepositRate' },
    // The service's LOG_LEVEL: warn counts the calls without the access log.
    'log-level': { type: 'string', default: 'info' },
  },
});
const PARTS = 5;
const calls = Number(values.calls);
if (!(Number.isInteger(calls) && calls >= PARTS && calls % PARTS === 0)) {
  throw new Error(`--calls must be a positive multiple of ${PARTS}`);
}

/** Instructions per call: in the part counted with the fewest, and over all of them. */
interface Count {
  fewest: number;
  mean: number;
}
const operations = selected(OPERATIONS, values.only).filter((o) => !o.uncacheable && o.requests.length === 1);
if (operations.length === 0) throw new Error('--only names no cached single-call operation');
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is not installed (Debian: apt-get install valgrind)');
  process.exit(1);
}

const dataset = await prepareDataset(UNTIL);
ensureCompiledBuild();
const probe = { path: '/api/FundPriceService/LatestDate', key: dataset.key };
const requests: BenchRequest[] = operations.map((o) => ({
  ...o.requests[0]!,
  headers: { ...o.requests[0]!.headers, 'ocp-apim-subscription-key': dataset.key, 'accept-encoding': 'gzip' },
}));
const work = mkdtempSync(join(tmpdir(), 'rates-bench-instructions-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// The ceiling answers with what the service answered.
const native = await startService(dataset.databaseUrl, probe, { compiled: true });
const answersFile = join(work, 'answers.json');
writeFileSync(answersFile, JSON.stringify(await captureAnswers(native.url, requests)));
await native.stop();

const servicePort = await freePort();
const ceilingPort = await freePort();
const counted = {
  service: await countPerCall(
    [COMPILED_CLI, 'serve'],
    serviceEnv(dataset.databaseUrl, {
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      LOG_LEVEL: values['log-level'],
      // Under valgrind every call is many times slower: load shedding would refuse the counted calls.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    servicePort,
  ),
  ceiling: await countPerCall(
    ['--import', 'tsx', join(ROOT, 'bench', 'harness', 'ceiling-server.ts'), answersFile],
    { ...process.env, CEILING_PORT: String(ceilingPort) },
    ceilingPort,
  ),
};

console.log(
  `Instructions per cached call (callgrind), ${calls.toLocaleString('en-US')} calls each over 4 keep-alive ` +
    `connections after a warm-up, counted in ${PARTS} parts: the part with the fewest, and the means of all; ` +
    `what the servers do while idle (timers) is left out; LOG_LEVEL=${values['log-level']}; node ${process.version}`,
);
const rows = [['operation', 'service', 'ceiling', 'service/ceiling', 'service - ceiling', 'means']];
operations.forEach((o, i) => {
  const [service, ceiling] = [counted.service[i]!, counted.ceiling[i]!];
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  rows.push([
    o.name,
    int(service.fewest),
    int(ceiling.fewest),
    (service.fewest / ceiling.fewest).toFixed(2),
    int(service.fewest - ceiling.fewest),
    `${int(service.mean)}, ${int(ceiling.mean)}`,
  ]);
});
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const row of rows) {
  console.log(
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
  );
}

/**
 * Starts `node <args>` under callgrind with its counting off, warms it up (the JIT compiles the hot
 * paths), then counts each operation's calls in turn, less what the process does in the same time
 * while idle. Resolves with instructions per call, in the order of `operations`.
 */
async function countPerCall(args: string[], serverEnv: NodeJS.ProcessEnv, port: number): Promise<Count[]> {
  const url = `http://127.0.0.1:${port}`;
  const out = join(work, `callgrind-${port}`);
  // valgrind's vgdb names its pipes after USER and HOST: the same values for callgrind_control.
  const env = { ...serverEnv, USER: 'bench', HOST: '127.0.0.1' };
  // Garbage collection on the main thread, so that it is counted the same way in every run.
  const valgrind = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}.%p`];
  const node = [process.execPath, '--single-threaded-gc', ...args];
  const child = spawnStopped('valgrind', [...valgrind, ...node], { env, stdio: 'ignore' });
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`the server under valgrind exited (${code})`))),
  );
  exited.catch(() => undefined); // it ends when stopped below, with nobody waiting any more
  const control = (...command: string[]) =>
    execFileSync('callgrind_control', [...command, String(child.pid)], { env, stdio: 'ignore' });
  try {
    await Promise.race([settle(url, probe), exited]);
    for (const r of requests) await Promise.race([sequentialCalls(url, r, 30_000), exited]);
    control('--instr=on');
    const idle = await countDuring(control, out, () => new Promise((resolve) => setTimeout(resolve, 5000)));
    // Each operation's calls are counted in five parts; the part with the fewest is kept, the mean
    // printed beside it. Marking and compacting the old generation (the market-scale caches live
    // there) comes now and then, over one part or several, and would otherwise decide the figure.
    const perCall: Count[] = [];
    for (const r of requests) {
      const parts: number[] = [];
      for (let part = 0; part < PARTS; part++) {
        const busy = await countDuring(control, out, () =>
          Promise.race([sequentialCalls(url, r, calls / PARTS), exited]),
        );
        parts.push((busy.instructions - (idle.instructions / idle.ms) * busy.ms) / (calls / PARTS));
      }
      perCall.push({ fewest: Math.min(...parts), mean: parts.reduce((a, b) => a + b) / PARTS });
    }
    return perCall;
  } finally {
    // Gone before the next server starts: freePort may hand that one the same port.
    child.kill('SIGTERM');
    await exited.catch(() => undefined);
  }
}

/** Instructions counted while `run` runs (counters zeroed before, dumped after), and its duration. */
async function countDuring(
  control: (...command: string[]) => void,
  out: string,
  run: () => Promise<unknown>,
): Promise<{ instructions: number; ms: number }> {
  const before = new Set(dumps(out));
  control('--zero');
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  control('--dump');
  const file = dumps(out).find((f) => !before.has(f));
  if (!file) throw new Error('callgrind wrote no dump');
  const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(file, 'utf8'));
  return { instructions: Number(totals?.[1] ?? Number.NaN), ms };
}

function dumps(out: string): string[] {
  const prefix = out.split('/').at(-1)!;
  return readdirSync(work)
    .filter((f) => f.startsWith(prefix))
    .map((f) => join(work, f));
}

/** `count` calls of `r`, four at a time over keep-alive connections; fails on an answer other than 2xx. */
async function sequentialCalls(url: string, r: BenchRequest, count: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let sent = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request(`${url}${r.path}`, { method: r.method, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          (res.statusCode ?? 0) >= 300 ? reject(new Error(`${r.path}: ${res.statusCode}`)) : resolve(),
        );
      });
      req.on('error', reject).end(r.body);
    });
  const client = async () => {
    while (sent < count) {
      sent += 1;
      await one();
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  agent.destroy();
}
