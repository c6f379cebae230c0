import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { botFx } from '../../src/connectors/bot/fx.js';
import { runConnector } from '../../src/connectors/run.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { dataDays, FAKE_TOKEN, startFakeBot, type FakeBot } from './fake-bot.js';

// Issue 53, item 3: what the latest attack round found in the connectors, against the fake BOT: a
// field of the wrong type, a huge value in every refused row, two conflicting rows for one day.

const DATA = { from: '2026-06-01', to: '2026-06-30' };
/** The first window of a run from DATA.from: 31 days. */
const WINDOW = `${DATA.from} to 2026-07-01`;

let fake: FakeBot;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeBot(DATA, 2000);
});
afterAll(async () => fake?.close());
afterEach(async () => {
  await t?.close();
  fake.requests.length = 0;
  fake.corrections.clear();
});

const run = () =>
  runConnector(t.store, botFx, {
    settings: testConfig({
      botApiUrl: fake.url,
      botApiToken: FAKE_TOKEN,
      connectRetries: 0,
      connectTimeoutMs: 1000,
    }),
    since: DATA.from,
    backoffMs: 5,
  });
const fxOf = async (family: string) => {
  const res = await t.app.inject({
    url: `/api/ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/${family}/en`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  return res.json() as unknown[];
};

describe('bot-fx given what an attacker sends', () => {
  it('a field of the wrong type fails its window with a sentence naming the row and field', async () => {
    t = await createTestApp({ seed: false });
    const day = dataDays(DATA)[3]!;
    fake.corrections.set(`${day}|USD`, { buying_transfer: 36.5 as unknown as string });
    const summary = await run();
    expect(summary.result).toBe('failed');
    // The answer lists the days newest first, each day's currencies in order (USD is the first).
    const row = fake
      .fxDetail(DATA.from, DATA.to)
      .findIndex((r) => r.period === day && r.currency_id === 'USD');
    expect(summary.error).toBe(
      `BOT average exchange rates ${WINDOW}, row ${row + 1}: ` +
        `buying_transfer is a number (36.5), not a text as the BOT API writes its values`,
    );
    expect(summary.batches).toBe(0);
  });

  it('cuts a huge value in every refused row as the import cuts one', async () => {
    t = await createTestApp({ seed: false });
    const huge = 'Q'.repeat(5000);
    for (const day of dataDays(DATA)) fake.corrections.set(`${day}|USD`, { currency_id: huge });
    const summary = await run();
    expect(summary.refused.length).toBeGreaterThanOrEqual(dataDays(DATA).length);
    for (const r of summary.refused)
      expect(JSON.stringify(r).length, JSON.stringify(r).slice(0, 200)).toBeLessThan(300);
    expect(summary.refused.some((r) => r.key === `${'Q'.repeat(40)}...`)).toBe(true);
  });

  it('two conflicting rows for one day refuse the batch, as the import refuses a duplicate', async () => {
    t = await createTestApp({ seed: false });
    const day = dataDays(DATA)[2]!;
    // EUR's row of that day says it is USD's: two different USD rates for one day.
    fake.corrections.set(`${day}|EUR`, { currency_id: 'USD' });
    const summary = await run();
    expect(summary.result).toBe('failed');
    expect(summary.error).toBe(
      `bot-fx ${WINDOW}: fx-rates USD ${day}: ` +
        `duplicate rates of USD round 1 on ${day} in this batch; the window publishes nothing`,
    );
    expect(summary.batches).toBe(0);
    expect(await fxOf('USD')).toEqual([]);
  });
});
