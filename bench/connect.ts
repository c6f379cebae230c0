// npm run bench:connect [-- --only bot-fx] [--postgres-url postgres://...]
//
// `rates connect` (issue 46) against local fakes of the sources (test/connectors/), with the real
// command in a process of its own into an empty database. The fakes answer at once, so the figures
// are the service's own cost: time, requests, rows and rows per second of each part, then of a
// second run right after (nothing new: what a scheduled run costs). Parts:
// - bot-fx: BOT average exchange rates from 2002-01-02 to today, 19 currencies (about 300 windows of
//   31 days).
// A part is a function in PARTS below (the SEC part goes there: 2,500 funds, one day). The load
// average is printed too: the machine may be shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bangkokToday } from '../src/domain/dates.js';
import { CURRENCIES, FAKE_TOKEN, startFakeBot, type Currency } from '../test/connectors/fake-bot.js';
import { runCli, serviceEnv } from './harness/cli.js';
import { loadAverage } from './harness/load.js';
import { recreateDatabase } from './harness/postgres.js';

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'postgres-url': { type: 'string' } },
});

interface Figures {
  seconds: number;
  requests: number;
  rows: number;
  batches: number;
}

/** Runs `rates connect <args>` and reads its summary. */
async function connectOnce(args: string[], env: NodeJS.ProcessEnv): Promise<Figures> {
  const started = performance.now();
  const out = await runCli(['connect', ...args], env);
  const seconds = (performance.now() - started) / 1000;
  const figure = (name: string) =>
    Number(new RegExp(`^\\s+${name}\\s+([\\d,]+)`, 'm').exec(out)?.[1]?.replace(/,/g, '') ?? NaN);
  if (!/ done\.$/m.test(out)) throw new Error(`rates connect ${args.join(' ')} did not finish:\n${out}`);
  return {
    seconds,
    requests: figure('requests'),
    rows: figure('fetched'),
    batches: Number(/in ([\d,]+) batches/.exec(out)?.[1]?.replace(/,/g, '') ?? NaN),
  };
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const line = (what: string, f: Figures) =>
  `${what.padEnd(30)} ${f.seconds.toFixed(1).padStart(7)} s ${n(f.requests).padStart(7)} requests ` +
  `${n(f.requests / f.seconds).padStart(6)} req/s ${n(f.rows).padStart(9)} rows ${n(f.rows / f.seconds).padStart(8)} rows/s ` +
  `${String(f.batches).padStart(4)} batches`;

/**
 * A fresh database for one part: a SQLite file, or the PostgreSQL database named, emptied; made by
 * `rates migrate`, as commands make no database unasked.
 */
async function freshDatabase(dir: string, name: string): Promise<string> {
  const url = values['postgres-url'] ?? `sqlite:${join(dir, `${name}.db`)}`;
  if (values['postgres-url']) await recreateDatabase(url);
  await runCli(['migrate'], serviceEnv(url), false);
  return url;
}

/** BOT's 19 currencies: the fake's, and more of the same shape. */
const NINETEEN: Currency[] = [
  ...CURRENCIES,
  ...['MYR', 'BND', 'PHP', 'INR', 'CHF', 'AUD', 'NZD', 'CAD', 'SEK', 'DKK', 'NOK', 'CNY', 'HKD'].map(
    (id, i) => ({
      id,
      th: `${id} (${id})`,
      eng: `COUNTRY ${i} : CURRENCY (${id}) `,
      base: 5 + i,
    }),
  ),
];

const PARTS: Record<string, (dir: string) => Promise<[string, Figures][]>> = {
  'bot-fx': async (dir) => {
    const fake = await startFakeBot({ from: '2002-01-02', to: bangkokToday() }, 0, NINETEEN);
    try {
      const env = serviceEnv(await freshDatabase(dir, 'bot-fx'), {
        BOT_API_URL: fake.url,
        BOT_API_TOKEN: FAKE_TOKEN,
      });
      const first = await connectOnce(['bot-fx', '--since', '2002-01-02'], env);
      const again = await connectOnce(['bot-fx'], env);
      return [
        ['bot-fx, 2002 to today', first],
        ['bot-fx, again (nothing new)', again],
      ];
    } finally {
      await fake.close();
    }
  },
};

const dir = mkdtempSync(join(tmpdir(), 'bench-connect-'));
try {
  console.log(
    `rates connect against local fakes (${values['postgres-url'] ? 'PostgreSQL' : 'SQLite'}); load ${loadAverage()}`,
  );
  for (const [name, part] of Object.entries(PARTS)) {
    if (values.only && values.only !== name) continue;
    for (const [what, figures] of await part(dir)) console.log(line(what, figures));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
