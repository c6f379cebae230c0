import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { NavMaxMin } from '../../src/nav/schemas.js';
import { createTestApp, dmy, postBatch, type TestApp } from '../helpers/app.js';
import { FUNDS } from '../helpers/fixture.js';

// The nav group's answers come from the answer cache, the fund listing and the price and NAV series
// kept until the data changes. A batch that commits makes every one of them answer the new data at
// once; a store without data answers the empty shapes.

describe('the nav group after a batch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({
      url: `/api/nav/${url}`,
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(res.statusCode, url).toBe(200);
    return res.json() as unknown;
  };
  type Row = Record<string, unknown>;
  const abroad = (rows: unknown) => (rows as Row[]).find((r) => r.mf_iNumber === String(FUNDS.abroad.id));
  const publish = async (type: string, header: string, row: string) => {
    const res = await postBatch(t, type, `${header}\n${row}\n`);
    expect(res.json()).toMatchObject({ status: 'committed' });
  };

  it('answer the new data right after the batch commits', async () => {
    const { latest, today } = t.fixture;
    const range = `${dmy(addDays(latest, -5))}/${dmy(latest)}`;
    const [year, month] = [latest.slice(0, 4), Number(latest.slice(5, 7))];
    const urls = {
      latest: 'LatestDate',
      names: 'AllFundNames',
      days: `GetUpdateInMonth/${year}/${month}/${FUNDS.abroad.id}`,
      day: `AllFundPrices/${dmy(latest)}`,
      statistics: `FundMaxMinNav/${FUNDS.abroad.code}/${range}`,
      history: `NavHistory/${FUNDS.abroad.id}/${range}`,
    };
    // Asked twice, so the second answer comes from the answer cache.
    for (const url of Object.values(urls)) await get(url);
    for (const url of Object.values(urls)) await get(url);
    expect(await get(urls.latest)).toEqual({ mdate: latest });
    expect(abroad(await get(urls.day))).toMatchObject({ mf_backdate: addDays(latest, -2) });
    expect(abroad(await get(urls.names))).toMatchObject({ mf_backdate: addDays(latest, -2) });
    expect(await get(urls.days)).not.toContainEqual({ day: Number(latest.slice(8)) });
    expect(((await get(urls.history)) as Row[]).map((r) => r.mfr_dDataDate)).not.toContain(latest);

    await publish(
      'fund-prices',
      'fund,date,nav,offer,redemption,total_net_assets',
      `${FUNDS.abroad.code},${latest},99.5,99.6,99.4,1234.5`,
    );
    const prices = { mfr_fNav: 99.5, mfr_fSel: 99.6, mfr_fBuy: 99.4, mfr_dDataDate: latest };
    const fresh = { ...prices, mf_sAUM: '1234.50' };
    expect(abroad(await get(urls.day))).toMatchObject({ ...fresh, mf_backdate: '' });
    expect(abroad(await get(urls.names))).toMatchObject({ ...fresh, mf_backdate: '' });
    expect(await get(urls.days)).toContainEqual({ day: Number(latest.slice(8)) });
    expect(((await get(urls.history)) as Row[]).at(-1)).toMatchObject(prices);
    expect(await get(urls.statistics)).toMatchObject({
      MaxSelected_fNav: 99.5,
      MaxSelected_fSel: 99.6,
      MaxSelected_fBuy: 99.4,
      MaxSince_fNav: 99.5,
      End_fNav: 99.5,
    });

    // A price of a later day moves the latest date, and with it every other fund's back date.
    await publish(
      'fund-prices',
      'fund,date,nav,offer,redemption,total_net_assets',
      `${FUNDS.treasury.code},${today},11.5,11.5,11.5,`,
    );
    expect(await get(urls.latest)).toEqual({ mdate: today });
    expect(abroad(await get(urls.names))).toMatchObject({ mf_backdate: latest });

    // A renamed, reordered fund shows its new name and order.
    await publish(
      'funds',
      'id,code,category_id,name_en,name_th,name_th_short,link_en,link_th,factsheet_url,display_order',
      `${FUNDS.abroad.id},${FUNDS.abroad.code},3,Renamed Abroad,กองทุนต่างประเทศ,,https://a.example.com,https://a.example.com/th,https://a.example.com/a.pdf,4`,
    );
    expect(abroad(await get(urls.names))).toMatchObject({ mf_sEng: 'Renamed Abroad', mf_order: 4 });
    expect(abroad(await get(urls.day))).toMatchObject({ mf_sEng: 'Renamed Abroad' });
    expect(((await get(urls.history)) as Row[]).at(-1)).toMatchObject({
      mf_sEng: 'Renamed Abroad',
      mf_order: 4,
    });
  });
});

describe('the nav group on a store without data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  const body = async (url: string) => {
    const res = await t.app.inject({
      url: `/api/nav/${url}`,
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it('answers the empty shapes: a null date, empty lists, every statistic null', async () => {
    expect(JSON.parse(await body('LatestDate'))).toEqual({ mdate: null });
    expect(await body('AllFundNames')).toBe('[]');
    expect(await body('GetUpdateInMonth/2026/1/0')).toBe('[]');
    expect(await body('AllFundPrices/05/01/2026')).toBe('[]');
    expect(await body('NavHistory/101/01/01/2026/31/01/2026')).toBe('[]');
    const nulls = Object.fromEntries(Object.keys(NavMaxMin.properties).map((k) => [k, null]));
    expect(JSON.parse(await body('FundMaxMinNav/101/01/01/2026/31/01/2026'))).toEqual(nulls);
  });
});
