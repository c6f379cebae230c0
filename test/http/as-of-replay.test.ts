import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { publishBatch } from '../../src/store/publisher.js';
import type { DataTypeName } from '../../src/data-types/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { operations } from '../helpers/operations.js';

// The property behind as-of reads (docs/time-travel.md): for random instants between random batches,
// the answer as of the instant equals the latest answer of a fresh database holding only the batches
// committed up to that instant. The batches correct prices, add prices, rename funds, change deposit
// and FX rates, publish or correct a day's market summary; the seed is printed with any failure.

type Row = Record<string, unknown>;
type Change = { type: DataTypeName; rows: Row[] };

const SEED = Number(process.env.AS_OF_SEED ?? Date.now() % 100_000);
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const next = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const KEEP_OUT = new Set(['id', 'batch_id', 'code_key', 'origin_id', 'origin_batch_id']);
const withoutStore = (row: Row, keepId = false) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => (keepId && k === 'id') || !KEEP_OUT.has(k)));

let t: TestApp;
/**
 * Published before the first instant, on each database: the fixture has no market summary, and as of
 * an instant before an operation's first publication the answer is a 404, a fresh database's a 200.
 */
let firstMarket: Change;
const batches: Change[][] = [];
/** After batch i committed and before batch i+1: an instant whose state is the first i+1 batches. */
const between: Date[] = [];

async function publish(store: TestApp['store'], changes: Change[]) {
  await publishBatch(store, { kind: 'replay', source: 'as-of replay test' }, async (w) => {
    for (const { type, rows } of changes) await w.write(type, rows as never);
  });
}

/** One random change made from the rows t's database holds now. */
async function randomChange(): Promise<Change> {
  const db = t.store.db;
  const { latest, today } = t.fixture;
  const kind = pick(['price', 'price', 'rename', 'deposit', 'fx'] as const);
  if (kind === 'price') {
    const fund = pick([101, 201, 202]);
    const template = await db
      .selectFrom('fund_prices')
      .selectAll()
      .where('fund_id', '=', fund)
      .orderBy('price_date', 'desc')
      .executeTakeFirstOrThrow();
    const nav = Math.round((5 + next() * 20) * 10_000) / 10_000;
    const day = addDays(latest, -Math.floor(next() * 10));
    return {
      type: 'fund-prices',
      rows: [{ ...withoutStore(template), price_date: day, nav, offer: nav, redemption: nav }],
    };
  }
  if (kind === 'rename') {
    const fund = await db
      .selectFrom('funds')
      .selectAll()
      .where('id', '=', pick([101, 201, 202, 301]))
      .executeTakeFirstOrThrow();
    return {
      type: 'funds',
      rows: [{ ...withoutStore(fund, true), name_en: `Fund named ${Math.floor(next() * 1e6)}` }],
    };
  }
  if (kind === 'deposit') {
    const rows = await db
      .selectFrom('deposit_rates')
      .selectAll()
      .where('effective_date', '<=', today)
      .execute();
    const row = pick(rows);
    return { type: 'deposit-rates', rows: [{ ...withoutStore(row), rate: (next() * 5).toFixed(4) }] };
  }
  const rows = await db.selectFrom('fx_rates').selectAll().where('family_code', '=', 'USD50').execute();
  const row = pick(rows);
  return {
    type: 'fx-rates',
    rows: [{ ...withoutStore(row), buying_tt: Math.round((30 + next() * 5) * 1e4) / 1e4 }],
  };
}

/**
 * A day of the market summary, one of the last few: a new latest day, an earlier one, or a correction
 * of a day published before.
 */
function marketChange(): Change {
  const summary_date = addDays(t.fixture.latest, -Math.floor(next() * 4));
  const value = (next() * 5).toFixed(2);
  return {
    type: 'market-summary',
    rows: [
      { summary_date, code: 'RR', number: 1, value },
      { summary_date, code: 'FXMO', number: 1, value: `<p>Outlook ${value}</p>` },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  firstMarket = marketChange();
  await publish(t.store, [firstMarket]);
  await new Promise((r) => setTimeout(r, 5));
  between.push(new Date());
  for (let i = 0; i < 5; i++) {
    const changes = [await randomChange(), await randomChange(), marketChange()];
    await publish(t.store, changes);
    batches.push(changes);
    await new Promise((r) => setTimeout(r, 5));
    between.push(new Date());
  }
}, 120_000);

afterAll(() => t?.close());

describe(`as of random instants between random batches (AS_OF_SEED=${SEED})`, () => {
  it('answers what a fresh database holding only the batches committed by then answers', async () => {
    const ops = operations(t.fixture).filter((o) => o.method === 'GET');
    const headers = { 'ocp-apim-subscription-key': t.key };
    // The latest answers first: the series caches behind them then hold the latest values, which a
    // read as of an instant may take only where nothing they were read from changed since.
    for (const op of ops) expect((await t.app.inject({ url: op.url, headers })).statusCode).toBeLessThan(500);
    for (const k of [0, 1 + Math.floor(next() * 4), 5]) {
      const fresh = await createTestApp();
      try {
        expect(fresh.fixture.latest).toBe(t.fixture.latest);
        for (const changes of [[firstMarket], ...batches.slice(0, k)]) await publish(fresh.store, changes);
        for (const op of ops) {
          const asOf = await t.app.inject({
            url: `${op.url}${op.url.includes('?') ? '&' : '?'}asOf=${between[k]!.toISOString()}`,
            headers,
          });
          const replayed = await fresh.app.inject({
            url: op.url,
            headers: { 'ocp-apim-subscription-key': fresh.key },
          });
          expect(asOf.statusCode, `${op.id} after ${k} batches`).toBe(replayed.statusCode);
          expect(asOf.body, `${op.id} after ${k} batches`).toBe(replayed.body);
        }
      } finally {
        await fresh.close();
      }
    }
  }, 300_000);
});
