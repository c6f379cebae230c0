import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';
import { abroadNetAssets, fixtureNav, FUNDS } from '../helpers/fixture.js';

// The website's fund operations (contract notes: fund and loan operations): AllFundPrices' back-dated prices and its three
// extra fields, AllFundsName, and Fund_Nav / FundPrice with their ignored last segment.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({ url: `/api/FundPriceService/${url}`, headers: { 'ocp-apim-subscription-key': t.key } });
const dt = (iso: string) => `${iso}T00:00:00`;

/** What a fund of the fixture shows on its `dayIndex`-th day before the latest: category and names. */
const names = (id: number, code: string, category: [number, string, string]) => ({
  mf_iNumber: String(id),
  mf_sEng: `${code} Fund`,
  mf_sTha: `กองทุนเปิด ${code}`,
  mf_catenumber: category[0],
  mf_cateEng: category[1],
  mf_cateTha: category[2],
  mf_linkEng: `https://funds.example.com/en/fund/${code}`,
  mf_linkTha: `https://funds.example.com/th/fund/${code}`,
});
const MONEY: [number, string, string] = [1, 'Money Market Fund', 'กองทุนรวมตลาดเงิน'];
const EQUITY: [number, string, string] = [2, 'Equity Fund', 'กองทุนรวมตราสารทุน'];
const ABROAD: [number, string, string] = [3, 'Foreign Investment Fund', 'กองทุนรวมต่างประเทศ'];

describe('AllFundPrices, as the website reads it', () => {
  it('shows each fund of the latest day, a late one with its earlier price, AUM and back date', async () => {
    const { latest } = t.fixture;
    const res = await get(`AllFundPrices/${dmy(latest)}`);
    expect(res.statusCode).toBe(200);
    const n101 = fixtureNav(101, 0);
    // B-EQUITY has no weekend prices: on a weekend its Friday's price is shown, back-dated.
    const equityDay = [0, 1, 2].find((i) => dayOfWeek(addDays(latest, -i)) % 6 !== 0)!;
    const equityDate = addDays(latest, -equityDay);
    const a = fixtureNav(301, 2);
    expect(res.json()).toEqual([
      {
        ...names(101, 'B-TREASURY', MONEY),
        mfr_fNav: n101,
        mfr_fSel: n101,
        mfr_fBuy: n101,
        mfr_dDataDate: dt(latest),
        mfr_sAUM: '1000000000.00',
        mf_backdate: '',
      },
      expect.objectContaining({
        ...names(201, 'B-GLOBAL', EQUITY),
        mfr_dDataDate: dt(latest),
        mfr_sAUM: '500000000.00',
        mf_backdate: '',
      }),
      expect.objectContaining({
        ...names(202, 'B-EQUITY', EQUITY),
        mfr_fNav: fixtureNav(202, equityDay),
        mfr_dDataDate: dt(equityDate),
        mfr_sAUM: '', // not published
        mf_backdate: equityDay === 0 ? '' : dt(equityDate),
      }),
      {
        ...names(301, 'B-ABROAD', ABROAD),
        mfr_fNav: a,
        mfr_fSel: Math.round((a + 0.1) * 10000) / 10000,
        mfr_fBuy: a,
        mfr_dDataDate: dt(addDays(latest, -2)),
        mfr_sAUM: '250000001.00',
        mf_backdate: dt(addDays(latest, -2)),
      },
    ]);
  });

  it('goes back 7 days at most for a fund without a price of the day', async () => {
    // B-ABROAD published 21 days before the latest and then nothing until 9 days before.
    const shown = async (daysBefore: number) => {
      const rows = (await get(`AllFundPrices/${dmy(addDays(t.fixture.latest, -daysBefore))}`)).json() as {
        mf_iNumber: string;
      }[];
      return rows.find((r) => r.mf_iNumber === String(FUNDS.abroad.id));
    };
    const weekOld = addDays(t.fixture.latest, -21);
    expect(await shown(14)).toMatchObject({
      mfr_fNav: fixtureNav(301, 21),
      mfr_dDataDate: dt(weekOld),
      mfr_sAUM: `${abroadNetAssets(21)}0`, // 250000010.5 with its second decimal
      mf_backdate: dt(weekOld),
    });
    expect(abroadNetAssets(21)).toBe(250000010.5);
    expect(await shown(13)).toBeUndefined();
    expect(await shown(21)).toMatchObject({ mfr_dDataDate: dt(weekOld), mf_backdate: '' });
  });

  it('is [] for a day on which no fund has a price, even with prices in the week before', async () => {
    expect((await get(`AllFundPrices/${dmy(t.fixture.today)}`)).body).toBe('[]');
    expect((await get(`AllFundPrices/${dmy(addDays(t.fixture.today, 3))}`)).body).toBe('[]');
    expect((await get('AllFundPrices/01/01/1990')).body).toBe('[]');
  });
});

describe('AllFundsName', () => {
  it("lists every fund, priced or not, in AllFundPrices' order, with the fields up to mf_linkTha", async () => {
    const res = await get('AllFundsName');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual([
      names(101, 'B-TREASURY', MONEY),
      names(201, 'B-GLOBAL', EQUITY),
      names(202, 'B-EQUITY', EQUITY),
      names(999, 'B-EMPTY', EQUITY),
      names(301, 'B-ABROAD', ABROAD),
    ]);
  });

  it('answers the same whatever the case of its path', async () => {
    const lower = await t.app.inject({
      url: '/api/fundpriceservice/allfundsname',
      headers: { 'ocp-apim-subscription-key': t.key },
    });
    expect(lower.body).toBe((await get('AllFundsName')).body);
  });
});

describe("Fund_Nav and FundPrice, the website's paths", () => {
  const range = () => `${dmy(addDays(t.fixture.latest, -40))}/${dmy(t.fixture.latest)}`;

  it('answer what Fund_Nav_ByFundCode and FundPrice_ByFundCode answer, whatever the last segment', async () => {
    for (const fund of ['101', 'b-treasury', '202', 'NO-SUCH']) {
      const statistics = await get(`Fund_Nav_ByFundCode/${fund}/${range()}`);
      const prices = await get(`FundPrice_ByFundCode/${fund}/${range()}`);
      for (const x of ['N', 'y', 'ABCDEFGHIJ', '0123456789']) {
        const nav = await get(`Fund_Nav/${fund}/${range()}/${x}`);
        expect(nav.statusCode).toBe(200);
        expect(nav.body).toBe(statistics.body);
        const history = await get(`FundPrice/${fund}/${range()}/${x}`);
        expect(history.statusCode).toBe(200);
        expect(history.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(history.body).toBe(prices.body);
      }
    }
    expect((await get(`FundPrice/101/${range()}/N`)).json()).toHaveLength(41);
    expect((await get(`Fund_Nav/101/${range()}/N`)).json()[0]).toMatchObject({
      End_mfr_fNav: fixtureNav(101, 0),
      End_mfr_dDataDate: dt(t.fixture.latest),
    });
  });

  it('refuse a last segment that is not 1 to 10 letters or digits', async () => {
    for (const op of ['Fund_Nav', 'FundPrice']) {
      for (const x of ['ABCDEFGHIJK', 'N-1', '%C3%A9']) {
        const res = await get(`${op}/101/${range()}/${x}`);
        expect(res.json()).toEqual({
          statusCode: 400,
          message: `Invalid x: expected one to ten letters or digits (ignored), got '${decodeURIComponent(x)}'`,
        });
      }
    }
  });

  it('refuse bad dates as the operations they stand for do', async () => {
    const res = await get('Fund_Nav/101/31/02/2026/01/03/2026/N');
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Invalid fdd: expected a day that exists in 2026-02, got '31'",
    });
    const late = await get('FundPrice/101/02/01/2026/01/01/2026/N');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^Invalid period: expected a start date on or before the end date/);
    expect((await get('FundPrice/101/01/01/2569/01/01/2569/N')).json().message).toMatch(/^Invalid fyyyy:/);
  });
});

describe('the website fund listings on a store without funds', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp({ seed: false });
  });
  afterAll(async () => empty.close());

  it('answer [] (an empty listing is still kept in its cache)', async () => {
    for (const url of ['AllFundsName', 'AllFundPrices/05/01/2026', 'AllFundsName']) {
      const res = await empty.app.inject({
        url: `/api/FundPriceService/${url}`,
        headers: { 'ocp-apim-subscription-key': empty.key },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('[]');
    }
  });
});
