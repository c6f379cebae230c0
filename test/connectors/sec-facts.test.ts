import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runConnector } from '../../src/connectors/run.js';
import { readConnectorStates } from '../../src/connectors/state.js';
import { secFunds } from '../../src/connectors/sec/connector.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { startFakeSec, type FakeSec } from './fake-sec.js';
import { DAILYINFO_KEY, DATA, FACTSHEET_KEY, fill } from './sec-fixture.js';

// `rates connect sec-funds` publishes fund facts and dividends (decisions section 11, connectors.md
// "SEC fund facts") against the fake of SEC's API, on the real store, read back through FundFacts.

let fake: FakeSec;
let t: TestApp | undefined;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const LISTED = '2026-06-10T09:00:00';

/**
 * KEQ's facts, built from the fields connectors.md lists for each part (fake-sec.ts says where they
 * come from): two classes with fees of their own, the dividend class paying, texts in base64.
 */
const keqFacts = (risk: string, updated: string) => ({
  risk: { risk_spectrum: risk, risk_spectrum_desc: b64('ความเสี่ยงสูง'), last_upd_date: updated },
  policy: {
    policy_desc: 'ตราสารทุน',
    investment_policy_desc: b64('ลงทุนในหุ้นไทยโดยเฉลี่ยไม่น้อยกว่าร้อยละ 80'),
    management_style: 'AM',
    last_upd_date: updated,
  },
  fee: ['KEQ-A', 'KEQ-D'].flatMap((c, i) => [
    {
      class_abbr_name: c,
      fee_type_desc: 'ค่าธรรมเนียมการขาย (Front-end Fee)',
      rate: 1.5,
      actual_value: i,
      last_upd_date: updated,
    },
    {
      class_abbr_name: c,
      fee_type_desc: 'ค่าธรรมเนียมการจัดการ (Management Fee)',
      rate: 2,
      actual_value: 1.605,
      last_upd_date: updated,
    },
    {
      class_abbr_name: c,
      fee_type_desc: 'ค่าใช้จ่ายรวม (Total Expense Ratio)',
      rate: 2.5,
      actual_value: '1.7655',
      last_upd_date: updated,
    },
  ]),
  benchmark: [{ group_seq: 1, benchmark: 'SET TRI 100%', last_upd_date: updated }],
  dividend: [
    {
      class_abbr_name: 'KEQ-A',
      dividend_policy: 'ไม่จ่าย',
      dividend_policy_remark: null,
      dividend_details: null,
      last_upd_date: updated,
    },
    {
      class_abbr_name: 'KEQ-D',
      dividend_policy: 'จ่าย',
      dividend_policy_remark: b64('ไม่เกินปีละ 2 ครั้ง'),
      dividend_details: [
        { book_closing_date: '2026-03-13', payment_date: '2026-03-27', dividend_per_share: 0.25 },
      ],
      last_upd_date: updated,
    },
  ],
  // URLs and IPO not published: 204.
});

beforeAll(async () => {
  fake = await startFakeSec({ factsheetKey: FACTSHEET_KEY, dailyinfoKey: DAILYINFO_KEY });
  fill(fake);
  // Every fund has its risk published (so each has facts of a day); KEQ has more.
  for (const f of fake.funds) {
    f.last_upd_date = LISTED;
    f.facts = { risk: { risk_spectrum: 'RS4', risk_spectrum_desc: b64('ปานกลาง'), last_upd_date: LISTED } };
  }
  fake.funds.find((f) => f.proj_abbr_name === 'KEQ')!.facts = keqFacts('RS6', LISTED);
});
afterAll(async () => fake?.close());
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  fake.asked.length = 0;
});

const run = () =>
  runConnector(t!.store, secFunds, {
    settings: testConfig({
      secApiUrl: fake.url,
      secFactsheetKey: FACTSHEET_KEY,
      secDailyinfoKey: DAILYINFO_KEY,
      connectRetries: 2,
      connectTimeoutMs: 2000,
    }),
    since: DATA.from,
    now: () => new Date(`${DATA.to}T14:00:00Z`),
    backoffMs: 5,
  });
const facts = async (fund: string) => {
  const res = await t!.app.inject({
    url: `/api/FundPriceService/FundFacts/${fund}`,
    headers: { 'ocp-apim-subscription-key': t!.key },
  });
  return res.json();
};
const factCalls = () => fake.asked.filter((p) => /\/(risk|fee|benchmark|dividend|URLs|IPO)$/.test(p));

describe('rates connect sec-funds: fund facts', () => {
  it('publishes facts per class (base64 decoded, 204 parts null) and the dividends; a second run reads none; a moved date reads that fund again', async () => {
    expect(await run()).toMatchObject({ result: 'ok' });
    const a = await facts('KEQ-A');
    expect(a.risk).toEqual({ level: 6, label: '6', updated: '2026-06-10' });
    expect(a.policy.th).toBe('ลงทุนในหุ้นไทยโดยเฉลี่ยไม่น้อยกว่าร้อยละ 80');
    expect(a.fundType.th).toBe('ตราสารทุน');
    expect(a.fundHouse).toEqual({ en: 'KASIKORN ASSET MANAGEMENT CO., LTD.', th: 'บลจ.กสิกรไทย จำกัด' });
    expect(a.fees.frontEnd).toEqual({ prospectusMax: 1.5, actual: 0 });
    expect(a.fees.totalExpenseRatio).toEqual({ prospectusMax: 2.5, actual: 1.7655 });
    expect(a.benchmark).toMatchObject({ en: 'SET TRI 100%' });
    expect(a.dividendPolicy).toMatchObject({ pays: false });
    expect(a.links).toBeNull(); // URLs: 204
    const d = await facts('KEQ-D');
    expect(d.fees.frontEnd).toEqual({ prospectusMax: 1.5, actual: 1 });
    expect(d.dividendPolicy).toMatchObject({ pays: true, th: 'ไม่เกินปีละ 2 ครั้ง' });
    const paid = await t!.app.inject({
      url: '/api/FundPriceService/FundDividends/KEQ-D/01/01/2026/19/06/2026',
      headers: { 'ocp-apim-subscription-key': t!.key },
    });
    expect(paid.json()).toEqual([
      { bookClosingDate: '2026-03-13', paymentDate: '2026-03-27', perUnit: 0.25 },
    ]);
    // Only the risk published: every other block null.
    expect(await facts('KFIX')).toMatchObject({
      risk: { label: '4' },
      fees: null,
      benchmark: null,
      links: null,
    });
    expect(factCalls().length).toBeGreaterThan(0);

    // The same last_upd_date: no fact is read again.
    fake.asked.length = 0;
    expect(await run()).toMatchObject({ result: 'ok' });
    expect(factCalls(), JSON.stringify(factCalls())).toEqual([]);

    // SEC updates KEQ (risk to RS81): only KEQ's facts are read, and served.
    const keq = fake.funds.find((f) => f.proj_abbr_name === 'KEQ')!;
    keq.last_upd_date = '2026-06-18T09:00:00';
    keq.facts = keqFacts('RS81', '2026-06-18T09:00:00');
    fake.asked.length = 0;
    expect(await run()).toMatchObject({ result: 'ok' });
    expect(new Set(factCalls().map((p) => p.split('/')[3]))).toEqual(new Set([keq.proj_id]));
    expect((await facts('KEQ-A')).risk).toEqual({ level: 8, label: '8+', updated: '2026-06-18' });
  }, 240_000);

  it('reads a fund whose every facts answer is 204 once, not again on every run with the same date', async () => {
    // KFIX: SEC has published nothing of its facts (every call answers 204), so its stored facts
    // carry no day of SEC's to compare the fund list's date with.
    const kfix = fake.funds.find((f) => f.proj_abbr_name === 'KFIX')!;
    const kept = kfix.facts;
    kfix.facts = {};
    try {
      expect(await run()).toMatchObject({ result: 'ok' });
      expect(new Set(factCalls().map((p) => p.split('/')[3]))).toContain(kfix.proj_id);
      expect(await facts('KFIX')).toMatchObject({ risk: null, fees: null, links: null });
      fake.asked.length = 0;
      expect(await run()).toMatchObject({ result: 'ok' });
      expect(factCalls(), JSON.stringify(factCalls())).toEqual([]);
      // The run's memory is no connector of its own in the status.
      expect((await readConnectorStates(t!.store.db)).map((s) => s.connector)).toEqual(['sec-funds']);
      // A moved date reads it again.
      kfix.last_upd_date = '2026-06-18T09:00:00';
      fake.asked.length = 0;
      expect(await run()).toMatchObject({ result: 'ok' });
      expect(new Set(factCalls().map((p) => p.split('/')[3]))).toEqual(new Set([kfix.proj_id]));
    } finally {
      kfix.facts = kept;
      kfix.last_upd_date = LISTED;
    }
  }, 240_000);
});
