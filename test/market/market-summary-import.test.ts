import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { createTestApp, postBatch, type TestApp } from '../helpers/app.js';

// The market-summary import type's refusals (contract notes: the newer website): known codes only, numbers within each
// code's count, one day per batch, no value twice, and for the outlooks (FXMO, TBMO) only the safe
// HTML subset. Each bad row is named by its line, column and reason, and nothing of the batch is kept.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HEADER = 'date,code,number,value\n';
let day: string;
beforeAll(() => {
  day = addDays(t.fixture.today, -1);
});

/** A CSV cell, quoted. */
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** Posts a good row (line 2) and then `row` (line 3); the batch's report. */
async function withRow(row: string): Promise<{ status: string; errors: object[] }> {
  const res = await postBatch(t, 'market-summary', `${HEADER}${day},RR,1,32.4512\n${row}\n`);
  return res.json();
}

describe('the market-summary import type', () => {
  it('takes a good day in NDJSON and JSON, outlooks in the safe subset included', async () => {
    const html =
      '<p>The baht is seen at <strong>32.30&ndash;32.60</strong>, <em>firmer</em>.<br/>S&amp;P &lt; 6,000</p>' +
      '<ol><li>One</li><li>Two &#8212; three</li></ol>\n<ul>\n  <li><strong>Bonds</strong></li>\n</ul>';
    const nd = await postBatch(
      t,
      'market-summary',
      `{"date":"${day}","code":"FXMO","number":1,"value":${JSON.stringify(html)}}\n` +
        `{"date":"${day}","code":"WI","number":12,"value":"1,450.12"}\n`,
      'application/x-ndjson',
    );
    expect(nd.json()).toMatchObject({ status: 'committed', inserted: 2 });
    const json = await postBatch(
      t,
      'market-summary',
      JSON.stringify([{ date: day, code: 'TBMO', number: 2, value: '<p>Yields <em>ease</em></p>' }]),
      'application/json',
    );
    expect(json.json()).toMatchObject({ status: 'committed', inserted: 1 });
  });

  it('refuses an unknown code, codes in another case included', async () => {
    expect((await withRow(`${day},XYZ,1,1.0`)).errors).toEqual([
      {
        file: 'market-summary.csv',
        line: 3,
        column: 'code',
        reason:
          'unknown code XYZ; expected one of RR, USIR, MMR, USTS, TSB, CMST, THBUSD, WI, FXR, THBR, WGS, OTHBIS, GTHB, FXMO, TBMO',
      },
    ]);
    expect((await withRow(`${day},rr,2,1.0`)).errors).toEqual([
      {
        file: 'market-summary.csv',
        line: 3,
        column: 'code',
        reason: 'unknown code rr (codes are case-sensitive: RR)',
      },
    ]);
  });

  it("refuses a number outside the code's count", async () => {
    expect((await withRow(`${day},RR,3,1.0`)).errors).toEqual([
      { file: 'market-summary.csv', line: 3, column: 'number', reason: 'expected 1 to 2 for RR, got 3' },
    ]);
    expect((await withRow(`${day},THBR,2,1.0`)).errors).toMatchObject([
      { line: 3, column: 'number', reason: 'expected 1 to 1 for THBR, got 2' },
    ]);
    expect((await withRow(`${day},WI,0,1.0`)).errors).toMatchObject([
      { line: 3, column: 'number', reason: 'expected 1 to 99, got 0' },
    ]);
    expect((await withRow(`${day},WI,1.5,1.0`)).errors).toMatchObject([
      { line: 3, column: 'number', reason: "expected a whole number, got '1.5'" },
    ]);
  });

  it('refuses a second day in one batch, and a day after today', async () => {
    const other = addDays(day, -1);
    expect((await withRow(`${other},RR,2,1.0`)).errors).toEqual([
      {
        file: 'market-summary.csv',
        line: 3,
        column: 'date',
        reason: `${other} is a second day in this batch (one day per batch: ${day})`,
      },
    ]);
    const tomorrow = addDays(t.fixture.today, 1);
    const res = await postBatch(t, 'market-summary', `${HEADER}${tomorrow},RR,1,1.0\n`);
    expect(res.json().errors).toMatchObject([
      { line: 2, column: 'date', reason: `is after today (${t.fixture.today})` },
    ]);
  });

  it('refuses a value given twice', async () => {
    expect((await withRow(`${day},RR,1,32.5`)).errors).toEqual([
      {
        file: 'market-summary.csv',
        line: 3,
        column: null,
        reason: 'duplicate market summary value RR 1 in this batch',
      },
    ]);
  });

  it('refuses values over the length limits, control characters, and markup in a plain value', async () => {
    expect((await withRow(`${day},RR,2,${'9'.repeat(51)}`)).errors).toMatchObject([
      { line: 3, column: 'value', reason: 'expected at most 50 characters for RR, got 51' },
    ]);
    expect((await withRow(`${day},FXMO,1,<p>${'x'.repeat(4000)}</p>`)).errors).toMatchObject([
      { line: 3, column: 'value', reason: 'expected at most 4000 characters, got 4007' },
    ]);
    expect((await withRow(`${day},RR,2,${cell('1.0\u0007')}`)).errors).toMatchObject([
      { line: 3, column: 'value', reason: 'has a control character' },
    ]);
    expect((await withRow(`${day},WI,1,<b>1</b>`)).errors).toMatchObject([
      { line: 3, column: 'value', reason: 'has < or >: only FXMO and TBMO values are HTML' },
    ]);
    expect((await withRow(`${day},WI,1,`)).errors).toMatchObject([
      { line: 3, column: 'value', reason: 'is required' },
    ]);
  });

  it('refuses HTML outside the safe subset in an outlook, saying what and where', async () => {
    const refusals: [string, string][] = [
      [
        '<script>alert(1)</script>',
        'FXMO 1 has <script>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
      [
        '<p>x<iframe src="https://evil.example"></iframe></p>',
        'FXMO 1 has <iframe>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 5',
      ],
      [
        '<p class="lead">x</p>',
        'FXMO 1 has an attribute (class) on <p>; no attributes are allowed at character 1',
      ],
      [
        '<p onclick="alert(1)">x</p>',
        'FXMO 1 has an attribute (onclick) on <p>; no attributes are allowed at character 1',
      ],
      [
        '<a href="javascript:alert(1)">x</a>',
        'FXMO 1 has <a>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
      [
        '<img src=x onerror=alert(1)>',
        'FXMO 1 has <img>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
      ['<p>unclosed', 'FXMO 1 leaves <p> unclosed'],
      ['<p><strong>x</p></strong>', 'FXMO 1 closes </p> where <strong> is open at character 13'],
      ['x</em>', 'FXMO 1 closes </em>, which is not open at character 2'],
      ['<p>a < b</p>', 'FXMO 1 is not well-formed HTML (invalid-first-character-of-tag-name) at character 7'],
      [
        '<p>&bogus; x</p>',
        'FXMO 1 is not well-formed HTML (unknown-named-character-reference) at character 10',
      ],
      [
        '<p>a &amp b</p>',
        'FXMO 1 is not well-formed HTML (missing-semicolon-after-character-reference) at character 10',
      ],
      ['<!-- note --><p>x</p>', 'FXMO 1 has a comment, which is not allowed at character 1'],
      ['<li>x</li>', 'FXMO 1 has <li> outside a list at character 1'],
      ['<ul>x</ul>', 'FXMO 1 has text directly inside <ul> (put it in an <li>) at character 5'],
      ['<p><ul><li>x</li></ul></p>', 'FXMO 1 has <ul> inside <p> at character 4'],
      ['<p/>', 'FXMO 1 has <p/>, which a browser leaves open at character 1'],
      [
        '<scr<script>ipt>alert(1)</script>',
        'FXMO 1 has <scr<script>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
      [
        '<svg><script>alert(1)</script></svg>',
        'FXMO 1 has <svg>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
      [
        '<STYLE>p{}</STYLE>',
        'FXMO 1 has <style>, which is not allowed (only <p> <br> <strong> <em> <ul> <ol> <li>) at character 1',
      ],
    ];
    // One batch, a refused outlook a line (lines 2 to 21): the report names each (20 errors at most).
    const csv = refusals.map(([html]) => `${day},FXMO,1,${cell(html)}`).join('\n');
    const res = await postBatch(t, 'market-summary', `${HEADER}${csv}\n`);
    expect(res.json()).toMatchObject({ status: 'rejected', errorCount: refusals.length });
    expect(res.json().errors).toEqual(
      refusals.map(([, reason], i) => ({ file: 'market-summary.csv', line: i + 2, column: 'value', reason })),
    );
  });

  it('keeps nothing of a batch with a bad row', async () => {
    const before = (
      await t.app.inject({
        url: '/api/MarketService/GetMarketsum',
        headers: { 'ocp-apim-subscription-key': t.key },
      })
    ).body;
    const res = await postBatch(t, 'market-summary', `${HEADER}${day},RR,1,99.9999\n${day},RR,9,1\n`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'rejected', errorCount: 1 });
    const after = (
      await t.app.inject({
        url: '/api/MarketService/GetMarketsum',
        headers: { 'ocp-apim-subscription-key': t.key },
      })
    ).body;
    expect(after).toBe(before);
  });
});
