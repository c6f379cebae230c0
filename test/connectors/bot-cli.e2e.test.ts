import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliProcess, startServer } from '../helpers/cli.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { databaseUrlOf, processEnv } from '../helpers/store.js';
import { CURRENCIES, FAKE_TOKEN, FX_PATH, startFakeBot, type FakeBot } from './fake-bot.js';

// The operator's side of issue 46: `rates connect` as a command (a line per batch off a terminal, a
// summary, status), stopped by a kill and run again, its dry run, and the connectors as jobs of
// `rates serve` (CONNECTORS) in /ready and /metrics. The token never shows.

const DATA = { from: '2026-06-01', to: '2026-08-31' };
let fake: FakeBot;
let t: TestApp | undefined;
const dir = mkdtempSync(join(tmpdir(), 'connect-cli-'));
beforeAll(async () => {
  fake = await startFakeBot(DATA);
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  fake.requests.length = 0;
});

const botEnv = { BOT_API_TOKEN: FAKE_TOKEN, CONNECT_RETRIES: '1' };
const envOf = (app: TestApp) => ({
  ...botEnv,
  BOT_API_URL: fake.url,
  DATABASE_URL: databaseUrlOf(app.store),
});
const usd = async (app: TestApp) =>
  (
    await app.app.inject({
      url: `/api/ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/USD/en`,
      headers: { 'ocp-apim-subscription-key': app.key },
    })
  ).json() as { Ddate: string }[];
const fxAnswered = () =>
  fake.requests.filter((r) => r.path === FX_PATH && r.status === 200).map((r) => r.from);

describe('rates connect (command)', () => {
  it('killed in the middle, runs again from where it stopped: nothing fetched twice, nothing half-published', async () => {
    t = await createTestApp({ seed: false });
    const env = envOf(t);
    // The third window's answer never comes; the run is killed while it waits.
    fake.fail('hang', FX_PATH, 2);
    const child = cliProcess(['connect', 'bot-fx', '--since', DATA.from], env);
    fake.onHang = () => child.kill('SIGKILL');
    await once(child, 'exit');
    fake.onHang = undefined;
    const done = fxAnswered();
    expect(done).toHaveLength(2);
    // Two whole windows published, nothing of the third.
    const held = await usd(t);
    const lastHeld = fake.requests.filter((r) => r.path === FX_PATH && r.status === 200)[1]!.to;
    expect(held.length).toBe(fake.fxDetail(DATA.from, lastHeld).length / CURRENCIES.length);

    const { stdout, stderr } = await cli(['connect', 'bot-fx', '--since', DATA.from], env);
    expect(stdout).toMatch(/^bot-fx done\.$/m);
    for (const figure of [
      'windows',
      'requests',
      'fetched',
      'published',
      'unchanged',
      'refused',
      'time',
      'rows/s',
    ])
      expect(stdout).toMatch(new RegExp(`^  ${figure.replace('/', '\\/')}\\s+[\\d,.]+`, 'm'));
    // Off a terminal, a line per window.
    expect(stderr).toMatch(/^2026-08-02 to 2026-09-01: batch \d+: \d+ fetched, \d+ new/m);
    const answered = fxAnswered();
    expect(new Set(answered).size).toBe(answered.length);
    // The app sees another process's batches at its next poll of the data version (250 ms): until
    // then it may answer from its cache of the first read.
    await expect
      .poll(async () => (await usd(t!)).length)
      .toBe(fake.fxDetail(DATA.from, DATA.to).length / CURRENCIES.length);
    expect(`${stdout}${stderr}`).not.toContain(FAKE_TOKEN);

    const status = JSON.parse((await cli(['connect', 'status', '--json'], env)).stdout) as Record<
      string,
      unknown
    >[];
    expect(status).toEqual([
      expect.objectContaining({
        connector: 'bot-fx',
        backfillDone: true,
        lastResult: 'ok',
        lastError: null,
        latestDate: [...fake.fxDetail(DATA.from, DATA.to)][0]!.period,
        lagDays: expect.any(Number),
      }),
    ]);
    expect((await cli(['connect', 'status'], env)).stdout).toMatch(
      /^ {2}latest date\s+2026-08-31 \(source's expected: /m,
    );
  }, 120_000);

  it('--dry-run --out writes import files a window per folder, publishes nothing, and rates import takes them', async () => {
    const app = (t = await createTestApp({ seed: false }));
    const env = envOf(app);
    const out = join(dir, 'dry');
    const { stdout } = await cli(['connect', 'bot-fx', '--since', DATA.from, '--dry-run', '--out', out], env);
    expect(stdout).toMatch(/^bot-fx \(dry run\) done\.$/m);
    expect(await usd(t)).toEqual([]);
    const folders = readdirSync(out).sort();
    expect(folders[0]).toMatch(/^0001-2026-06-01_2026-07-01$/);
    const first = join(out, folders[0]!);
    expect(readdirSync(first).sort()).toEqual(['fx-families.csv', 'fx-rates.csv']);
    expect(readFileSync(join(first, 'fx-rates.csv'), 'utf8').split('\n')[0]).toBe(
      'family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt',
    );
    await cli(['import', first], env);
    // Imported by another process: the app's cached empty answer goes once it sees the new batch.
    await expect
      .poll(async () => (await usd(app)).length, { timeout: 15_000 })
      .toBe(fake.fxDetail(DATA.from, '2026-07-01').length / CURRENCIES.length);
  }, 120_000);
});

describe('CONNECTORS (rates serve)', () => {
  it.each(['1', '2'])(
    'rates serve (WORKERS=%s) runs bot-fx in the background, logs each batch, and tells it in /ready and /metrics',
    async (workers) => {
      const env = {
        ...(await processEnv(join(dir, `serve-${workers}`))),
        ...botEnv,
        BOT_API_URL: fake.url,
        WORKERS: workers,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        CONNECTORS: 'bot-fx',
      };
      // A key first: the store is not empty, so no demo dataset is loaded.
      await cli(['keys', 'create', '--name', 'reader', '--create'], env);
      const server = await startServer(env);
      try {
        type Ready = {
          connectors?: { connector: string; lastResult: string | null; latestDate: string | null }[];
        };
        let ready: Ready = {};
        while (
          ready.connectors?.[0]?.lastResult !== 'ok' ||
          !server.output().includes('"msg":"bot-fx done"')
        ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          ready = (await (await fetch(`${server.url}/ready`)).json()) as Ready;
          expect(ready.connectors?.[0]?.lastResult ?? null).not.toBe('failed');
        }
        expect(ready.connectors![0]).toMatchObject({ connector: 'bot-fx', latestDate: '2026-08-31' });
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toMatch(/^rates_connector_last_result\{connector="bot-fx",result="ok"\} 1$/m);
        const batches = Number(
          /^rates_connector_last_run_batches\{connector="bot-fx"\} (\d+)$/m.exec(metrics)?.[1],
        );
        expect(batches).toBeGreaterThan(1);
        const lines = server
          .output()
          .split('\n')
          .filter((l) => /"msg":"bot-fx: \S+ to \S+: batch /.test(l));
        expect(lines).toHaveLength(batches);
        expect(server.output()).not.toContain(FAKE_TOKEN);
        expect(metrics).not.toContain(FAKE_TOKEN);
      } finally {
        server.child.kill('SIGTERM');
        await once(server.child, 'exit');
      }
    },
    240_000,
  );
});
