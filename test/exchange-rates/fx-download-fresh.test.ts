import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { openStore } from '../../src/store/db.js';
import { publishBatch } from '../../src/store/publisher.js';
import { createTestApp, dmy, uncachedApp, type TestApp, postBatch } from '../helpers/app.js';

// GetDownloadfxrates answers from each family's daily series kept in memory (sliced by date). These
// tests check, with the answer cache off so that every call takes the slice, that the series answer
// what a query of the stored rates answers, and are never served once a batch has changed them.

let t: TestApp;
let sliced: FastifyInstance;
/** No FX series and no answer cache: every call queries its range. */
let reading: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  [sliced, reading] = await Promise.all([uncachedApp(t), uncachedApp(t, { fxCacheMaxBytes: 0 })]);
});
afterAll(async () => {
  await Promise.all([sliced.close(), reading.close()]);
  await t.close();
});

const download = async (app: FastifyInstance, path: string, accept = 'application/json') => {
  const res = await app.inject({
    url: `/api/ExchangeRateService/GetDownloadfxrates/${path}`,
    headers: { 'ocp-apim-subscription-key': t.key, accept },
  });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
};

const publish = (csv: string) =>
  postBatch(
    t,
    'fx-rates',
    `family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt\n${csv}\n`,
  );

describe('GetDownloadfxrates from the daily series', () => {
  it('answers what a query of the stored rates answers, for random families, ranges, eras and formats', async () => {
    // The fixture has the last 10 days and one day about 3 years back; ranges run around both ends.
    const start = addDays(t.fixture.latest, -3 * 366 - 3);
    const days = 3 * 366 + 6;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('USD50', 'usd1', 'JPY', 'XYZ'),
        fc.integer({ min: 0, max: days }),
        fc.integer({ min: 0, max: days }),
        fc.constantFrom('en', 'th', 'TH'),
        fc.constantFrom('application/json', 'text/csv'),
        async (family, a, b, lang, accept) => {
          const [from, to] = [addDays(start, Math.min(a, b)), addDays(start, Math.max(a, b))];
          const path = `${dmy(from)}/${dmy(to)}/${family}/${lang}`;
          const answer = await download(sliced, path, accept);
          expect(answer).toEqual(await download(reading, path, accept));
        },
      ),
      { numRuns: 200 },
    );
    // The property covered answers with rows, in both formats.
    const recent = `${dmy(addDays(t.fixture.latest, -5))}/${dmy(t.fixture.latest)}/USD50/en`;
    expect(JSON.parse((await download(sliced, recent)).body)).toHaveLength(6);
    expect((await download(sliced, recent, 'text/csv')).body.split('\r\n')).toHaveLength(8);
  });

  it('serves a rate changed through the admin API right after its batch commits', async () => {
    const { latest } = t.fixture;
    const path = `${dmy(addDays(latest, -5))}/${dmy(latest)}/USD50/en`;
    const before = JSON.parse((await download(sliced, path)).body) as Record<string, string>[];
    const day = addDays(latest, -2);
    // A fourth round that day, after the fixture's three: the day's row is now this round's.
    const changed = await publish(`USD50,${day},4,16:45,30.1,30.9,30.2,30.8,30.3`);
    expect(changed.json()).toMatchObject({ status: 'committed' });
    const after = JSON.parse((await download(sliced, path)).body) as Record<string, string>[];
    expect(after).toHaveLength(before.length);
    expect(after[3]).toMatchObject({ BuyingRates: '30.1000', DTime: '16:45' });
    expect(after[3]).not.toEqual(before[3]);
    expect((await download(sliced, path, 'text/csv')).body).toContain(',16:45\r\n');
    expect(await download(sliced, path, 'text/csv')).toEqual(await download(reading, path, 'text/csv'));
  });

  it('serves a rate changed by another process once the data version moves', async () => {
    const { latest } = t.fixture;
    const path = `${dmy(addDays(latest, -5))}/${dmy(latest)}/JPY/th`;
    await download(sliced, path); // the series is now in memory
    const other = openStore(t.store.location);
    try {
      await publishBatch(other, { kind: 'fx-rates', source: 'another process' }, (w) =>
        w.write('fx-rates', [
          {
            family_code: 'JPY',
            rate_date: addDays(latest, -1),
            round: 9,
            rate_time: '17:00',
            buying_notes: 20.5,
            selling_notes: 22.5,
            buying_sight_bill: null,
            selling_tt: null,
            buying_tt: null,
          },
        ]),
      );
    } finally {
      await other.close();
    }
    await vi.waitFor(async () => expect((await download(sliced, path)).body).toContain('"DTime":"17:00"'), {
      timeout: 3_000,
      interval: 50,
    });
  });
});
