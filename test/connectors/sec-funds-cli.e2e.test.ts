import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliProcess } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';
import { startFakeSec, type FakeSec } from './fake-sec.js';
import { DAILYINFO_KEY, DATA, DAYS, FACTSHEET_KEY, fill, type Expected } from './sec-fixture.js';

// `rates connect sec-funds` as an operator runs it: a process of its own, killed in the middle and
// run again; its output (a line per batch, the summary) never shows a key.

let fake: FakeSec;
let expected: Expected[];
const dir = mkdtempSync(join(tmpdir(), 'sec-cli-'));
beforeAll(async () => {
  fake = await startFakeSec({ factsheetKey: FACTSHEET_KEY, dailyinfoKey: DAILYINFO_KEY });
  ({ expected } = fill(fake));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new service's settings, its database made first as an operator would (`rates migrate`). */
const env = async (name: string, extra: Record<string, string> = {}) => {
  const e = {
    ...(await processEnv(join(dir, name))),
    SEC_API_URL: fake.url,
    SEC_FACTSHEET_KEY: FACTSHEET_KEY,
    SEC_DAILYINFO_KEY: DAILYINFO_KEY,
    CONNECT_RETRIES: '1',
    ...extra,
  };
  await cli(['migrate'], e);
  return e;
};
const figure = (out: string, name: string) =>
  Number(new RegExp(`^\\s+${name}\\s+([\\d,]+)`, 'm').exec(out)?.[1]?.replace(/,/g, '') ?? NaN);
const noKeys = (text: string) => {
  expect(text).not.toContain(FACTSHEET_KEY);
  expect(text).not.toContain(DAILYINFO_KEY);
};

describe('rates connect sec-funds (command)', () => {
  it('killed in the middle and run again: the days published before are not fetched again, and all is published once', async () => {
    const e = await env('kill');
    // Slow answers, so the kill lands in the middle of the backfill.
    for (const day of DAYS.slice(2)) fake.slow.set(`/FundDailyInfo/M0100_2553/dailynav/${day}`, 400);
    fake.asked.length = 0;
    const child = cliProcess(['connect', 'sec-funds', '--since', DATA.from], e);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Two days published: kill it.
      if ((stderr.match(/: batch \d+:/g) ?? []).length >= 2) child.kill('SIGKILL');
    });
    await once(child, 'exit');
    fake.slow.clear();
    const published = (stderr.match(/^(\d{4}-\d{2}-\d{2}) to \1: batch \d+/gm) ?? []).map((l) =>
      l.slice(0, 10),
    );
    // At least the two days seen before the kill (one more if it was under way), never all.
    expect(published).toEqual(DAYS.slice(0, published.length));
    expect(published.length).toBeGreaterThanOrEqual(2);
    expect(published.length).toBeLessThan(DAYS.length);
    const before = new Set(fake.asked.filter((p) => p.startsWith('/FundDailyInfo/')));
    fake.asked.length = 0;
    const { stdout, stderr: again } = await cli(['connect', 'sec-funds', '--since', DATA.from], e).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(stdout).toMatch(/^sec-funds done\.$/m);
    const after = fake.asked.filter((p) => p.startsWith('/FundDailyInfo/'));
    // Nothing of the days published before the kill is fetched again.
    for (const day of published) expect(after.filter((p) => p.endsWith(day))).toEqual([]);
    expect(new Set(after).size).toBe(after.length);
    expect(before.size).toBeGreaterThan(0);
    // Every price once: what the first published and what the second did add up to the whole.
    const first = expected.filter((e2) => published.includes(e2.date)).length;
    expect(figure(stdout, 'published')).toBe(expected.length - first);
    noKeys(stdout + stderr + again);
  }, 240_000);

  it('--dry-run --out writes the import files; a wrong key names its setting; no key in any output', async () => {
    const e = await env('dry');
    const out = join(dir, 'files');
    const dry = await cli(['connect', 'sec-funds', '--since', DATA.from, '--dry-run', '--out', out], e).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(dry.stdout).toMatch(/^sec-funds \(dry run\) done\.$/m);
    // A folder a window (a day) up to today; those of days with a NAV have files.
    expect(readdirSync(out).filter((f) => readdirSync(join(out, f)).length > 0).length).toBe(DAYS.length);
    noKeys(dry.stdout + dry.stderr);
    const wrong = await cli(['connect', 'sec-funds', '--since', DATA.from], {
      ...e,
      SEC_DAILYINFO_KEY: 'not-the-key',
    }).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(wrong).toMatchObject({ code: 1 });
    expect(wrong.stdout).toMatch(/sec-funds FAILED: NAV of KFIX .*\(401\): check SEC_DAILYINFO_KEY/);
    noKeys(wrong.stdout + wrong.stderr);
    const status = await cli(['connect', 'status', '--json'], e);
    noKeys(status.stdout);
  }, 240_000);
});
