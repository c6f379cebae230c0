import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';

// The website's FX operations are served from the answer cache. A batch that commits makes every one
// of them answer the new data at once. The batch here adds a fourth round on the latest day for USD50
// alone (USD1 and JPY stay at round 3, as a family the bank does not quote in a round does) and a first
// rate on a day that had none.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = async (url: string): Promise<unknown> => {
  const res = await t.app.inject({
    url: `/api/ExchangeRateService/${url}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
type Row = Record<string, string>;
/** Calls the answer cache answered (through the framework, as app.inject goes). */
const hits = async () =>
  (await t.gateway.metrics.answerCache.get()).values.find((v) => v.labels.result === 'hit')?.value ?? 0;
const pick = (rows: unknown, ...fields: string[]) =>
  (rows as Row[]).map((r) => fields.map((f) => r[f]).join(' '));

describe("the website's FX operations after a batch", () => {
  it('answer the new data right after the batch commits', async () => {
    const { latest } = t.fixture;
    const quiet = addDays(latest, -20);
    const day = dmy(latest);
    const urls = {
      latest: 'GetLatestfxrates',
      round4: `Getfxrates/${day}/4/th`,
      lastUpdate: 'GetfxratesLastUpdate',
      dateTime: 'GetDateTimeLastUpdate',
      days: `GetDayInMonth/${quiet.slice(0, 4)}/${quiet.slice(5, 7)}`,
      rounds: `GetUpdateInMonth/${day}`,
      chartDay: `GetChartfxrates/${day}/${day}/USD50/en`,
      chartDays: `GetChartfxrates/${dmy(addDays(latest, -2))}/${day}/USD50/en`,
      usdToBaht: 'Convert/100/USD/THB',
      yenToBaht: 'Convert/10000/JPY/THB',
      usdToYen: 'Convert/100/USD/JPY',
    };
    // Asked twice, so the second answer comes from the answer cache.
    const before: Record<string, unknown> = {};
    const hitsBefore = await hits();
    for (const [name, url] of Object.entries(urls)) {
      await get(url);
      before[name] = await get(url);
    }
    expect(await hits()).toBe(hitsBefore + Object.keys(urls).length);
    expect(before.round4).toEqual([]);
    expect(pick(before.days, 'Day')).not.toContain(String(Number(quiet.slice(8, 10))));

    const batch = await postBatch(
      t,
      'fx-rates',
      [
        'family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt',
        `USD50,${latest},4,16:45,30.1,30.9,30.2,30.8,30.3`,
        `USD50,${quiet},1,08:30,31.1,31.9,31.2,31.8,31.3`,
        '',
      ].join('\n'),
    );
    expect(batch.json()).toMatchObject({ status: 'committed' });

    // USD50 shows round 4; the others their last quote of the day, round 3.
    const asOf4 = ['USD1 3 15:30', 'USD50 4 16:45', 'JPY 3 15:30'];
    expect(pick(await get(urls.latest), 'Family', 'Update', 'DTime')).toEqual(asOf4);
    const round4 = await get(urls.round4);
    expect(pick(round4, 'Family', 'Update', 'DTime')).toEqual(asOf4);
    expect(pick(round4, 'Family', 'TT')).toEqual(['USD1 ', 'USD50 30.3000', 'JPY 21.2500']);
    const last = [{ Update: '4', Time: '16:45', Day: day }];
    expect(await get(urls.lastUpdate)).toEqual(last);
    expect(await get(urls.dateTime)).toEqual(last);
    expect(pick(await get(urls.days), 'Day')).toContain(String(Number(quiet.slice(8, 10))));
    expect(pick(await get(urls.rounds), 'Update', 'Time')).toEqual([
      '1 09:00',
      '2 11:00',
      '3 15:30',
      '4 16:45',
    ]);
    expect(pick(await get(urls.chartDay), 'DTime', 'TT').at(-1)).toBe('16:45 30.3000');
    expect(pick(await get(urls.chartDays), 'DTime', 'TT').at(-1)).toBe(' 30.3000');
    // Each conversion names the round of the rates it used: the later of its two sides'.
    const asOf = (Update: string, DTime: string) => ({ Ddate: day, Update, DTime });
    expect(await get(urls.usdToBaht)).toMatchObject({
      convertedAmount: 3030,
      rate: 30.3,
      ...asOf('4', '16:45'),
    });
    expect(await get(urls.yenToBaht)).toMatchObject({ convertedAmount: 2125, ...asOf('3', '15:30') });
    // 100 x 30.30 x 100 / 21.80 = 13899.0825...
    expect(await get(urls.usdToYen)).toMatchObject({ convertedAmount: 13899.08, ...asOf('4', '16:45') });
  });

  it('convert per 1,000 units for a family published so (VND), as soon as its batches commit', async () => {
    const { latest } = t.fixture;
    const admin = (type: string, csv: string[]) => postBatch(t, type, `${csv.join('\n')}\n`);
    const before = await t.app.inject({
      url: '/api/ExchangeRateService/Convert/1000/THB/VND',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(before.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Invalid to: /) });
    const families = await admin('fx-families', [
      'code,description,name,unit,decimals,display_order',
      'VND,Vietnam (:1000),Vietnam Dong,1000,4,27',
    ]);
    expect(families.json()).toMatchObject({ status: 'committed' });
    const rates = await admin('fx-rates', [
      'family,date,round,time,buying_notes,selling_notes,buying_sight_bill,selling_tt,buying_tt',
      `VND,${latest},3,15:30,1.1000,1.3500,1.2000,1.3000,1.2345`,
    ]);
    expect(rates.json()).toMatchObject({ status: 'committed' });

    // Worked by hand: VND TT 1.2345 and Bill_DD_TT 1.3000 baht per 1,000 dong; JPY TT 21.25 per 100.
    const asOf = { Ddate: dmy(latest), Update: '3', DTime: '15:30' };
    // 1,000,000 x 1.2345 / 1,000
    expect(await get('Convert/1000000/VND/THB')).toEqual({
      convertedAmount: 1234.5,
      rate: 0.0012345,
      from: 'VND',
      to: 'THB',
      ...asOf,
    });
    // 1,000 x 1,000 / 1.3 = 769230.769...
    expect(await get('Convert/1000/THB/VND')).toMatchObject({
      convertedAmount: 769230.77,
      rate: 769.23076923,
    });
    // 100 x 21.25 / 100 x 1,000 / 1.3 = 16346.1538...
    expect(await get('Convert/100/JPY/VND')).toMatchObject({ convertedAmount: 16346.15, rate: 163.46153846 });
    expect(pick(await get('GetLatestfxrates'), 'Family', 'Update')).toEqual([
      'USD1 3',
      'USD50 4',
      'JPY 3',
      'VND 3',
    ]);
  });
});
