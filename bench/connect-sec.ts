// npm run bench:connect (SEC part) [-- --postgres-url postgres://.../bench_connect]
//
// `rates connect sec-funds` at market scale (issue 46): 2,500 funds of 25 fund houses, a quarter of
// them with two classes, in both NAV body shapes, against the local fake of SEC (test/connectors/
// fake-sec.ts) answering at once: what is measured is the service's own cost. Three runs:
// - the first day (the catalogue, every new fund's policy type, the day's NAVs), paced for nothing,
//   to show the service's cost of a first run;
// - the next day, as the daily job runs it (funds known), under SEC's real limit (3,000 calls per
//   300 s): it fits one window, so it waits for nothing and the time is the service's own;
// - the day after under a limit of 1,000 calls per 5 s (windows 60 times shorter than SEC's): the
//   pacing shows, and is printed apart from the service's own cost.
// Time, requests and rows per second of each; the load average too (the machine may be shared).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runConnector } from '../src/connectors/run.js';
import { secFunds } from '../src/connectors/sec/connector.js';
import { businessDays } from '../src/domain/thai-calendar.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { arrayNav, objectNav, startFakeSec, type FakeFund } from '../test/connectors/fake-sec.js';
import { testConfig } from '../test/helpers/config.js';
import { loadAverage } from './harness/load.js';
import { recreateDatabase } from './harness/postgres.js';

const { values } = parseArgs({ options: { 'postgres-url': { type: 'string' } } });
const FUNDS = 2500;
const HOUSES = 25;
const KEYS = { factsheet: 'bench-factsheet-key', dailyinfo: 'bench-dailyinfo-key' };
const DAYS = [...businessDays('2026-05-04', '2026-05-15')].slice(0, 3);

const fake = await startFakeSec({ factsheetKey: KEYS.factsheet, dailyinfoKey: KEYS.dailyinfo });
// The fake's own window is off: what is measured is the connector's pacing, not the fake's refusals.
fake.unlimited = true;
for (let h = 0; h < HOUSES; h++)
  fake.amcs.push({
    unique_id: `C${String(h + 1).padStart(10, '0')}`,
    name_en: `House ${h + 1}`,
    name_th: `บลจ. ${h + 1}`,
  });
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const policies = ['ตราสารทุน', 'ตราสารหนี้', 'ผสม', 'ตลาดเงิน', 'ทองคำ'];
for (let i = 0; i < FUNDS; i++) {
  const f: FakeFund = {
    proj_id: `M${String(i + 1).padStart(4, '0')}_2560`,
    proj_abbr_name: `F${i + 1}`,
    proj_name_en: `Fund ${i + 1}`,
    proj_name_th: `กองทุน ${i + 1}`,
    fund_status: 'RG',
    regis_date: '2017-01-03',
    cancel_date: '-',
    unique_id: fake.amcs[i % HOUSES]!.unique_id,
    policy_desc: policies[i % policies.length]!,
  };
  fake.funds.push(f);
  for (const [d, day] of DAYS.entries()) {
    const nav = r4(10 + (i % 50) + d * 0.01);
    const classes = [
      { name: `F${i + 1}-A`, nav },
      { name: `F${i + 1}-D`, nav: r4(nav + 1) },
    ];
    const body =
      i % 4 === 0
        ? objectNav(f, day, classes, 1e9)
        : i % 4 === 1
          ? objectNav(f, day, [{ name: null, nav, offer: r4(nav + 0.1), redemption: nav }], 5e8 + i)
          : arrayNav(day, [
              { name: null, nav, offer: r4(nav + 0.05), redemption: r4(nav - 0.05), netAsset: 2e8 + i },
            ]);
    fake.navs.set(`${f.proj_id}|${day}`, body);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-connect-sec-'));
const url = values['postgres-url'] ?? `sqlite:${join(dir, 'bench.db')}`;
if (values['postgres-url']) await recreateDatabase(url);
const store = openStore(url);
await migrateToLatest(store.db);

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const evening = (day: string) => () => new Date(`${day}T14:00:00Z`);

async function measure(
  what: string,
  since: string,
  today: string,
  limit: { calls: number; seconds: number },
) {
  const waits = { asked: 0 };
  const cpu = process.cpuUsage();
  const summary = await runConnector(store, secFunds, {
    settings: testConfig({
      secApiUrl: fake.url,
      secFactsheetKey: KEYS.factsheet,
      secDailyinfoKey: KEYS.dailyinfo,
      secRateLimit: limit,
      connectCorrectionDays: 0,
    }),
    since,
    now: evening(today),
    onWait: (ms) => (waits.asked += ms),
  });
  const used = process.cpuUsage(cpu);
  if (summary.result !== 'ok') throw new Error(`${what}: ${summary.error}`);
  if (summary.refused.length > 0) throw new Error(`${what}: ${summary.refused.length} rows refused`);
  const paced = (summary.pacedMs ?? 0) / 1000;
  const own = summary.seconds - paced - waits.asked / 1000;
  console.log(
    `${what.padEnd(44)} ${summary.seconds.toFixed(1).padStart(7)} s ${n(summary.requests).padStart(7)} requests ` +
      `${n(summary.published).padStart(7)} rows ${n(summary.published / summary.seconds).padStart(7)} rows/s ` +
      `| paced ${paced.toFixed(1).padStart(6)} s, own ${own.toFixed(1).padStart(5)} s ` +
      `(${((own * 1000) / summary.requests).toFixed(2)} ms a call, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`,
  );
  return { summary, own, paced };
}

console.log(
  `SEC at market scale: ${n(FUNDS)} funds of ${HOUSES} houses (a quarter in two classes), fake SEC answering at once`,
);
console.log(`store: ${values['postgres-url'] ? 'PostgreSQL' : 'SQLite'}; load average ${loadAverage()}\n`);
try {
  const unpaced = { calls: 1_000_000, seconds: 1 };
  await measure(`first day ${DAYS[0]} (catalogue, policies, NAVs)`, DAYS[0]!, DAYS[0]!, unpaced);
  const daily = await measure(`daily run ${DAYS[1]} at SEC's 3,000 / 300 s`, DAYS[0]!, DAYS[1]!, {
    calls: 3000,
    seconds: 300,
  });
  // Windows 60 times shorter than SEC's at twice its rate: the day's calls fill two, and wait for them.
  const paced = await measure(`day ${DAYS[2]} at 1,000 / 5 s (SEC's rate x2)`, DAYS[0]!, DAYS[2]!, {
    calls: 1000,
    seconds: 5,
  });
  const perCall = (daily.own * 1000) / daily.summary.requests;
  console.log(
    `\nSEC allows one call per 100 ms on average (3,000 per 300 s); the service spends ${perCall.toFixed(2)} ms of its own a call` +
      ` (${n(100 / perCall)} times less).\nThe daily run (${n(daily.summary.requests)} calls) fits one SEC window: it waited ${daily.paced.toFixed(1)} s.` +
      ` Paced at a limit, the last run waited ${paced.paced.toFixed(1)} s of its ${paced.summary.seconds.toFixed(1)} s:` +
      ` at SEC's own limit a day of backfill takes about ${((daily.summary.requests * 300) / 3000 / 60).toFixed(1)} minutes, set by SEC, not by the service.`,
  );
} finally {
  await store.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
}
