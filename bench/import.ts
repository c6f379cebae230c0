// npm run bench:import [-- --scale default|market] [--keep] [--postgres [--postgres-url URL]]
//                      [--baseline DIR [--rounds N]]
// Generates the demo dataset as import files (reused when already there), imports them into a fresh
// database (SQLite, or with --postgres a PostgreSQL database made afresh) with the real `rates import`
// command in its own process, and prints its figures. With --baseline, a checkout of another commit
// (a git worktree with node_modules) imports the same files too, alternating with this one for N
// rounds (3 by default), and the medians and their ratio are printed: the two measured in one run on
// one machine, each with the load average it ran under. On SQLite each round ends with the floor
// (bench/import-floor.ts: the same rows, from the generator, written by the import's writer alone,
// nothing read or checked), the most this machine's SQLite can take, and the import's share of it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CsvFilesTarget } from '../src/ingest/demo/files.js';
import { generateDemoInto } from '../src/ingest/demo/generate.js';
import { loadAverage } from './harness/load.js';
import { median } from './harness/median.js';
import { recreateDatabase } from './harness/postgres.js';

const args = process.argv.slice(2);
const scale = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : 'market';
if (scale !== 'default' && scale !== 'market')
  throw new Error(`--scale must be default or market, got ${scale}`);
const until = '2026-11-20'; // fixed, so the files can be reused from run to run
const files = join(tmpdir(), `rates-bench-import-${scale}-${until}`);
const done = join(files, '.complete');

if (!existsSync(done)) {
  rmSync(files, { recursive: true, force: true });
  console.log(`Generating the ${scale} dataset as files in ${files} ...`);
  const target = new CsvFilesTarget(files);
  const started = Date.now();
  const summary = await generateDemoInto(target, { scale, until });
  await target.close();
  writeFileSync(done, '');
  console.log(
    `  ${summary.counts['fund-prices']} fund prices, ${summary.counts['fx-rates']} FX rates in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} else {
  console.log(`Reusing the ${scale} dataset files in ${files}`);
}

const postgresUrl = args.includes('--postgres')
  ? args.includes('--postgres-url')
    ? args[args.indexOf('--postgres-url') + 1]!
    : 'postgres://postgres@127.0.0.1:5432/rates_bench_import'
  : undefined;
const baseline = args.includes('--baseline') ? resolve(args[args.indexOf('--baseline') + 1]!) : undefined;
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 3;
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number from 1');

interface Run {
  code: number | null;
  rate: number;
  /** Rows per second of CPU time (user and system) of the import's processes. */
  cpuRate: number;
  rss: number;
  out: string;
}

/** One import of the files into a fresh database with the `rates import` of the checkout at `root`. */
async function importWith(root: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rates-bench-db-'));
  if (postgresUrl) await recreateDatabase(postgresUrl);
  const env = {
    DATA_DIR: dataDir,
    DEMO_ON_EMPTY: 'false',
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  };
  // Made by `rates migrate` first: import refuses to make a new database without --create, which a
  // baseline checkout from before it does not know.
  execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'cli', 'main.ts'), 'migrate'], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  // Through sh, whose `times` then prints the CPU time of the import's processes: on a shared
  // machine rows per wall second measure the other jobs too, rows per CPU second much less so.
  const child = spawn(
    'sh',
    [
      '-c',
      '"$0" "$@"; status=$?; times; exit $status',
      join(root, 'node_modules', '.bin', 'tsx'),
      join(root, 'src', 'cli', 'main.ts'),
      'import',
      files,
    ],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (!args.includes('--keep')) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`(database kept in ${postgresUrl ?? dataDir})`);
  const figure = (pattern: RegExp) => Number((pattern.exec(out)?.[1] ?? 'NaN').replaceAll(',', ''));
  // `times`: the shell's user and system time, then its children's (e.g. 0m6.540s 0m0.862s).
  const [, children] = out.trimEnd().split('\n').slice(-2);
  const cpu = [...(children ?? '').matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec),
    0,
  );
  const rows = figure(/rows read\s+([\d,]+)/);
  out = out.trimEnd().split('\n').slice(0, -2).join('\n');
  return {
    code,
    out,
    rate: figure(/rows\/s\s+([\d,]+)/),
    cpuRate: cpu > 0 ? Math.round(rows / cpu) : NaN,
    rss: figure(/peak RSS\s+([\d,]+) MB/),
  };
}

const here = join(import.meta.dirname, '..');

/** SQLite alone on this machine (bench/import-floor.ts), in rows/s. */
async function floor(): Promise<{ rate: number; line: string }> {
  const child = spawn(
    join(here, 'node_modules', '.bin', 'tsx'),
    [join(here, 'bench', 'import-floor.ts'), '--scale', scale!, '--until', until],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the floor failed (exit code ${code})`);
  const line = out.trim().split('\n').at(-1)!;
  return { rate: Number((/floor: ([\d,]+)/.exec(line)?.[1] ?? 'NaN').replaceAll(',', '')), line };
}

const n = (x: number) => x.toLocaleString('en-US');
const target = postgresUrl ? '100,000 on PostgreSQL' : '500,000';

if (!baseline) {
  console.log(`Importing into a fresh database${postgresUrl ? `: ${postgresUrl}` : ''} ...`);
  const run = await importWith(here);
  console.log(run.out.trimEnd());
  console.log(
    `\nimport: ${n(run.rate)} rows/s (target ${target}), ${n(run.cpuRate)} rows per CPU second, peak RSS ${n(run.rss)} MB (target < 1,024 MB), load average ${loadAverage()}`,
  );
  if (run.code === 0 && !postgresUrl) {
    const { rate, line } = await floor();
    console.log(`${line}\nimport / floor = ${(run.rate / rate).toFixed(2)}`);
  }
  process.exit(run.code ?? 1);
}

const runs: Record<'baseline' | 'this', Run[]> = { baseline: [], this: [] };
const floors: number[] = [];
console.log(`Alternating ${rounds} round(s): baseline ${baseline}, this checkout ${here}`);
console.log('round  checkout   rows/s  rows/CPU-s   peak RSS   load average (1, 5, 15 min) before');
for (let round = 1; round <= rounds; round++) {
  for (const [name, root] of [
    ['baseline', baseline],
    ['this', here],
  ] as const) {
    const before = loadAverage();
    const run = await importWith(root);
    if (run.code !== 0) {
      console.log(run.out.trimEnd());
      throw new Error(`the import of ${name} failed (exit code ${run.code})`);
    }
    runs[name].push(run);
    console.log(
      `${String(round).padStart(5)}  ${name.padEnd(9)} ${n(run.rate).padStart(7)}  ${n(run.cpuRate).padStart(10)}  ${`${n(run.rss)} MB`.padStart(9)}   ${before}`,
    );
  }
  if (!postgresUrl) {
    const before = loadAverage();
    const { rate } = await floor();
    floors.push(rate);
    console.log(
      `${String(round).padStart(5)}  ${'floor'.padEnd(9)} ${n(rate).padStart(7)}  ${''.padStart(10)}  ${''.padStart(9)}   ${before}`,
    );
  }
}
const [old, now] = [median(runs.baseline.map((r) => r.rate)), median(runs.this.map((r) => r.rate))];
console.log(
  `\nmedian rows/s: baseline ${n(old)}, this ${n(now)} (target ${target}); this / baseline = ${(now / old).toFixed(2)}`,
);
const [oldCpu, nowCpu] = [
  median(runs.baseline.map((r) => r.cpuRate)),
  median(runs.this.map((r) => r.cpuRate)),
];
console.log(
  `median rows per CPU second: baseline ${n(oldCpu)}, this ${n(nowCpu)}; this / baseline = ${(nowCpu / oldCpu).toFixed(2)}`,
);
if (floors.length > 0) {
  const top = median(floors);
  console.log(
    `median floor (SQLite alone, bench/import-floor.ts): ${n(top)} rows/s; baseline / floor = ${(old / top).toFixed(2)}, this / floor = ${(now / top).toFixed(2)}`,
  );
}
console.log(
  `peak RSS (max): baseline ${n(Math.max(...runs.baseline.map((r) => r.rss)))} MB, this ${n(Math.max(...runs.this.map((r) => r.rss)))} MB (target < 1,024 MB)`,
);
