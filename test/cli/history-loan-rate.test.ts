import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { processEnv } from '../helpers/store.js';

// `rates history loan-rate` shows a loan rate's served value and the revisions it replaced, as
// `history fund-price` does for prices.

const dir = mkdtempSync(join(tmpdir(), 'rates-loan-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rates history loan-rate', () => {
  it('lists the served rate, then the replaced one with the batch that replaced it', async () => {
    const env = await processEnv(dir);
    await cli(['import', 'examples', '--create'], env);
    const file = join(dir, 'loan-rates-fix.csv');
    writeFileSync(
      file,
      'product,effective_date,rate,submitted_at\n900,2026-11-01,3.100,2026-10-29 09:00:00\n',
    );
    const fix = await cli(['import', file], env);
    const batch = /^Batch (\d+) committed/.exec(fix.stdout)![1]!;

    const { stdout } = await cli(['history', 'loan-rate', '--product', '900', '--date', '2026-11-01'], env);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^batch +${batch}  served +rate=3\\.100 submitted_at=2026-10-29 09:00:00$`),
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^batch +\\d+  replaced by batch ${batch} at \\S+  rate=3\\.125 submitted_at=2026-10-28 16:30:00$`,
      ),
    );

    const none = await cli(['history', 'loan-rate', '--product', '900', '--date', '2026-01-01'], env);
    expect(none.stdout.trim()).toBe('No rate of loan product 900 effective 2026-01-01.');
    const bad = await cli(['history', 'loan-rate', '--product', 'MLR', '--date', '2026-11-01'], env).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: expect.any(Number) });
    expect((bad as { stderr: string }).stderr).toContain("--product must be a loan product id; got 'MLR'");
  }, 120_000);
});
