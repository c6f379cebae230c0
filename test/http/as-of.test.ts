import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataType, tableOf, type DataTypeName } from '../../src/data-types/index.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, uncachedApp, type TestApp } from '../helpers/app.js';
import { operations, type Operation } from '../helpers/operations.js';

// Every operation as of a past instant (docs/time-travel.md): answers taken at T0, then batches
// correct a price, rename a fund, change a deposit rate and an FX rate; asked as of T0 (by
// Accept-Datetime and by ?asOf=) each answer is T0's byte for byte, as of now the latest.

type Row = Record<string, unknown>;
const KEEP_OUT = new Set(['id', 'batch_id', 'code_key', 'origin_id', 'origin_batch_id']);

/** Waits for the next whole second: Accept-Datetime names seconds. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));

let t: TestApp;
let T0: Date;
const before = new Map<string, { status: number; body: string; type: string | undefined }>();
const corrections: Date[] = [];

const call = (op: Operation, format: 'json' | 'csv', headers: Record<string, string> = {}, query = '') =>
  t.app.inject({
    method: op.method,
    url: op.url + (query ? `${op.url.includes('?') ? '&' : '?'}${query}` : ''),
    headers: {
      'ocp-apim-subscription-key': t.key,
      ...(format === 'csv' && { accept: 'text/csv' }),
      ...headers,
    },
  });

/** Publishes one row of `type` (the one `pick` selects from its table) changed by `change`. */
async function correct(
  type: DataTypeName,
  pick: (rows: Row[]) => Row,
  change: (row: Row) => Row,
  store: TestApp['store'] = t.store,
) {
  const rows = (await t.store.db
    .selectFrom(tableOf(type) as 'funds')
    .selectAll()
    .execute()) as Row[];
  // A published row's id is the store's; a reference row's is its key.
  const kept = (k: string) => !KEEP_OUT.has(k) || (k === 'id' && dataType(type).kind === 'reference');
  const row = Object.fromEntries(Object.entries(pick(rows)).filter(([k]) => kept(k)));
  const { batchId } = await publishBatch(store, { kind: type, source: 'as-of test' }, (w) =>
    w.write(type, [change(row)] as never),
  ).catch((e: Error) => {
    throw new Error(`${type}: ${e.message}`);
  });
  expect(batchId).not.toBeNull();
  corrections.push(new Date());
  // The next batch commits at a later millisecond than this instant: an instant asked is taken to
  // include a batch committed in its own millisecond, and on a quiet machine two corrections here
  // came 1 ms apart (CI: the deposit correction committed at the instant taken after the rename).
  await new Promise((r) => setTimeout(r, 3));
}

const latestBy = (column: string) => (rows: Row[]) =>
  rows.reduce((a, b) => (String(b[column]) > String(a[column]) ? b : a));

beforeAll(async () => {
  t = await createTestApp();
  await nextSecond();
  T0 = new Date();
  for (const op of operations(t.fixture))
    for (const format of ['json', 'csv'] as const) {
      const res = await call(op, format);
      before.set(`${op.id} ${format}`, {
        status: res.statusCode,
        body: res.body,
        type: res.headers['content-type'] as string | undefined,
      });
    }
  await nextSecond();
  const day = dataType('fund-prices').day!;
  await correct(
    'fund-prices',
    (rows) => latestBy(day)(rows.filter((r) => r.fund_id === 101)),
    (r) => ({ ...r, nav: Number(r.nav) + 0.5 }),
  );
  await correct(
    'funds',
    (rows) => rows.find((r) => r.id === 101)!,
    (r) => ({ ...r, name_en: 'Renamed Treasury Fund', name_th: 'กองทุนเปลี่ยนชื่อ' }),
  );
  await correct(
    'deposit-rates',
    (rows) => latestBy('effective_date')(rows.filter((r) => String(r.effective_date) <= t.fixture.today)),
    (r) => ({ ...r, rate: '9.8765' }),
  );
  const fxDay = dataType('fx-rates').day!;
  await correct(
    'fx-rates',
    (rows) => latestBy(fxDay)(rows.filter((r) => r.family_code === 'USD50')),
    (r) => ({ ...r, buying_tt: Number(r.buying_tt ?? 30) + 1 }),
  );
}, 120_000);

afterAll(() => t?.close());

describe('as of an instant', () => {
  it('answers every operation, JSON and CSV, as it was at T0, byte for byte, by header and by parameter', async () => {
    const changed: string[] = [];
    for (const op of operations(t.fixture))
      for (const format of ['json', 'csv'] as const) {
        const then = before.get(`${op.id} ${format}`)!;
        const latest = await call(op, format);
        if (latest.body !== then.body) changed.push(`${op.id} ${format}`);
        const byHeader = await call(op, format, { 'accept-datetime': T0.toUTCString() });
        const byParam = await call(op, format, {}, `asOf=${encodeURIComponent(T0.toISOString())}`);
        for (const [how, res] of [
          ['header', byHeader],
          ['asOf', byParam],
        ] as const) {
          expect(res.statusCode, `${op.id} ${format} ${how}`).toBe(then.status);
          expect(res.body, `${op.id} ${format} ${how}`).toBe(then.body);
          expect(res.headers['content-type']).toBe(then.type);
        }
        // As of a day to come: the latest answer.
        const future = await call(op, format, {
          'accept-datetime': new Date(Date.now() + 86_400_000).toUTCString(),
        });
        expect(future.body, `${op.id} ${format} future`).toBe(latest.body);
      }
    // The corrections show in the latest answers of what they touched: the test can fail.
    for (const id of [
      'AllFundsName',
      'FundPrice',
      'InterestRates_GetDepositRate',
      'GetChartfxrates',
      'Fund_Nav',
    ])
      expect(changed, id).toContain(`${id} json`);
  });

  it('names the state it serves: Memento-Datetime, Link, Vary, Last-Modified, a year of caching', async () => {
    const op = operations(t.fixture).find((o) => o.id === 'AllFundsName')!;
    const res = await call(op, 'json', { 'accept-datetime': T0.toUTCString() });
    const memento = Date.parse(String(res.headers['memento-datetime']));
    expect(memento).toBeLessThanOrEqual(T0.getTime());
    expect(res.headers['last-modified']).toBe(res.headers['memento-datetime']);
    expect(res.headers.vary).toMatch(/Accept-Datetime/);
    expect(res.headers.link).toBe(
      `<${op.url}>; rel="original", </timemap${op.url}>; rel="timemap"; type="application/link-format"`,
    );
    expect(res.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
    // The latest answer's Last-Modified is the rename's commit, to the second.
    const latest = await call(op, 'json');
    // (taken after the batch returned, so the commit is at or before it, and after T0's second)
    const modified = Date.parse(String(latest.headers['last-modified']));
    expect(modified).toBeLessThanOrEqual(corrections[1]!.getTime());
    expect(modified).toBeGreaterThan(T0.getTime());
    expect(latest.headers['memento-datetime']).toBeUndefined();
    // Deposit rates changed later than the funds: their state is the deposit correction's.
    const deposits = operations(t.fixture).find((o) => o.id === 'InterestRates_GetDepositRate')!;
    const asked = await call(deposits, 'json', {}, `asOf=${corrections[1]!.toISOString()}`);
    // The message names every instant, should the instants of the batches meet again.
    const batches = await t.store.db.selectFrom('batches').select(['id', 'committed_at']).execute();
    expect(
      Date.parse(String(asked.headers['memento-datetime'])),
      `T0 ${T0.toISOString()}, corrections ${corrections.map((c) => c.toISOString()).join(' ')}, ` +
        `batches ${JSON.stringify(batches)}, asked at ${new Date().toISOString()}`,
    ).toBeLessThanOrEqual(T0.getTime());
  });

  it('answers If-Modified-Since with 304 when nothing changed since, beside the ETag', async () => {
    const op = operations(t.fixture).find((o) => o.id === 'LatestDate')!;
    const first = await call(op, 'json');
    const lastModified = String(first.headers['last-modified']);
    expect((await call(op, 'json', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await call(op, 'json', { 'if-modified-since': earlier })).statusCode).toBe(200);
  });

  it('refuses an instant before the first publication with 404 naming the first, and a malformed one with 400', async () => {
    const op = operations(t.fixture).find((o) => o.id === 'LatestDate')!;
    const early = await call(op, 'json', { 'accept-datetime': 'Mon, 01 Jan 2001 00:00:00 GMT' });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toMatch(
      /^Nothing was published by Mon, 01 Jan 2001 00:00:00 GMT: the first answer is of /,
    );
    const bad = await call(op, 'json', { 'accept-datetime': 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Accept-Datetime/);
    expect((await call(op, 'json', {}, 'asOf=2026-13-45')).statusCode).toBe(400);
    // Malformed percent-encoding is a malformed instant too, not a crash.
    const encoded = await call(op, 'json', {}, 'asOf=%ZZ');
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json().message).toMatch(/^Invalid asOf/);
  });

  it('lists in a timemap the instants an answer could have changed, as link-format and JSON', async () => {
    const deposits = '/api/InterestRatesService/GetDepositRate';
    const links = await t.app.inject({ url: `/timemap${deposits}` });
    expect(links.statusCode).toBe(200);
    expect(links.headers['content-type']).toMatch(/^application\/link-format/);
    expect(links.body).toContain(`<${deposits}>; rel="original"`);
    expect(links.body).toMatch(/rel="first memento"/);
    const json = await t.app.inject({ url: `/timemap${deposits}`, headers: { accept: 'application/json' } });
    const { mementos } = json.json() as { mementos: { datetime: string; uri: string }[] };
    // The fixture's batch and the deposit correction; not the fund, price or FX corrections.
    expect(mementos).toHaveLength(2);
    const funds = await t.app.inject({
      url: '/timemap/api/FundPriceService/AllFundsName',
      headers: { accept: 'application/json' },
    });
    expect((funds.json() as { mementos: unknown[] }).mementos).toHaveLength(3);
    expect((await t.app.inject({ url: '/timemap/api/Nothing/Here' })).statusCode).toBe(404);
  });

  it('answers as of an instant before a batch another process committed, before this one has seen it', async () => {
    // Another process's commit reaches this one at its data version's next poll. Until then a read as
    // of an earlier instant must still take the tables that batch changed through their revisions.
    const app = await uncachedApp(t);
    try {
      const op = operations(t.fixture).find((o) => o.id === 'InterestRates_GetDepositRate')!;
      const headers = { 'ocp-apim-subscription-key': t.key };
      const instant = new Date();
      await new Promise((r) => setTimeout(r, 5));
      const url = `${op.url}?asOf=${encodeURIComponent(instant.toISOString())}`;
      const then = await app.inject({ url, headers });
      expect(then.statusCode).toBe(200);
      // The same database, without this process's notice of the commit.
      const elsewhere = { ...t.store, events: new EventEmitter() };
      await correct(
        'deposit-rates',
        (rows) => latestBy('effective_date')(rows.filter((r) => String(r.effective_date) <= t.fixture.today)),
        (r) => ({ ...r, rate: '1.2345' }),
        elsewhere,
      );
      expect((await app.inject({ url, headers })).body).toBe(then.body);
      // Once seen, the latest answer shows the batch: the test can fail.
      await new Promise((r) => setTimeout(r, 600));
      expect((await app.inject({ url: op.url, headers })).body).not.toBe(then.body);
    } finally {
      await app.close();
    }
  });
});
