import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears } from '../../src/domain/dates.js';
import { createTestApp, dmy, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, accept?: string) =>
  t.app.inject({
    url: `/api/ExchangeRateService/${url}`,
    headers: { 'ocp-apim-subscription-key': t.key, ...(accept ? { accept } : {}) },
  });

const RATE = /^\d+\.\d{4}$/;
const ROW_FIELDS = [
  'Family',
  'BuyingRates',
  'SellingRates',
  'SightBill',
  'Bill_DD_TT',
  'TT',
  'Ddate',
  'DTime',
];
const BANNER_FIELDS = [
  'ID',
  'Description',
  'Family',
  'FamilyLong',
  'BuyingRates',
  'SellingRates',
  'SightBill',
  'Bill_DD_TT',
  'TT',
  'Ddate',
  'Update',
  'DTime',
];

describe('Getfxfamily', () => {
  it('lists the families in display order, abbreviation and full name', async () => {
    const res = await get('Getfxfamily');
    expect(res.json()).toEqual([
      { Family: 'USD1', Description: 'US Dollar 1-2' },
      { Family: 'USD50', Description: 'US Dollar 50-100' },
      { Family: 'GBP', Description: 'Pound Sterling' },
      { Family: 'JPY', Description: 'Japanese Yen' },
    ]);
  });
});

describe('GetfxbannerAPI', () => {
  it("gives each asked family's latest round in the order asked, all fields strings", async () => {
    const res = await get('GetfxbannerAPI/jpy, USD50 ,USD1,JPY');
    const rows = res.json() as Record<string, string>[];
    expect(rows.map((r) => r.Family)).toEqual(['JPY', 'USD50', 'USD1']);
    const [y, m, d] = t.fixture.latest.split('-');
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(BANNER_FIELDS);
      for (const f of BANNER_FIELDS) expect(typeof r[f]).toBe('string');
      expect(r.Ddate).toBe(`${Number(d)}/${m}/${y}`);
      expect(r).toMatchObject({ Update: '3', DTime: '15:30' });
      expect(r.ID).toMatch(/^\d+$/);
    }
    expect(rows[0]).toMatchObject({
      Description: 'Japan (:100)',
      FamilyLong: 'Japanese Yen',
      BuyingRates: '21.1000',
    });
    expect(rows[1]).toMatchObject({ Description: 'USD: 50-100', BuyingRates: '32.3300', TT: '32.4300' });
    expect(rows[2]).toMatchObject({ SightBill: '', Bill_DD_TT: '', TT: '', SellingRates: '32.8300' });
  });

  it('takes a list of every family at once, as a currency board asks', async () => {
    const families = (await get('Getfxfamily')).json() as { Family: string }[];
    const list = [...families.map((f) => f.Family), ...Array.from({ length: 30 }, (_, i) => `XX${i}`)];
    const res = await get(`GetfxbannerAPI/${list.join(',')}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { Family: string }[]).map((r) => r.Family)).toEqual(['USD1', 'USD50', 'JPY']);
  });

  it('leaves out unknown and unpublished families', async () => {
    // GBP is a family with no rates published yet.
    expect((await get('GetfxbannerAPI/XXX,GBP')).json()).toEqual([]);
  });

  it('refuses a list with no family or with strange characters', async () => {
    expect((await get('GetfxbannerAPI/,,')).statusCode).toBe(400);
    const bad = await get(`GetfxbannerAPI/${encodeURIComponent("USD';--")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid family: expected comma-separated currency family codes/);
  });
});

describe('GetDownloadfxrates', () => {
  const range = () => `${dmy(addDays(t.fixture.latest, -9))}/${dmy(t.fixture.latest)}`;

  it("gives one row a day, the day's last round, ascending, MM/dd/yyyy", async () => {
    const rows = (await get(`GetDownloadfxrates/${range()}/usd50/en`)).json() as Record<string, string>[];
    expect(rows).toHaveLength(10);
    const dates = Array.from({ length: 10 }, (_, i) => addDays(t.fixture.latest, i - 9));
    expect(rows.map((r) => r.Ddate)).toEqual(
      dates.map((d) => `${d.slice(5, 7)}/${d.slice(8)}/${d.slice(0, 4)}`),
    );
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(ROW_FIELDS);
      expect(r).toMatchObject({ Family: 'USD50', DTime: '15:30', BuyingRates: '32.3300' });
      for (const f of ['BuyingRates', 'SellingRates', 'SightBill', 'Bill_DD_TT', 'TT'])
        expect(r[f]).toMatch(RATE);
    }
  });

  it('writes Buddhist-era years for lang=th, case-insensitively', async () => {
    const rows = (await get(`GetDownloadfxrates/${range()}/USD50/TH`)).json() as Record<string, string>[];
    const year = Number(t.fixture.latest.slice(0, 4)) + 543;
    expect(rows.at(-1)!.Ddate).toBe(`${t.fixture.latest.slice(5, 7)}/${t.fixture.latest.slice(8)}/${year}`);
  });

  it('serves the same rows as CSV with Accept: text/csv', async () => {
    const json = (await get(`GetDownloadfxrates/${range()}/USD1/en`)).json() as Record<string, string>[];
    const csv = await get(`GetDownloadfxrates/${range()}/USD1/en`, 'text/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ROW_FIELDS.join(','));
    expect(lines.slice(1)).toEqual(json.map((r) => ROW_FIELDS.map((f) => r[f]).join(',')));
    expect(lines[1]).toMatch(/^USD1,32\.\d{4},32\.\d{4},,,,\d{2}\/\d{2}\/\d{4},15:30$/);
  });

  it('accepts exactly 3 years and refuses a longer period', async () => {
    const to = t.fixture.latest;
    const ok = await get(`GetDownloadfxrates/${dmy(addYears(to, -3))}/${dmy(to)}/USD50/en`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().length).toBeGreaterThan(0);
    const tooLong = await get(`GetDownloadfxrates/${dmy(addDays(addYears(to, -3), -1))}/${dmy(to)}/USD50/en`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^Invalid period: expected at most 3 years, got/);
  });

  it('gives [] for an unknown family and 400 for a bad lang', async () => {
    expect((await get(`GetDownloadfxrates/${range()}/XYZ/en`)).json()).toEqual([]);
    const bad = await get(`GetDownloadfxrates/${range()}/USD50/de`);
    expect(bad.json()).toEqual({ statusCode: 400, message: "Invalid lang: expected 'en' or 'th', got 'de'" });
  });
});
