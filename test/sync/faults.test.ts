import { afterAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { bangkokToday } from '../../src/domain/dates.js';
import { uncachedApp } from '../helpers/app.js';
import { readSyncState } from '../../src/sync/state.js';
import { fundOf, hostileUpstream } from './hostile.js';
import { samplePaths } from './operations.js';
import {
  body,
  demoService,
  emptyService,
  listening,
  sync,
  syncFrom,
  type Fault,
  type Service,
} from './services.js';

// Issue 22's faults: A goes away in the middle of a first sync and comes back (B resumes where it
// stopped), A asks B to wait (429 with Retry-After), A answers what is not the interface (B refuses
// it, publishes nothing of that batch, and resumes once A answers right). B says what happened.

/** Three months of demo history: enough batches to stop between, quick to sync. */
const UNTIL = '2014-03-31';
const services: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of services) await s.close();
});
async function pair(fault?: Fault): Promise<[Service, Service]> {
  const [a, b] = await Promise.all([demoService(UNTIL, fault), emptyService()]);
  services.push(a, b);
  return [a, b];
}

async function differences(a: Service, b: Service): Promise<string[]> {
  const found: string[] = [];
  for (const path of (await samplePaths(a, UNTIL)).filter((_, i) => i % 3 === 0)) {
    const [fromA, fromB] = await Promise.all([body(a, path), body(b, path)]);
    if (fromA !== fromB) found.push(`${path}\n  A: ${fromA.slice(0, 200)}\n  B: ${fromB.slice(0, 200)}`);
  }
  return found;
}

/** The committed prices of B per fund: a fund is there whole (its batch committed) or not at all. */
async function pricesPerFund(s: Service): Promise<Map<number, number>> {
  const rows = await s.store.db
    .selectFrom('fund_prices')
    .select(['fund_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('fund_id')
    .execute();
  return new Map(rows.map((r) => [r.fund_id, Number(r.n)]));
}

describe('sync faults', () => {
  it('resumes where it stopped when A is restarted in the middle of a first sync', async () => {
    let stopAfter = 30;
    const asked: string[] = [];
    const [a, b] = await pair((request) => {
      const fund = fundOf(request.url);
      if (fund === undefined) return undefined;
      asked.push(fund);
      // A goes away after answering its 30th fund history (its listener closes; B's next calls fail).
      if (--stopAfter === 0) setImmediate(() => void a.app.close());
      return undefined;
    });
    const port = (a.app.server.address() as AddressInfo).port;
    const first = await sync(b, syncFrom(a, { fundsPerBatch: 10, concurrency: 2 }));
    expect(first.result).toBe('failed');
    expect(first.error).toMatch(/could not be reached/);
    const stopped = await readSyncState(b.store.db);
    expect(stopped).toMatchObject({ phase: 'funds', lastRun: { result: 'failed' } });
    expect(stopped!.fundCursor).toBeGreaterThan(100);
    // B says so: /ready (still ready: it serves what it has) and /metrics.
    const ready = (await (await fetch(`${b.url}/ready`)).json()) as { sync: Record<string, unknown> };
    expect(ready.sync).toMatchObject({ upstream: a.url, phase: 'funds', lastResult: 'failed' });
    expect(ready.sync.lastError).toMatch(/could not be reached/);
    const metrics = await (await fetch(`${b.url}/metrics`)).text();
    expect(metrics).toMatch(/^rates_sync_last_result\{result="failed"\} 1$/m);
    expect(metrics).toMatch(/^rates_sync_first_sync_done 0$/m);
    // Whatever was committed is whole: every fund B has, it has with its full history.
    const partial = await pricesPerFund(b);
    const full = await pricesPerFund(a);
    for (const [fund, n] of partial) expect(n).toBe(full.get(fund));

    // A starts again on the same port and data; B's next run goes on after the last fund it has.
    const restarted = await uncachedApp(a);
    const askedAgain: number[] = [];
    restarted.addHook('onRequest', async (request) => {
      const fund = fundOf(request.url);
      if (fund !== undefined) askedAgain.push(Number(fund));
    });
    const a2 = await listening({ ...a, app: restarted }, port);
    const second = await sync(b, syncFrom(a2));
    expect(second).toMatchObject({ result: 'ok', error: null });
    expect(Math.min(...askedAgain)).toBeGreaterThan(stopped!.fundCursor);
    expect(await readSyncState(b.store.db)).toMatchObject({ phase: 'done', lastRun: { result: 'ok' } });
    expect(await differences(a2, b)).toEqual([]);
    await restarted.close();
  }, 300_000);

  it('waits as long as A asks (429 and Retry-After), then goes on', async () => {
    // One request refused three times: more than its retries, which are for failures, not for waits
    // the upstream asks for.
    let refusals = 3;
    let refused: string | undefined;
    const [a, b] = await pair((request, reply) => {
      if (!/Getfxrates\//i.test(request.url) || refusals <= 0) return undefined;
      refused ??= request.url;
      if (request.url !== refused) return undefined;
      refusals--;
      return reply
        .code(429)
        .header('retry-after', '1')
        .send({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' });
    });
    const waits: [number, string][] = [];
    const summary = await sync(b, syncFrom(a, { retries: 1, onWait: (ms, why) => waits.push([ms, why]) }));
    expect(summary).toMatchObject({ result: 'ok', error: null, retries: 3 });
    expect(waits).toEqual([
      [1000, 'the upstream answered 429 and asked to wait'],
      [1000, 'the upstream answered 429 and asked to wait'],
      [1000, 'the upstream answered 429 and asked to wait'],
    ]);
    expect(await differences(a, b)).toEqual([]);
  }, 300_000);

  it('refuses answers that are not the interface, publishes nothing of that batch, and resumes', async () => {
    let garbage = true;
    const [a, b] = await pair((request, reply) => {
      if (!garbage) return undefined;
      if (fundOf(request.url) === '125')
        return reply.code(200).header('content-type', 'application/json').send('[{"mfr_iId":"x"}]');
      return undefined;
    });
    const first = await sync(b, syncFrom(a, { fundsPerBatch: 10 }));
    expect(first.result).toBe('failed');
    expect(first.error).toBe(
      `FundPrice_ByFundCode (fund 125, 1900-01-01 to ${bangkokToday()}): the upstream's answer is not of this interface (at /0/mf_iNumber: Expected required property)`,
    );
    const state = await readSyncState(b.store.db);
    expect(state).toMatchObject({ phase: 'funds', fundCursor: 120, lastRun: { result: 'failed' } });
    // Nothing of the group of fund 125 (funds 121-130) was published; the groups before it are whole.
    const prices = await pricesPerFund(b);
    expect([...prices.keys()].filter((f) => f > 120)).toEqual([]);
    const full = await pricesPerFund(a);
    for (const [fund, n] of prices) expect(n).toBe(full.get(fund));
    const status = (await (await fetch(`${b.url}/ready`)).json()) as { sync: { lastError: string } };
    expect(status.sync.lastError).toMatch(/fund 125/);

    // Not JSON at all: refused as clearly.
    const maintenance = await hostileUpstream(a, (req, res) => {
      if (!/LatestDate/.test(req.url ?? '')) return false;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return true;
    });
    services.push(maintenance);
    const notJson = await sync(b, { ...syncFrom(a), baseUrl: maintenance.url });
    expect(notJson.error).toBe("LatestDate: the upstream's answer is not JSON");

    garbage = false;
    const second = await sync(b, syncFrom(a));
    expect(second).toMatchObject({ result: 'ok', error: null });
    expect(await differences(a, b)).toEqual([]);
  }, 300_000);

  it('says so clearly when the upstream refuses the key', async () => {
    const [a, b] = await pair();
    const summary = await sync(b, { ...syncFrom(a), key: 'not-a-key' });
    expect(summary.result).toBe('failed');
    expect(summary.error).toMatch(
      /^LatestDate: the upstream refused the key \(401\): Access denied due to invalid subscription key/,
    );
    expect(await b.store.db.selectFrom('batches').selectAll().execute()).toEqual([]);
  });
});
