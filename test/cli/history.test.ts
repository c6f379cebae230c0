import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { processEnv } from '../helpers/store.js';

// `rates history TYPE --key k=v`: the command's own part (its keys, its earlier names and options,
// its lines). What each type's history holds is the admin API's test (test/store/history.test.ts).

const dir = mkdtempSync(join(tmpdir(), 'rates-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rates history', () => {
  it('lists served values, then the replaced ones with the batch that replaced them; takes the earlier commands too', async () => {
    const env = await processEnv(dir);
    await cli(['import', 'examples', '--create'], env);
    const file = join(dir, 'market-summary-fix.csv');
    writeFileSync(file, 'date,code,number,value\n2026-11-20,RR,2,-0.1200\n');
    const fix = await cli(['import', file], env);
    const batch = /^Batch (\d+) committed/.exec(fix.stdout)![1]!;

    const { stdout } = await cli(
      ['history', 'market-summary', '--key', 'date=2026-11-20', '--key', 'code=RR'],
      env,
    );
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^batch +\d+ {2}served +code=RR number=1 value=33\.6838$/);
    expect(lines[1]).toMatch(new RegExp(`^batch +${batch}  served +code=RR number=2 value=-0\\.1200$`));
    expect(lines[2]).toMatch(
      new RegExp(`^batch +\\d+  replaced by batch ${batch} at \\S+  code=RR number=2 value=-0\\.0999$`),
    );
    // As the commands of earlier releases had it: `history market-summary --date D --code C`,
    // `history loan-rate --product P --date D`, `history fund-price --fund F --date D`.
    const day = await cli(['history', 'market-summary', '--date', '2026-11-20'], env);
    expect(day.stdout.trimEnd().split('\n')).toHaveLength(61);
    const loan = await cli(['history', 'loan-rate', '--product', '900', '--date', '2026-11-01'], env);
    expect(loan.stdout.trim()).toMatch(
      /^batch +\d+ {2}served +rate=3\.125 submitted_at=2026-10-28 16:30:00$/,
    );
    const price = await cli(['history', 'fund-price', '--fund', 'ex-infra', '--date', '2026-11-20'], env);
    expect(price.stdout.trim()).toMatch(/served +nav=10\.0125 offer=10\.1126 redemption=9\.9624/);

    const none = await cli(
      ['history', 'fund-prices', '--key', 'fund=EX-INFRA', '--key', 'date=2026-01-01'],
      env,
    );
    expect(none.stdout.trim()).toBe('No fund-prices fund=EX-INFRA date=2026-01-01.');
    for (const [args, message] of [
      [
        ['history', 'loan-rates', '--key', 'product=MLR', '--key', 'date=2026-11-01'],
        "Invalid product: expected a whole number, got 'MLR'",
      ],
      [
        ['history', 'fx-rates', '--key', 'date=2026-11-20'],
        'Missing family: fx-rates is asked by family and date',
      ],
      [
        ['history', 'fund-prices', '--key', 'fund'],
        "--key takes name=value (e.g. --key date=2026-11-20); got 'fund'",
      ],
      [['history', 'gold-prices', '--key', 'date=2026-11-20'], "No history of 'gold-prices': there are"],
    ] as const) {
      const bad = await cli([...args], env).catch((e: { code: number; stderr: string }) => e);
      expect(bad).toMatchObject({ code: 1 });
      expect((bad as { stderr: string }).stderr).toContain(message);
    }
  }, 120_000);
});
