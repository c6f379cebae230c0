import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { afternoonToday } from '../helpers/clock.js';
import { captureLog } from '../helpers/log.js';
import { testStore } from '../helpers/store.js';
import { serverOf, TcpProxy } from '../helpers/tcp-proxy.js';

// A database outage refuses every call with 503; the log says so once per ten seconds with a count
// (as Redis failures are logged), not a stack trace per refused call.

const log = captureLog();
const clock = afternoonToday();
const proxy =
  testStore === 'postgres'
    ? new TcpProxy(serverOf(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1'))
    : undefined;
let t: TestApp;
/** What the gateway's background work (the poll of subscription changes) reported. */
const background: string[] = [];
beforeAll(async () => {
  await proxy?.start();
  t = await createTestApp({
    logStream: log.stream,
    now: clock.now,
    gateway: { pollMs: 20, onError: (_error, what) => background.push(what) },
    ...(proxy && { connect: (url: string) => ({ url: proxy.through(url) }) }),
  });
});
afterAll(async () => {
  await t?.close().catch(() => undefined);
  await proxy?.cut();
});

/** Takes the database away: PostgreSQL behind a proxy that cuts it off, SQLite's files overwritten. */
async function outage(): Promise<void> {
  if (proxy) return proxy.cut();
  for (const file of readdirSync(t.dir)) writeFileSync(join(t.dir, file), Buffer.alloc(8192, 7));
}

let day = 0;
/** A date asked for the first time on every call, so the answer cache cannot stand in for the database. */
const fresh = () =>
  t.app.inject({
    url: `/api/FundPriceService/AllFundPrices/${dmy(addDays(t.fixture.latest, -day++))}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
const errors = () =>
  log.lines
    .map(
      (l) => JSON.parse(l) as { level: number; msg: string; suppressed?: number; err?: { stack?: string } },
    )
    .filter((r) => r.level >= 50);

describe('a database outage in the log', () => {
  it('is logged once, with the error, then once per ten seconds with how many calls it refused meanwhile', async () => {
    expect((await fresh()).statusCode).toBe(200);
    await outage();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await fresh()).statusCode);
    expect(statuses).toEqual(Array(20).fill(503));
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ msg: 'database unavailable', suppressed: 0 });
    expect(errors()[0]!.err?.stack).toBeTruthy();

    clock.advance(9_000);
    expect((await fresh()).statusCode).toBe(503);
    expect(errors()).toHaveLength(1);
    clock.advance(1_001);
    expect((await fresh()).statusCode).toBe(503);
    expect(errors()).toHaveLength(2);
    expect(errors()[1]).toMatchObject({
      msg: 'database unavailable (20 more since the last report)',
      suppressed: 20,
    });
    // Every refused call still has its one request line (written as the call ends, maybe after its answer).
    await vi.waitFor(() =>
      expect(
        log.lines.filter((l) => l.includes('"statusCode":503') && l.includes('request completed')),
      ).toHaveLength(22),
    );
  });

  it("logs the gateway's background polls that fail meanwhile once per ten seconds too", async () => {
    const polls = () => background.filter((w) => w.startsWith('polling subscription changes'));
    // The outage began in the test above (and its polls began failing then); after ten seconds the
    // next failing poll is reported, and until ten more have passed, none.
    await until(() => polls().length >= 1);
    expect(polls()[0]).toBe('polling subscription changes');
    clock.advance(10_001);
    const before = polls().length;
    await until(() => polls().length > before);
    const reported = polls().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls()).toHaveLength(reported); // some ten polls failed meanwhile, unreported
    clock.advance(10_001);
    await until(() => polls().length > reported);
    expect(polls().at(-1)).toMatch(
      /^polling subscription changes \([1-9][0-9]* more times since the last report\)$/,
    );
  });
});

/** Waits until `done` holds; fails after 5 s. */
async function until(done: () => boolean): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 5000) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
