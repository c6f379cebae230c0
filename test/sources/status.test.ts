import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botFx } from '../../src/connectors/bot/fx.js';
import { runConnector } from '../../src/connectors/run.js';
import { runSync } from '../../src/sync/run.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cli, type CliFailure } from '../helpers/cli-in-process.js';
import { testConfig } from '../helpers/config.js';
import { databaseUrlOf } from '../helpers/store.js';
import { FAKE_TOKEN, startFakeBot, type FakeBot } from '../connectors/fake-bot.js';

// Issue 53 item 3: the sync is a source like the connectors, and an operator sees it so: one list of
// the sources with the same columns (last run, latest day held, lag, state and error) in
// `rates connect status`, /ready's `sources` and the rates_source_* gauges. The sync's and the
// connectors' own shapes stay beside it.

const DATA = { from: '2026-06-01', to: '2026-08-31' };
let fake: FakeBot;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBot(DATA);
  t = await createTestApp({ seed: false });
  // A connector's backfill that went well, and a sync whose upstream cannot be reached.
  const connector = await runConnector(t.store, botFx, {
    settings: testConfig({ botApiUrl: fake.url, botApiToken: FAKE_TOKEN }),
    since: DATA.from,
  });
  expect(connector).toMatchObject({ result: 'ok' });
  const sync = await runSync(t.store, {
    baseUrl: 'http://127.0.0.1:1',
    key: 'key',
    rate: 0,
    concurrency: 1,
    timeoutMs: 2000,
    maxAnswerBytes: 1_000_000,
    retries: 0,
    maxRetryWaitMs: 0,
    windowDays: 7,
    fundsPerBatch: 40,
  });
  expect(sync).toMatchObject({ result: 'failed' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const unreachable = expect.stringMatching(/^.*the upstream could not be reached/);
const lastDay = '2026-08-31';

describe('the sources in one list', () => {
  it('/ready lists every source with the same fields, and keeps sync and connectors', async () => {
    const ready = (await t.app.inject({ url: '/ready' })).json<Record<string, unknown>>();
    expect(ready.sources).toEqual([
      {
        source: 'sync',
        from: 'http://127.0.0.1:1',
        backfillDone: false,
        lastRunAt: expect.any(String),
        lastResult: 'failed',
        lastError: unreachable,
        lastSuccessAt: null,
        latestDate: null,
        expectedDate: null,
        lagDays: null,
        lagSeconds: null,
      },
      {
        source: 'bot-fx',
        from: expect.stringContaining('Bank of Thailand'),
        backfillDone: true,
        lastRunAt: expect.any(String),
        lastResult: 'ok',
        lastError: null,
        lastSuccessAt: expect.any(String),
        latestDate: lastDay,
        expectedDate: expect.any(String),
        lagDays: expect.any(Number),
        lagSeconds: expect.any(Number),
      },
    ]);
    expect(ready.sync).toMatchObject({
      upstream: 'http://127.0.0.1:1',
      phase: 'catalogue',
      lastResult: 'failed',
    });
    expect(ready.connectors).toEqual([
      expect.objectContaining({ connector: 'bot-fx', backfillDone: true, latestDate: lastDay }),
    ]);
  });

  it('/metrics has one family for every source, labelled source, and keeps the older names', async () => {
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    for (const line of [
      'rates_source_last_result{source="sync",result="failed"} 1',
      'rates_source_last_result{source="bot-fx",result="ok"} 1',
      'rates_source_backfill_done{source="sync"} 0',
      'rates_source_backfill_done{source="bot-fx"} 1',
      'rates_source_last_run_requests{source="sync"} 1',
      'rates_source_last_run_fetched_rows{source="sync"} 0',
      'rates_sync_last_result{result="failed"} 1',
      'rates_connector_last_result{connector="bot-fx",result="ok"} 1',
    ])
      expect(metrics.split('\n')).toContain(line);
    for (const family of ['lag_days', 'lag_seconds', 'last_run_batches', 'last_success_timestamp_seconds'])
      expect(metrics).toMatch(new RegExp(`^rates_source_${family}\\{source="bot-fx"\\} [\\d.e+]+$`, 'm'));
  });

  it('rates connect status shows every source, the sync included, with the same lines', async () => {
    const env = { DATABASE_URL: databaseUrlOf(t.store) };
    // The sync's last run failed: the exit status says so.
    const failed = (await cli(['connect', 'status'], env).catch((e: CliFailure) => e)) as CliFailure;
    expect(failed.code).toBe(1);
    const blocks = failed.stdout.trim().split(/\n(?=\S)/);
    expect(blocks.map((b) => b.split('\n')[0])).toEqual(['sync', 'bot-fx']);
    for (const block of blocks)
      for (const column of ['from', 'backfill', 'last run', 'last success', 'latest date', 'lag'])
        expect(block).toMatch(new RegExp(`^ {2}${column} +\\S`, 'm'));
    expect(blocks[0]).toMatch(/^ {2}error +.*the upstream could not be reached/m);
    expect(blocks[1]).toMatch(/^ {2}latest date +2026-08-31 \(source's expected: /m);
    expect(blocks[1]).toMatch(/^ {2}lag +\d+ release days; [\d,]+ s since the last success$/m);

    // --json exits 0, as it did before the sync was listed and as `rates sync status --json` does: the
    // answer says it (lastResult), and a script reading it is not told it failed to run.
    const json = await cli(['connect', 'status', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        source: 'sync',
        upstream: 'http://127.0.0.1:1',
        phase: 'catalogue',
        lastResult: 'failed',
        lastRun: expect.objectContaining({ result: 'failed' }),
      }),
      expect.objectContaining({
        source: 'bot-fx',
        connector: 'bot-fx',
        backfillDone: true,
        latestDate: lastDay,
        lagDays: expect.any(Number),
        lastRun: expect.objectContaining({ result: 'ok', refused: [] }),
      }),
    ]);
  });
});
