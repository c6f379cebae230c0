import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { MESSAGES } from '../../src/domain/errors.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';
import { onServer, testStore } from '../helpers/store.js';
import { serverOf, TcpProxy } from '../helpers/tcp-proxy.js';

const UNAVAILABLE = { statusCode: 503, message: MESSAGES.unavailable };

/** A name that finds this test's connections, and only them, in pg_stat_activity. */
const named = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
};

function harness() {
  const state = { t: undefined as unknown as TestApp, day: 0 };
  const inject = (url: string) =>
    state.t.app.inject({ url, headers: { 'ocp-apim-subscription-key': state.t.key } });
  return {
    state,
    // A date asked for the first time on every call, so the answer cache cannot stand in for the database.
    fresh: () =>
      inject(`/api/FundPriceService/AllFundPrices/${dmy(addDays(state.t.fixture.latest, -state.day++))}`),
    ready: () => state.t.app.inject({ url: '/ready' }),
    health: () => state.t.app.inject({ url: '/health' }),
    /** Asks until the answer is 200 (a few tries: a pool may first meet a connection that died). */
    async recovered(): Promise<number[]> {
      const seen: number[] = [];
      for (let i = 0; i < 50 && seen.at(-1) !== 200; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100));
        seen.push((await this.fresh()).statusCode);
      }
      return seen;
    },
  };
}

describe.runIf(testStore === 'postgres')(
  'PostgreSQL unreachable: 503 and not ready while it lasts, back without a restart (PostgreSQL only: a server that can go away)',
  () => {
    const h = harness();
    const proxy = new TcpProxy(serverOf(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1'));
    const name = `outage-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      await proxy.start();
      h.state.t = await createTestApp({ connect: (url) => ({ url: named(proxy.through(url), name) }) });
    });
    afterAll(async () => {
      await proxy.restore().catch(() => undefined);
      await h.state.t?.close();
      await proxy.cut();
    });

    it('answers 503 with Retry-After in the gateway shape, /ready 503 and /health 200, then recovers', async () => {
      expect((await h.fresh()).statusCode).toBe(200);
      expect((await h.ready()).json()).toEqual({ status: 'ready' });

      await proxy.cut();
      const down = await h.fresh();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual(UNAVAILABLE);
      const notReady = await h.ready();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual(UNAVAILABLE);
      expect((await h.health()).statusCode).toBe(200);

      await proxy.restore();
      const seen = await h.recovered();
      expect(seen.at(-1)).toBe(200);
      expect(seen.every((s) => s === 200 || s === 503)).toBe(true);
      expect((await h.ready()).statusCode).toBe(200);
    });

    it('survives its server connections being terminated (pg_terminate_backend), with no 500 on the way', async () => {
      expect((await h.fresh()).statusCode).toBe(200);
      const terminated = await onServer(async (c) => {
        // In the select list, so it runs only for the rows the filter kept.
        const { rows } = await c.query<{ done: boolean }>(
          'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
          [name],
        );
        return rows.filter((r) => r.done).length;
      });
      expect(terminated).toBeGreaterThan(0);
      const seen = await h.recovered();
      expect(seen.at(-1)).toBe(200);
      expect(seen.every((s) => s === 200 || s === 503)).toBe(true);
      expect((await h.ready()).statusCode).toBe(200);
    });
  },
);

describe.runIf(testStore === 'postgres')(
  'DATABASE_READ_URL: the API reads from the replica, writes go to the primary (PostgreSQL only)',
  () => {
    const h = harness();
    const proxy = new TcpProxy(serverOf(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1'));
    const replica = `replica-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      await proxy.start();
      // No replica can be made here: the read URL reaches the same database, under a name of its own
      // and through a proxy, so the test sees which pool answered and can take the replica away.
      h.state.t = await createTestApp({
        connect: (url) => ({ url, readUrl: named(proxy.through(url), replica) }),
      });
    });
    afterAll(async () => {
      await proxy.restore().catch(() => undefined);
      await h.state.t?.close();
      await proxy.cut();
    });

    it('answers API reads over the replica pool', async () => {
      expect((await h.fresh()).statusCode).toBe(200);
      const connections = await onServer(async (c) => {
        const { rows } = await c.query('select pid from pg_stat_activity where application_name = $1', [
          replica,
        ]);
        return rows.length;
      });
      expect(connections).toBeGreaterThan(0);
    });

    it('keeps publishing on the primary while the replica is away, and reads come back with it', async () => {
      await proxy.cut();
      expect((await h.fresh()).json()).toEqual(UNAVAILABLE);
      expect((await h.ready()).statusCode).toBe(503);
      const published = await postBatch(
        h.state.t,
        'deposit-products',
        JSON.stringify([{ id: 77, name_en: 'Kids Savings', name_th: 'เงินฝากเด็ก', display_order: 7 }]),
        'application/json',
      );
      expect(published.statusCode).toBe(201);

      await proxy.restore();
      expect((await h.recovered()).at(-1)).toBe(200);
      expect((await h.ready()).statusCode).toBe(200);
    });
  },
);
