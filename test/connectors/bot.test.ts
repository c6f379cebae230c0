import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { botFx } from '../../src/connectors/bot/fx.js';
import { botRates } from '../../src/connectors/bot/rates.js';
import type { Connector } from '../../src/connectors/connector.js';
import { runConnector, type ConnectorOptions } from '../../src/connectors/run.js';
import { readConnectorState } from '../../src/connectors/state.js';
import { dayNumber } from '../../src/domain/dates.js';
import { businessDays } from '../../src/domain/thai-calendar.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import {
  BANKS,
  CURRENCIES,
  DEPOSIT_PATH,
  FAKE_TOKEN,
  FX_PATH,
  LOAN_PATH,
  startFakeBot,
  type FakeBot,
} from './fake-bot.js';

// Issue 46: the BOT connectors against a local fake of the BOT gateway (fake-bot.ts), on the real
// store, checked through the API's own operations.

const DATA = { from: '2026-06-01', to: '2026-08-31' };
const SINCE = DATA.from;
const BANK = 'Bangkok Bank Public Company Limited';

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

const settings = (extra: Partial<Config> = {}) =>
  testConfig({
    botApiUrl: fake.url,
    botApiToken: FAKE_TOKEN,
    botBank: BANK,
    connectRetries: 2,
    connectTimeoutMs: 1000,
    ...extra,
  });
const run = (connector: Connector, extra: Partial<Config> = {}, options: Partial<ConnectorOptions> = {}) =>
  runConnector(t.store, connector, { settings: settings(extra), since: SINCE, backoffMs: 5, ...options });
const api = async (path: string) => {
  const res = await t.app.inject({ url: `/api/${path}`, headers: { 'ocp-apim-subscription-key': t.key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, string>[];
};
const batchCount = async () =>
  Number(
    (
      await t.store.db
        .selectFrom('batches')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;
const rate = (text: string) => (text === '' ? '' : Number(text).toFixed(4));

/** Every request of the run asked for at most 31 days, and the backfill's windows follow each other. */
function expectWindows(path: string, since: string) {
  const asked = fake.requests.filter((r) => r.path === path && r.status === 200);
  for (const r of asked) expect(dayNumber(r.to) - dayNumber(r.from) + 1).toBeLessThanOrEqual(31);
  expect(fake.requests.filter((r) => r.status === 400)).toEqual([]);
  expect(asked[0]!.from).toBe(since);
  for (let i = 1; i < asked.length; i++)
    expect(dayNumber(asked[i]!.from)).toBe(dayNumber(asked[i - 1]!.to) + 1);
}

/** What GetDownloadfxrates must answer for a currency: BOT's rows, oldest first, in the service's shape. */
function expectedFx(id: string, from = DATA.from, to = DATA.to) {
  return fake
    .fxDetail(from, to)
    .filter((r) => r.currency_id === id)
    .reverse()
    .map((r) => ({
      Family: id,
      BuyingRates: '',
      SellingRates: '',
      SightBill: rate(r.buying_sight!),
      Bill_DD_TT: rate(r.selling!),
      TT: rate(r.buying_transfer!),
      Ddate: mdy(r.period!),
      DTime: '18:00',
    }));
}

describe('rates connect bot-fx', () => {
  it('backfills BOT average rates in windows of at most 31 days; a second run makes no batch; a correction is one batch', async () => {
    t = await createTestApp({ seed: false });
    expect((await t.app.inject({ url: '/sources.json' })).json()).toEqual([]);
    const first = await run(botFx);
    expect(first).toMatchObject({ result: 'ok', error: null, refused: [] });
    expectWindows(FX_PATH, SINCE);
    // The explorer and /docs credit the source of what a connector published, in the groups it fills.
    const credit = 'Source: Bank of Thailand, average of commercial banks';
    expect((await t.app.inject({ url: '/sources.json' })).json()).toEqual([
      {
        connector: 'bot-fx',
        source: 'Bank of Thailand, average of commercial banks',
        groups: ['ExchangeRateService'],
      },
    ]);
    for (const url of ['/openapi.json', '/docs/json']) {
      const doc = (await t.app.inject({ url })).json() as { tags: { name: string; description: string }[] };
      const tag = (name: string) => doc.tags.find((g) => g.name === name)!.description;
      expect(tag('ExchangeRateService')).toContain(credit);
      expect(tag('InterestRatesService')).not.toContain('Source:');
    }
    const days = [...businessDays(DATA.from, DATA.to)].length;
    expect(first.fetched).toBe(days * CURRENCIES.length);
    // Families: one per currency, BOT average in the name, the unit from BOT's name.
    expect(await api('ExchangeRateService/Getfxfamily')).toEqual(
      ['USD', 'GBP', 'EUR', 'JPY', 'SGD', 'IDR'].map((code) => ({
        Family: code,
        Description: expect.stringMatching(/ \(BOT average\)$/),
      })),
    );
    const banner = await api('ExchangeRateService/GetfxbannerAPI/JPY,IDR,USD');
    expect(banner.map((r) => [r.Family, r.Description])).toEqual([
      ['JPY', 'Japan (:100)'],
      ['IDR', 'Indonesia (:1000)'],
      ['USD', 'USA'],
    ]);
    for (const c of CURRENCIES)
      expect(
        await api(`ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/${c.id}/en`),
      ).toEqual(expectedFx(c.id));
    // IDR has no sight-bill rate on some days: published without it, not refused, not dropped.
    expect(expectedFx('IDR').some((r) => r.SightBill === '')).toBe(true);

    const batches = await batchCount();
    expect(batches).toBe(first.batches);
    fake.requests.length = 0;
    const second = await run(botFx);
    expect(second).toMatchObject({ result: 'ok', batches: 0, published: 0 });
    expect(second.unchanged).toBeGreaterThan(0);
    expect(await batchCount()).toBe(batches);
    // It read the correction window only: the days from the latest held, less CONNECT_CORRECTION_DAYS.
    expect(fake.requests[0]!.from).toBe(
      addIso([...businessDays(DATA.from, DATA.to)].at(-1)!, 1 - settings().connectCorrectionDays),
    );

    const day = [...businessDays(DATA.from, DATA.to)].at(-3)!;
    fake.corrections.set(`${day}|USD`, { selling: '35.5000000' });
    const third = await run(botFx);
    expect(third).toMatchObject({ result: 'ok', batches: 1, published: 1 });
    expect(await batchCount()).toBe(batches + 1);
    const usd = await api(`ExchangeRateService/GetDownloadfxrates/${dmy(day)}/${dmy(day)}/USD/en`);
    expect(usd[0]!.Bill_DD_TT).toBe('35.5000');
  }, 60_000);

  it('waits out a 5xx, a slow answer and a 429; a body that is not the envelope publishes nothing of its window', async () => {
    t = await createTestApp({ seed: false });
    fake.fail('server-error', FX_PATH, 0);
    fake.fail('slow', FX_PATH, 0);
    fake.fail('too-many', FX_PATH, 0);
    const ok = await run(botFx);
    expect(ok).toMatchObject({ result: 'ok', refused: [] });
    expect(ok.retries).toBe(3);
    expect(fake.requests.slice(0, 4).map((r) => r.status)).toEqual([503, 200, 429, 200]);
    for (const c of CURRENCIES)
      expect(
        await api(`ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/${c.id}/en`),
      ).toEqual(expectedFx(c.id));

    await t.close();
    t = await createTestApp({ seed: false });
    fake.requests.length = 0;
    // The second window's answer is not BOT's envelope: the first window is published, nothing of the second.
    fake.fail('not-envelope', FX_PATH, 1);
    const broken = await run(botFx);
    expect(broken.result).toBe('failed');
    expect(broken.error).toMatch(/not the BOT API's envelope/);
    expect(broken.batches).toBe(1);
    const state = await readConnectorState(t.store.db, 'bot-fx');
    const firstWindowEnd = fake.requests[0]!.to;
    expect(state).toMatchObject({ cursor: firstWindowEnd, lastRun: { result: 'failed' } });
    const held = await api(`ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/USD/en`);
    expect(held).toEqual(expectedFx('USD', DATA.from, firstWindowEnd));
    // The next run goes on from there, and fetches no window twice.
    const resumed = await run(botFx);
    expect(resumed.result).toBe('ok');
    const answered = fake.requests.filter((r) => r.status === 200 && r.path === FX_PATH).map((r) => r.from);
    expect(answered[1]).toBe(answered[2]); // the broken one, then again
    expect(new Set(answered).size).toBe(answered.length - 1);
    expect(
      await api(`ExchangeRateService/GetDownloadfxrates/${dmy(DATA.from)}/${dmy(DATA.to)}/USD/en`),
    ).toEqual(expectedFx('USD'));
  }, 60_000);

  it('says which setting to set: no token, a wrong one; the token never appears in an error', async () => {
    t = await createTestApp({ seed: false });
    const missing = await run(botFx, { botApiToken: '' });
    expect(missing.error).toBe(
      'BOT_API_TOKEN is not set: get one at https://portal.api.bot.or.th (sign up, create an app, subscribe it to the APIs used) and set BOT_API_TOKEN.',
    );
    expect(fake.requests).toEqual([]);
    const wrong = `${FAKE_TOKEN}-old`;
    const refused = await run(botFx, { botApiToken: wrong });
    expect(refused.error).toMatch(
      /refused the credential \(401\): check BOT_API_TOKEN \(get one at https:\/\/portal\.api\.bot\.or\.th/,
    );
    expect(JSON.stringify(await readConnectorState(t.store.db, 'bot-fx'))).not.toContain(FAKE_TOKEN);
    expect(await batchCount()).toBe(0);
    // The retired gateway's header is refused by the fake as by BOT: the connector sends Authorization.
    const old = await fetch(`${fake.url}${FX_PATH}?start_period=${DATA.from}&end_period=${DATA.from}`, {
      headers: { 'X-IBM-Client-Id': FAKE_TOKEN },
    });
    expect(old.status).toBe(401);
  });
});

describe('rates connect bot-rates', () => {
  const bank = BANKS[0]!;
  /** The first business day on or after a step's day: when BOT's rows first show the new value. */
  const firstDay = (day: string) => [...businessDays(day < DATA.from ? DATA.from : day, DATA.to)][0]!;
  const depositOn = (day: string) => api(`InterestRatesService/GetDepositRate/${day}`);
  const loanOn = (day: string) => api(`InterestRatesService/GetLoanRate/${day}`);

  it("publishes one bank's deposit (max) and loan rates, only their changes, each from the first day it held", async () => {
    t = await createTestApp({ seed: false });
    const first = await run(botRates);
    expect(first).toMatchObject({ result: 'ok', refused: [] });
    expectWindows(DEPOSIT_PATH, SINCE);
    expectWindows(LOAN_PATH, SINCE);
    const [start, savingCut, mlrCut] = bank.steps.map(([d]) => firstDay(d));
    const names = (rows: Record<string, string>[], key: string) =>
      rows.map((r) => [r[`${key}NameEn`], r[`${key}Rates`], r.EffectiveDate]);
    expect(names(await depositOn(DATA.to), 'Deposit')).toEqual([
      ['Savings Account', '0.45', dmy(savingCut!)],
      ['Fixed Deposit 3 Months', '1.1', dmy(savingCut!)],
      ['Fixed Deposit 6 Months', '1.35', dmy(savingCut!)],
      ['Fixed Deposit 12 Months', '1.6', dmy(savingCut!)],
    ]);
    expect(names(await depositOn(start!), 'Deposit')).toEqual([
      ['Savings Account', '0.5', dmy(start!)],
      ['Fixed Deposit 3 Months', '1', dmy(start!)],
      ['Fixed Deposit 6 Months', '1.25', dmy(start!)],
      ['Fixed Deposit 12 Months', '1.5', dmy(start!)],
    ]);
    expect(names(await loanOn(DATA.to), 'Loan')).toEqual([
      ['Minimum Loan Rate (MLR)', '6.975', dmy(mlrCut!)],
      ['Minimum Overdraft Rate (MOR)', '7.325', dmy(mlrCut!)],
      ['Minimum Retail Rate (MRR)', '7.125', dmy(mlrCut!)],
    ]);
    expect(names(await loanOn(addIso(mlrCut!, -1)), 'Loan').map((r) => r[1])).toEqual([
      '7.1',
      '7.45',
      '7.25',
    ]);
    // Only changes: two values of each deposit product quoted, two of each loan rate.
    const count = async (table: 'deposit_rates' | 'loan_rates') =>
      Number(
        (
          await t.store.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('deposit_rates'), await count('loan_rates')]).toEqual([8, 6]);
    const again = await run(botRates);
    expect(again).toMatchObject({ result: 'ok', batches: 0, published: 0 });
  }, 60_000);

  it('publishes the minimum with BOT_DEPOSIT_RATE=min, and names the banks BOT has when the bank is not one', async () => {
    t = await createTestApp({ seed: false });
    const min = await run(botRates, { botDepositRate: 'min' });
    expect(min.result).toBe('ok');
    expect((await depositOn(DATA.to)).map((r) => r.DepositRates)).toEqual(['0.35', '1', '1.25', '1.5']);
    const unknown = await run(botRates, { botBank: 'No Such Bank' });
    expect(unknown.error).toMatch(
      /no bank named 'No Such Bank' \(BOT_BANK, --bank\); BOT names: BANGKOK BANK PUBLIC COMPANY LIMITED; KASIKORNBANK/,
    );
  });
});

function addIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
