import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { processEnv } from '../helpers/store.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fresh = { ...(await processEnv(join(dir, 'fresh'))), DEMO_ON_EMPTY: 'false' };
await cli(['migrate'], fresh);

describe('rates import', () => {
  it('accounts for every row, and makes no batch when the data is already there', async () => {
    const env = { ...(await processEnv(join(dir, 'again'))), DEMO_ON_EMPTY: 'false' };
    const first = await cli(['import', 'examples', '--create'], env);
    const rows = Number(/rows read +([0-9]+)/.exec(first.stdout)?.[1]);
    expect(rows).toBeGreaterThan(10);
    const counts = (inserted: number, unchanged: number) =>
      new RegExp(`rows read +${rows}\n +inserted +${inserted}\n +changed +0\n +unchanged +${unchanged}\n`);
    expect(first.stdout).toMatch(counts(rows, 0));
    const again = await cli(['import', 'examples'], env);
    expect(again.stdout).toMatch(
      /^Nothing changed: every row is already published as it is; no batch was made\./,
    );
    expect(again.stdout).toMatch(counts(0, rows));
  });

  it('exits non-zero and lists the errors of a rejected batch', async () => {
    const file = join(dir, 'fund-prices-bad.csv');
    writeFileSync(file, 'fund,date,nav,offer,redemption\nNOPE,2026-01-05,1,1,1\n');
    const failed = await cli(['import', file], fresh).catch((e: { code: number; stdout: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.stdout).toContain(`${file}, line 2, column fund: unknown fund NOPE`);
  });

  it(
    'cuts a long column name as values are, and shows control characters escaped as JSON does',
    { timeout: 120_000 },
    async () => {
      const file = join(dir, 'fund-prices-columns.csv');
      // A terminal would act on \u001b]0;x\u0007 (set its title) if it were printed as it is.
      writeFileSync(
        file,
        `fund,date,nav,offer,redemption,\u001b]0;x\u0007${'y'.repeat(10 * 1024 * 1024)}\nB-TREASURY,2026-01-05,1,1,1,1\n`,
      );
      const column = await cli(['import', file], fresh).catch((e: { code: number; stdout: string }) => e);
      expect(column).toMatchObject({ code: 1 });
      expect(column.stdout).toContain(
        `${file}, line 1, column \\u001b]0;x\\u0007${'y'.repeat(34)}...: unknown column; fund-prices has`,
      );
      expect(column.stdout.length).toBeLessThan(2000);

      const value = join(dir, 'fund-prices-value.csv');
      writeFileSync(value, 'fund,date,nav,offer,redemption\nB-TREASURY,2026-01-05,\u001b[2J1,1,1\n');
      const cell = await cli(['import', value], fresh).catch((e: { code: number; stdout: string }) => e);
      expect(cell).toMatchObject({ code: 1 });
      expect(cell.stdout).toContain(
        `${value}, line 2, column nav: expected a decimal number, got '\\u001b[2J1'`,
      );
      for (const out of [column.stdout, cell.stdout]) {
        // eslint-disable-next-line no-control-regex
        expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }
    },
  );
});
