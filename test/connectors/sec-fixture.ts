import { businessDays } from '../../src/domain/thai-calendar.js';
import {
  arrayNav,
  objectNav,
  type FakeAmc,
  type FakeClassNav,
  type FakeFund,
  type FakeSec,
} from './fake-sec.js';

// A handful of funds of two fund houses, each showing one thing the SEC connector must do: a fund
// without classes in each body shape, classes in remark_en text and as rows, a short name with a
// space, prices of 0 (none), a fund cancelled in the middle, one never registered, days without a NAV
// (204), a name that cannot be a fund code and an offer below the NAV (both refused, named).

export const FACTSHEET_KEY = 'fs-0f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const DAILYINFO_KEY = 'di-9a8b7c6d5e4f30211203f4e5d6c7b8a9';
export const DATA = { from: '2026-06-01', to: '2026-06-19' };
export const DAYS = [...businessDays(DATA.from, DATA.to)];

export const AMCS: FakeAmc[] = [
  { unique_id: 'C0000000021', name_en: 'KASIKORN ASSET MANAGEMENT CO., LTD.', name_th: 'บลจ.กสิกรไทย จำกัด' },
  { unique_id: 'C0000000239', name_en: 'BBL ASSET MANAGEMENT CO., LTD.', name_th: 'บลจ.บัวหลวง จำกัด' },
];

const fund = (
  f: Partial<FakeFund> & Pick<FakeFund, 'proj_id' | 'proj_abbr_name' | 'unique_id'>,
): FakeFund => ({
  proj_name_en: `${f.proj_abbr_name} Open-End Fund`,
  proj_name_th: `กองทุนเปิด ${f.proj_abbr_name}`,
  fund_status: 'RG',
  regis_date: '2010-01-04',
  cancel_date: '-',
  policy_desc: 'ตราสารทุน',
  ...f,
});

export const FUNDS: FakeFund[] = [
  fund({ proj_id: 'M0100_2553', proj_abbr_name: 'KFIX', unique_id: 'C0000000021', policy_desc: 'ตราสารหนี้' }),
  fund({ proj_id: 'M0101_2553', proj_abbr_name: 'KEQ', unique_id: 'C0000000021' }),
  fund({ proj_id: 'M0102_2568', proj_abbr_name: 'ASP-DEQ ThaiESGX', unique_id: 'C0000000021' }),
  fund({
    proj_id: 'M0103_2553',
    proj_abbr_name: 'KOLD',
    unique_id: 'C0000000021',
    fund_status: 'CA',
    cancel_date: '2026-06-10',
  }),
  fund({
    proj_id: 'M0104_2569',
    proj_abbr_name: 'KNEW',
    unique_id: 'C0000000021',
    fund_status: 'SE',
    regis_date: '-',
  }),
  fund({ proj_id: 'M0200_2553', proj_abbr_name: 'BMM', unique_id: 'C0000000239', policy_desc: 'ตลาดเงิน' }),
  fund({
    proj_id: 'M0201_2553',
    proj_abbr_name: 'บัวหลวงทองคำ',
    unique_id: 'C0000000239',
    policy_desc: 'ทองคำ',
  }),
  fund({ proj_id: 'M0202_2553', proj_abbr_name: 'BOFFER', unique_id: 'C0000000239', policy_desc: 'ผสม' }),
];

/** One expected price as the service serves it. */
export interface Expected {
  proj: string;
  code: string;
  date: string;
  nav: number;
  offer: number;
  redemption: number;
  aum: string;
  category: number;
  name: string;
}

/** A NAV of a fund (index i) on a day (index d), with four decimals. */
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const nav = (i: number, d: number, k = 0) => r4(10 + i + k * 0.5 + d * 0.0123);

/** Fills the fake with the funds' NAVs and returns what the service must publish and what it refuses. */
export function fill(fake: FakeSec): { expected: Expected[]; refused: { fund: string; date: string }[] } {
  fake.amcs.push(...AMCS);
  fake.funds.push(...FUNDS);
  const expected: Expected[] = [];
  const refused: { fund: string; date: string }[] = [];
  const put = (f: FakeFund, date: string, body: unknown) => fake.navs.set(`${f.proj_id}|${date}`, body);
  const [kfix, keq, asp, kold, , bmm, thai, boffer] = FUNDS as [
    FakeFund,
    FakeFund,
    FakeFund,
    FakeFund,
    FakeFund,
    FakeFund,
    FakeFund,
    FakeFund,
  ];
  for (const [d, date] of DAYS.entries()) {
    // The object shape, no classes: offer and redemption given, assets of the fund.
    const k = { name: null, nav: nav(0, d), offer: r4(nav(0, d) + 0.05), redemption: r4(nav(0, d) - 0.05) };
    put(kfix, date, objectNav(kfix, date, [k], 1_000_000 + d + 0.456));
    expected.push({
      proj: kfix.proj_id,
      code: 'KFIX',
      date,
      nav: k.nav,
      offer: k.offer,
      redemption: k.redemption,
      aum: (1_000_000 + d + 0.46).toFixed(2),
      category: 2,
      name: 'KFIX Open-End Fund',
    });
    // The object shape with classes: NAVs in remark_en only, no prices, no assets per class.
    const classes: FakeClassNav[] = [
      { name: 'KEQ-A', nav: nav(1, d) },
      { name: 'KEQ-D', nav: nav(1, d, 1) },
    ];
    put(keq, date, objectNav(keq, date, classes, 9_000_000));
    for (const c of classes)
      expected.push({
        proj: keq.proj_id,
        code: c.name!,
        date,
        nav: c.nav,
        offer: c.nav,
        redemption: c.nav,
        aum: '',
        category: 4,
        name: `KEQ Open-End Fund (${c.name})`,
      });
    // The array shape, "-" for no class; a short name with a space; no NAV on the second day (204).
    if (d !== 1) {
      const a = { name: null, nav: nav(2, d), offer: r4(nav(2, d) + 0.1), netAsset: 500_000 };
      put(asp, date, arrayNav(date, [a]));
      expected.push({
        proj: asp.proj_id,
        code: 'ASP-DEQ-ThaiESGX',
        date,
        nav: a.nav,
        offer: a.offer,
        redemption: a.nav,
        aum: '500000.00',
        category: 4,
        name: 'ASP-DEQ ThaiESGX Open-End Fund',
      });
    }
    // The array shape with classes, until the fund's cancellation (a NAV after it is never asked).
    const old = [
      { name: 'KOLD-A', nav: nav(3, d), netAsset: 100 },
      { name: 'KOLD-B', nav: nav(3, d, 1), redemption: r4(nav(3, d, 1) - 0.01), netAsset: 200 },
    ];
    put(kold, date, arrayNav(date, old));
    if (date <= kold.cancel_date)
      for (const c of old)
        expected.push({
          proj: kold.proj_id,
          code: c.name,
          date,
          nav: c.nav,
          offer: c.nav,
          redemption: c.redemption ?? c.nav,
          aum: `${c.netAsset}.00`,
          category: 4,
          name: `KOLD Open-End Fund (${c.name})`,
        });
    // Money market, the array shape; a Thai short name (no code: refused, named); an offer below the NAV.
    const m = { name: null, nav: nav(5, d), netAsset: 0 };
    put(bmm, date, arrayNav(date, [m]));
    expected.push({
      proj: bmm.proj_id,
      code: 'BMM',
      date,
      nav: m.nav,
      offer: m.nav,
      redemption: m.nav,
      aum: '',
      category: 1,
      name: 'BMM Open-End Fund',
    });
    put(thai, date, arrayNav(date, [{ name: null, nav: nav(6, d) }]));
    refused.push({ fund: thai.proj_abbr_name, date });
    const below = d === 2;
    const o = { name: null, nav: nav(7, d), offer: below ? r4(nav(7, d) - 1) : r4(nav(7, d) + 0.2) };
    put(boffer, date, objectNav(boffer, date, [o], 3_000_000));
    if (below) refused.push({ fund: 'BOFFER', date });
    else
      expected.push({
        proj: boffer.proj_id,
        code: 'BOFFER',
        date,
        nav: o.nav,
        offer: o.offer,
        redemption: o.nav,
        aum: '3000000.00',
        category: 3,
        name: 'BOFFER Open-End Fund',
      });
  }
  return { expected, refused };
}

export { BACKDATE_DAYS } from '../../src/funds/repository.js';
