import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { dropDatabase, newDatabaseUrl } from '../helpers/store.js';

// The portal's operator commands (rates products, developers, subscriptions) as an operator runs them:
// each in its own process on one database, mail to the outbox folder (no SMTP_URL).

// Several processes a test, each some seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'rates-cli-portal-'));
let env: Record<string, string>;

/** Runs a command; its output, or what it said when it failed. */
const rates = async (...args: string[]) => {
  try {
    const { stdout } = await cli(args, env);
    return { ok: true, out: stdout };
  } catch (error) {
    const { stderr, code } = error as { stderr: string; code: number };
    return { ok: false, out: stderr, code };
  }
};

describe('rates products, developers and subscriptions', () => {
  beforeAll(async () => {
    env = { DATABASE_URL: await newDatabaseUrl(dir, 'portal.db'), DATA_DIR: dir, DEMO_ON_EMPTY: 'false' };
    expect((await rates('migrate')).ok).toBe(true);
  });
  afterAll(async () => {
    await dropDatabase(env.DATABASE_URL!);
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates, changes, publishes and lists a product', async () => {
    const created = await rates(
      ...['products', 'create', '--name', 'Partner', '--groups', 'FundPriceService,nav'],
      ...['--rate', '100/60', '--quota', '5000/day', '--approval', '--per-developer', '2', '--json'],
    );
    expect(created.ok).toBe(true);
    const product = JSON.parse(created.out);
    expect(product).toMatchObject({
      name: 'Partner',
      groups: ['FundPriceService', 'nav'],
      rateLimit: { calls: 100, seconds: 60 },
      approval: true,
      perDeveloper: 2,
      published: false,
    });
    expect((await rates('products', 'update', String(product.id), '--per-developer', '3')).ok).toBe(true);
    expect((await rates('products', 'publish', String(product.id))).ok).toBe(true);
    const listed = JSON.parse((await rates('products', 'list', '--json')).out);
    expect(listed.find((p: { id: number }) => p.id === product.id)).toMatchObject({
      perDeveloper: 3,
      published: true,
    });
  });

  it.each([['0'], ['-3'], ['1.5'], ['abc'], ['1001']])(
    'refuses --per-developer %s with the rule, storing nothing',
    async (value) => {
      const before = JSON.parse((await rates('products', 'list', '--json')).out).length;
      const refused = await rates('products', 'create', '--name', `bad ${value}`, '--per-developer', value);
      expect(refused.ok).toBe(false);
      expect(refused.out).toContain('per developer: expected a whole number from 1 to 1000');
      expect(refused.out).not.toMatch(/constraint|SQLITE|violates/i);
      expect(JSON.parse((await rates('products', 'list', '--json')).out)).toHaveLength(before);
    },
  );

  it('invites by mail, says an unknown developer by id, and has nothing pending', async () => {
    expect((await rates('developers', 'invite', 'new.dev@example.test', '--lang', 'th')).ok).toBe(true);
    const outbox = join(dir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(mails.some((m) => /^To: new\.dev@example\.test$/m.test(m))).toBe(true);
    expect(JSON.parse((await rates('developers', 'list', '--json')).out)).toEqual([]);
    const unknown = await rates('developers', 'show', '99');
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.out).toContain('Developer 99 was not found');
    expect(JSON.parse((await rates('subscriptions', 'pending', '--json')).out)).toEqual([]);
  });

  it('refuses to give a subscription to a developer who does not exist', async () => {
    expect((await rates('keys', 'create', '--name', 'contract')).ok).toBe(true);
    const listed = JSON.parse((await rates('keys', 'list', '--json')).out) as { id: number; name: string }[];
    const { id } = listed.find((s) => s.name === 'contract')!;
    const refused = await rates('keys', 'update', String(id), '--developer', '424242');
    expect(refused.ok).toBe(false);
    expect(refused.out).toContain('Developer 424242 was not found');
  });
});
