import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

// `rates history market-summary` shows a day's market summary values and the revisions they replaced,
// as `history loan-rate` does for loan rates.

const dir = mkdtempSync(join(tmpdir(), 'rates-market-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rates history market-summary', () => {
  it("lists a code's served values, then the replaced one with the batch that replaced it", async () => {
    const env = await processEnv(dir);
    await cli(['import', 'examples', '--create'], env);
    const file = join(dir, 'market-summary-fix.csv');
    writeFileSync(file, 'date,code,number,value\n2026-11-20,RR,2,-0.1200\n');
    const fix = await cli(['import', file], env);
    const batch = /^Batch (\d+) committed/.exec(fix.stdout)![1]!;

    const { stdout } = await cli(['history', 'market-summary', '--date', '2026-11-20', '--code', 'RR'], env);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^batch +\d+ {2}served +code=RR number=1 value=33\.6838$/);
    expect(lines[1]).toMatch(new RegExp(`^batch +${batch}  served +code=RR number=2 value=-0\\.1200$`));
    expect(lines[2]).toMatch(
      new RegExp(`^batch +\\d+  replaced by batch ${batch} at \\S+  code=RR number=2 value=-0\\.0999$`),
    );
    const day = await cli(['history', 'market-summary', '--date', '2026-11-20'], env);
    expect(day.stdout.trimEnd().split('\n')).toHaveLength(61);

    const none = await cli(['history', 'market-summary', '--date', '2026-01-01'], env);
    expect(none.stdout.trim()).toBe('No market summary of 2026-01-01.');
    const bad = await cli(['history', 'market-summary', '--date', '2026-11-20', '--code', 'rr'], env).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: expect.any(Number) });
    expect((bad as { stderr: string }).stderr).toContain('--code must be a market summary code');
  }, 120_000);
});
