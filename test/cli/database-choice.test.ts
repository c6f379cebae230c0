import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { dropDatabase, onServer, onSqlite, processEnv } from '../helpers/store.js';

// An operator who runs a command without the server's DATA_DIR or DATABASE_URL must not get an answer
// from a new, empty database made on the spot ("Public access: closed", exit 0): the command says
// which database it uses, and one that does not exist yet is made only when asked.

const dir = mkdtempSync(join(tmpdir(), 'rates-database-choice-'));
const made: string[] = [];
afterAll(async () => {
  for (const url of made) await dropDatabase(url);
  rmSync(dir, { recursive: true, force: true });
});

/** Settings naming a database nobody has made yet: a SQLite file not there, or an empty schema. */
async function newPlace(name: string): Promise<{ env: Record<string, string>; where: string }> {
  const folder = join(dir, name);
  const env = await processEnv(folder);
  if (env.DATABASE_URL) made.push(env.DATABASE_URL);
  return { env, where: env.DATABASE_URL ?? join(folder, 'rates.db') };
}

/** Whether anything of the service was made there. */
async function madeAnything(place: { env: Record<string, string>; where: string }): Promise<boolean> {
  if (onSqlite) return existsSync(place.where);
  const schema = /search_path=(t_[a-z0-9_]+)/.exec(decodeURIComponent(place.where))![1];
  const { rows } = await onServer((c) =>
    c.query('select count(*)::int as n from information_schema.tables where table_schema = $1', [schema]),
  );
  return (rows[0] as { n: number }).n > 0;
}

const failure = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error('the command succeeded');
    },
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('which database a CLI command uses', () => {
  it('refuses to make a new, empty database for a command on subscriptions, access or data, and says where it looked', async () => {
    const place = await newPlace('none');
    const data = join(dir, 'funds.csv');
    writeFileSync(data, 'fund_id,fund_code,name_en\n');
    const commands = [
      ['public-access', 'show'],
      ['keys', 'list'],
      ['keys', 'create', '--name', 'partner'],
      ['admin-token', 'create', '--name', 'publisher'],
      ['import', data, '--type', 'funds'],
      ['history', 'fund-price', '--fund', '1', '--date', '2025-01-02'],
    ];
    const results = await Promise.all(commands.map((args) => failure(cli(args, place.env))));
    for (const [i, { code, stdout, stderr }] of results.entries()) {
      const args = commands[i];
      expect({ args, code, stdout }).toEqual({ args, code: 1, stdout: '' });
      expect(stderr).toContain(onSqlite ? place.where : 'search_path');
      expect(stderr).toContain('--create');
    }
    expect(await madeAnything(place)).toBe(false);
  }, 120_000);

  it('makes the database when asked with --create, and every command names the database on stderr', async () => {
    const place = await newPlace('asked');
    const made = await cli(['public-access', 'show', '--create'], place.env);
    expect(made.stdout).toContain('Public access: closed');
    expect(await madeAnything(place)).toBe(true);
    const listed = await cli(['keys', 'list'], place.env);
    for (const { stderr } of [made, listed]) {
      const line = stderr.split('\n').find((l) => l.startsWith('Database: '));
      expect(line).toBeDefined();
      if (onSqlite) expect(line).toBe(`Database: ${place.where}`);
      else expect(line).toContain('search_path');
    }
  }, 120_000);

  it('lets migrate and demo make a new database, as they are meant to, and names it', async () => {
    const place = await newPlace('migrated');
    const { stderr } = await cli(['migrate'], place.env);
    expect(stderr).toMatch(/^Database: /m);
    expect(await madeAnything(place)).toBe(true);
    const other = await newPlace('demo');
    const demo = await cli(['demo', '--until', '2014-01-31'], other.env);
    expect(demo.stderr).toMatch(/^Database: /m);
    expect(demo.stdout).toContain('Generated');
  }, 120_000);

  it('names a PostgreSQL database without its password', async () => {
    // Nothing listens on port 1: the command fails to connect, after saying where it went.
    const { stderr } = await failure(
      cli(['keys', 'list'], { DATABASE_URL: 'postgres://operator:s3cret-word@127.0.0.1:1/rates' }),
    );
    expect(stderr).toContain('Database: postgres://operator:***@127.0.0.1:1/rates');
    expect(stderr).not.toContain('s3cret-word');
  });
});
