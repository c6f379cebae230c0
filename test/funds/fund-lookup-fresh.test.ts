import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, postBatch, uncachedApp, type TestApp } from '../helpers/app.js';

// Fund routes find their fund by the code asked through a lookup kept until the data changes. With
// the answer cache off, so that every call looks the fund up, a fund changed or added by a batch is
// served right after the batch commits, also under a code that named no fund before.

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  app = await uncachedApp(t);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const prices = async (code: string) => {
  const { latest } = t.fixture;
  const res = await app.inject({
    url: `/api/FundPriceService/FundPrice_ByFundCode/${code}/${dmy(addDays(latest, -3))}/${dmy(latest)}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { mf_iNumber: number; mf_sEng: string }[];
};

const publishFunds = (rows: string) =>
  postBatch(
    t,
    'funds',
    'id,code,category_id,name_en,name_th,name_th_short,link_en,link_th,factsheet_url,display_order\n' +
      `${rows}\n`,
  );

const row = (id: number, code: string, name: string) =>
  `${id},${code},1,${name},กองทุน ${name},,https://f.example.com/${id},https://f.example.com/th/${id},https://f.example.com/${id}.pdf,1`;

describe('fund lookups by code', () => {
  it('serve a renamed fund, and a code given to a fund, right after the batch commits', async () => {
    expect((await prices('b-treasury'))[0]).toMatchObject({ mf_iNumber: 101, mf_sEng: 'B-TREASURY Fund' });
    expect(await prices('B-NEWCODE')).toEqual([]); // no such fund: remembered as none

    const renamed = await publishFunds(row(101, 'B-NEWCODE', 'Renamed Treasury'));
    expect(renamed.json()).toMatchObject({ status: 'committed' });

    expect(await prices('B-NEWCODE')).not.toEqual([]);
    expect((await prices('b-newcode'))[0]).toMatchObject({ mf_iNumber: 101, mf_sEng: 'Renamed Treasury' });
    expect((await prices('101'))[0]).toMatchObject({ mf_sEng: 'Renamed Treasury' });
    expect(await prices('B-TREASURY')).toEqual([]); // the old code names no fund any more
  });
});
