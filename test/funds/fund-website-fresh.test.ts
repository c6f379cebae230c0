import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp, postBatch } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// The website's fund operations are served from the answer cache, from the fund listing kept until the
// data changes and from the price histories in memory. A batch that commits makes all of them answer
// the new data at once: a late fund's price replaces its back-dated one, a renamed fund shows its new
// name in the picker, a history and its statistics take the new price.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({
    url: `/api/FundPriceService/${url}`,
    headers: { 'ocp-apim-subscription-key': t.key },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>[];
};

const publish = (type: string, header: string, row: string) => postBatch(t, type, `${header}\n${row}\n`);

describe("the website's fund operations after a batch", () => {
  it('answer the new data right after the batch commits', async () => {
    const { latest } = t.fixture;
    const abroad = (rows: Record<string, unknown>[]) =>
      rows.find((r) => r.mf_iNumber === String(FUNDS.abroad.id) || r.mf_iNumber === FUNDS.abroad.id);
    const range = `${dmy(addDays(latest, -5))}/${dmy(latest)}`;
    const urls = {
      day: `AllFundPrices/${dmy(latest)}`,
      names: 'AllFundsName',
      history: `FundPrice/${FUNDS.abroad.code}/${range}/N`,
      statistics: `Fund_Nav/${FUNDS.abroad.id}/${range}/N`,
    };
    // Asked twice, so the second answer comes from the answer cache.
    for (const url of Object.values(urls)) await get(url);
    expect(abroad(await get(urls.day))).toMatchObject({ mf_backdate: `${addDays(latest, -2)}T00:00:00` });
    expect((await get(urls.history)).map((r) => r.mfr_dDataDate)).not.toContain(`${latest}T00:00:00`);

    const prices = await publish(
      'fund-prices',
      'fund,date,nav,offer,redemption,total_net_assets',
      `${FUNDS.abroad.code},${latest},99.5,99.6,99.5,1234.5`,
    );
    expect(prices.json()).toMatchObject({ status: 'committed' });
    expect(abroad(await get(urls.day))).toMatchObject({
      mfr_fNav: 99.5,
      mfr_dDataDate: `${latest}T00:00:00`,
      mfr_sAUM: '1234.50',
      mf_backdate: '',
    });
    expect((await get(urls.history)).at(-1)).toMatchObject({
      mfr_fNav: 99.5,
      mfr_dDataDate: `${latest}T00:00:00`,
    });
    expect((await get(urls.statistics))[0]).toMatchObject({ MaxSelected_mfr_fNav: 99.5, End_mfr_fNav: 99.5 });

    const renamed = await publish(
      'funds',
      'id,code,category_id,name_en,name_th,name_th_short,link_en,link_th,factsheet_url,display_order',
      `${FUNDS.abroad.id},${FUNDS.abroad.code},3,Renamed Abroad,กองทุนต่างประเทศ,,https://a.example.com,https://a.example.com/th,https://a.example.com/a.pdf,1`,
    );
    expect(renamed.json()).toMatchObject({ status: 'committed' });
    expect(abroad(await get(urls.names))).toMatchObject({
      mf_sEng: 'Renamed Abroad',
      mf_sTha: 'กองทุนต่างประเทศ',
    });
    expect(abroad(await get(urls.day))).toMatchObject({ mf_sEng: 'Renamed Abroad' });
  });
});
