// A demo database, the market-scale one unless asked (about 2,500 funds and 33 FX families over 20
// years, deposit history), built once with the real `rates demo --scale <scale>` command and reused
// by later runs: a SQLite file in a /tmp folder named by scale and last day, like bench/import.ts's
// cached files. A key with limits far above what a benchmark sends is made at the same time, so every
// call takes the whole gateway path (lookup, rate limit, quota, usage) and is never refused.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, serviceEnv } from './cli.js';
import { recreateDatabase } from './postgres.js';

export interface Dataset {
  databaseUrl: string;
  key: string;
  /** What was done to get it, for the report. */
  note: string;
}

/**
 * `rates demo --scale <scale>` ('market' unless asked; bench:sync also syncs the 'default' demo).
 * SQLite without `postgresUrl`; otherwise that PostgreSQL database, dropped and made afresh the first
 * time. Either way a marker file in /tmp says the dataset and key are there.
 */
export async function prepareDataset(
  until: string,
  postgresUrl?: string,
  scale: 'default' | 'market' = 'market',
  /**
   * Another build's compiled command line and a name for its own copy (SQLite only): a baseline
   * cannot open a database that later migrations have changed, so it makes its dataset itself.
   */
  other?: { cli: string; name: string },
): Promise<Dataset> {
  const folder = postgresUrl
    ? join(tmpdir(), `rates-bench-postgres-${scale}-${until}-${postgresUrl.replace(/[^a-z0-9]+/gi, '_')}`)
    : join(tmpdir(), `rates-bench-sqlite-${scale}-${until}${other ? `-${other.name}` : ''}`);
  const databaseUrl = postgresUrl ?? `sqlite:${join(folder, 'rates.db')}`;
  const marker = join(folder, 'key.txt');
  if (existsSync(marker)) {
    return { databaseUrl, key: readFileSync(marker, 'utf8').trim(), note: `reused ${folder}` };
  }
  rmSync(folder, { recursive: true, force: true });
  if (postgresUrl) await recreateDatabase(postgresUrl);
  const env = serviceEnv(databaseUrl);
  // A baseline's database made by `rates migrate`, which every build has: builds between --create and
  // this one refuse to make a database for `keys create`, older ones make it unasked.
  if (other) await runCli(['migrate'], env, false, other.cli);
  // A key first: it also migrates the database, and fails fast (before a minute of generating) when
  // the URL is not usable, e.g. PostgreSQL on a version that does not support it yet.
  const created = await runCli(
    [
      'keys',
      'create',
      // A baseline's database is made above: builds older than --create do not know the option.
      ...(other ? [] : ['--create']),
      ...['--name', 'bench', '--rate', '1000000000/60', '--quota', '2000000000/day'],
    ],
    env,
    false,
    other?.cli,
  ).catch((error: Error) => {
    throw new Error(
      postgresUrl ? `--postgres: the service cannot use ${postgresUrl}\n${error.message}` : error.message,
    );
  });
  const key = created.trim().split('\n').at(-1)!.trim();
  console.log(`Generating the ${scale} dataset until ${until} into ${databaseUrl} (about a minute) ...`);
  const started = performance.now();
  await runCli(['demo', '--scale', scale, '--until', until], env, true, other?.cli);
  mkdirSync(folder, { recursive: true }); // SQLite made it already; PostgreSQL's marker needs it
  writeFileSync(marker, `${key}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  return { databaseUrl, key, note: `generated in ${seconds} s into ${folder}` };
}
