// npm run bench:import [-- --scale default|market] [--keep] [--postgres [--postgres-url URL]]
// Generates the demo dataset as import files (reused when already there), imports them into a fresh
// database (SQLite, or with --postgres a PostgreSQL database made afresh) with the real `rates import`
// command in its own process, and prints its figures.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvFilesTarget } from '../src/ingest/demo/files.js';
import { generateDemoInto } from '../src/ingest/demo/generate.js';
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
    `  ${summary.fundPrices} fund prices, ${summary.fxRates} FX rates in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} else {
  console.log(`Reusing the ${scale} dataset files in ${files}`);
}

const postgresUrl = args.includes('--postgres')
  ? args.includes('--postgres-url')
    ? args[args.indexOf('--postgres-url') + 1]!
    : 'postgres://postgres@127.0.0.1:5432/rates_bench_import'
  : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'rates-bench-db-'));
if (postgresUrl) await recreateDatabase(postgresUrl);
console.log(`Importing into a fresh database: ${postgresUrl ?? dataDir} ...`);
const root = join(import.meta.dirname, '..');
const child = spawn(
  join(root, 'node_modules', '.bin', 'tsx'),
  [join(root, 'src', 'cli', 'main.ts'), 'import', files],
  {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_ON_EMPTY: 'false',
      ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  },
);
let out = '';
child.stdout.on('data', (c: Buffer) => (out += c.toString()));
const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
console.log(out.trimEnd());
if (!args.includes('--keep')) rmSync(dataDir, { recursive: true, force: true });
const rate = /rows\/s\s+([\d,]+)/.exec(out)?.[1];
const rss = /peak RSS\s+([\d,]+) MB/.exec(out)?.[1];
const target = postgresUrl ? '100,000 on PostgreSQL' : '200,000';
console.log(`\nimport: ${rate} rows/s (target ${target}), peak RSS ${rss} MB (target < 1,024 MB)`);
process.exit(code ?? 1);
