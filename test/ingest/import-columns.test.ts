import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/ingest/import.js';
import type { Format } from '../../src/ingest/sources.js';
import type { ImportType } from '../../src/ingest/spec.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const importText = (type: ImportType, format: Format, text: string) =>
  runImport(
    t.store,
    [{ name: `${type}.${format}`, type, format, open: () => Readable.from([Buffer.from(text)]) }],
    { source: 'test' },
  );
const count = async () =>
  Number(
    (
      await t.store.db
        .selectFrom('fund_prices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const price = '"fund":"101","date":"2026-01-05","offer":"11","redemption":"9"';

describe('columns an import cannot read one way only are refused, naming them', () => {
  it.each<[string, ImportType, Format, string, object]>([
    [
      'a CSV column twice',
      'fund-prices',
      'csv',
      'fund,date,nav,offer,redemption,nav\n101,2026-01-05,10,11,9,10.2',
      { line: 1, column: 'nav', reason: 'duplicate column' },
    ],
    [
      'a CSV column twice in other case',
      'fund-prices',
      'csv',
      'fund,date,nav,offer,redemption,FUND\n101,2026-01-05,10,11,9,102',
      { line: 1, column: 'fund', reason: 'duplicate column' },
    ],
    [
      'a JSON key twice in other case',
      'fund-prices',
      'json',
      `[{${price},"nav":10,"NAV":10.2}]`,
      { line: 1, column: 'nav', reason: 'duplicate column' },
    ],
    [
      'a JSON key twice, in the same case',
      'fund-prices',
      'json',
      `[{${price},"nav":10,"nav":10.2}]`,
      { line: 1, column: 'nav', reason: 'duplicate column' },
    ],
    [
      'an NDJSON key twice in other case',
      'deposit-products',
      'ndjson',
      '{"id":7,"name_en":"A","name_th":"B","display_order":1,"Name_EN":"C"}\n',
      { line: 1, column: 'name_en', reason: 'duplicate column' },
    ],
    [
      'a JSON __proto__ key',
      'fund-prices',
      'json',
      `[{${price},"nav":10,"__proto__":{"nav":1}}]`,
      {
        line: 1,
        column: '__proto__',
        reason: expect.stringMatching(/^unknown column; fund-prices has fund,/),
      },
    ],
    [
      'an NDJSON __proto__ key',
      'fund-prices',
      'ndjson',
      `{${price},"nav":10,"__proto__":{"nav":1}}\n`,
      { line: 1, column: '__proto__', reason: expect.stringMatching(/^unknown column/) },
    ],
    [
      'a CSV __proto__ column',
      'fund-prices',
      'csv',
      'fund,date,nav,offer,redemption,__proto__\n101,2026-01-05,10,11,9,x',
      { line: 1, column: '__proto__', reason: expect.stringMatching(/^unknown column/) },
    ],
    [
      'an unknown key in a later JSON item',
      'fund-prices',
      'json',
      `[{${price},"nav":10},{${price.replace('01-05', '01-06')},"nav":10,"navv":3}]`,
      { line: 2, column: 'navv', reason: expect.stringMatching(/^unknown column/) },
    ],
  ])('%s', async (_what, type, format, text, issue) => {
    const before = await count();
    const report = await importText(type, format, text);
    expect(report.status).toBe('rejected');
    expect(report.errors).toEqual([{ file: `${type}.${format}`, ...issue }]);
    expect(await count()).toBe(before);
  });
});

describe('messages say where and what', () => {
  it.each<[string, Format, string, object]>([
    [
      'an unterminated quote, at its line',
      'csv',
      'fund,date,nav,offer,redemption\n101,2026-01-05,10,11,9\n\n"101,2026-01-06,10,11,9\n101,2026-01-07,10,11,9',
      { line: 4, column: null, reason: expect.stringMatching(/^not valid CSV: .*quote/i) },
    ],
    [
      'a number too large for JSON',
      'json',
      `[{${price},"nav":1e400}]`,
      { line: 1, column: 'nav', reason: 'is a number too large to hold' },
    ],
    [
      'a negative number',
      'csv',
      'fund,date,nav,offer,redemption\n101,2026-01-05,-10,11,9',
      { line: 2, column: 'nav', reason: "expected a number above 0, got '-10'" },
    ],
    [
      'a negative JSON number',
      'json',
      `[{${price},"nav":-10}]`,
      { line: 1, column: 'nav', reason: "expected a number above 0, got '-10'" },
    ],
    [
      'a bad record over several lines, at its first line',
      'csv',
      'fund,date,nav,offer,redemption\n101,2026-01-05,"10\n\nx",11,9',
      { line: 2, column: 'nav', reason: expect.stringMatching(/^expected a decimal number/) },
    ],
    [
      'a record over several lines with a field too many, at its first line',
      'csv',
      'fund,date,nav,offer,redemption\n101,"2026-01-05\n",10,11,9,x\n101,2026-01-06,10,11,9',
      { line: 2, column: null, reason: 'expected 5 fields, got 6' },
    ],
  ])('%s', async (_what, format, text, issue) => {
    const report = await importText('fund-prices', format, text);
    expect(report.status).toBe('rejected');
    expect(report.errors[0]).toEqual({ file: `fund-prices.${format}`, ...issue });
  });

  it('a negative total net assets, where 0 is allowed, says so', async () => {
    const report = await importText(
      'fund-prices',
      'csv',
      'fund,date,nav,offer,redemption,total_net_assets\n101,2026-01-05,10,11,9,-5',
    );
    expect(report.errors[0]).toMatchObject({
      column: 'total_net_assets',
      reason: "expected 0 or a number above 0, got '-5'",
    });
  });
});
