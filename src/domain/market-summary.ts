import { safeHtmlProblem } from './safe-html.js';

// The daily market summary of the bank's newer site (GetMarketsum): for each code, the values its page
// shows, numbered from 1. The codes are case-sensitive and the counts fixed (docs/import-formats.md).

export interface MarketCode {
  code: string;
  /** How many values the page shows for the code: numbers 1 to `count`. */
  count: number;
  name: string;
  /** Whether the values are HTML the page inserts as it is (the two outlooks). */
  html: boolean;
}

const code = (code: string, count: number, name: string, html = false): MarketCode => ({
  code,
  count,
  name,
  html,
});

/** In the order of the bank's page. */
export const MARKET_CODES: readonly MarketCode[] = [
  code('RR', 2, 'Reference rate'),
  code('USIR', 2, 'U.S. interest rate'),
  code('MMR', 4, 'Money market rate at 9:00'),
  code('USTS', 4, 'U.S. Treasury'),
  code('TSB', 3, 'Treasury bill'),
  code('CMST', 3, 'Commodities at 8:00'),
  code('THBUSD', 8, 'THB/USD forward rate'),
  code('WI', 12, 'World index'),
  code('FXR', 4, 'FX rate'),
  code('THBR', 1, 'Policy rate'),
  code('WGS', 4, 'World government securities'),
  code('OTHBIS', 4, 'Onshore THB implied swap'),
  code('GTHB', 5, 'Government THB bonds'),
  code('FXMO', 2, 'FX market outlook', true),
  code('TBMO', 2, 'Thai bond market outlook', true),
];

export const MARKET_CODE_BY_NAME: ReadonlyMap<string, MarketCode> = new Map(
  MARKET_CODES.map((c) => [c.code, c]),
);

/** Rows of a complete day: 60. */
export const MARKET_ROWS_A_DAY = MARKET_CODES.reduce((sum, c) => sum + c.count, 0);

/** The longest value: a figure or short label, or an outlook text. */
export const MAX_VALUE_LENGTH = 50;
export const MAX_OUTLOOK_LENGTH = 4000;

/**
 * Why a (code, number, value) is not a row of the summary, naming the column at fault; undefined when
 * it is one. The one check every way in uses (import, sync).
 */
export function marketRowProblem(
  code: string,
  number: number,
  value: string,
): { column: 'code' | 'number' | 'value'; reason: string } | undefined {
  const known = MARKET_CODE_BY_NAME.get(code);
  if (!known) {
    const other = MARKET_CODE_BY_NAME.get(code.toUpperCase());
    return {
      column: 'code',
      reason: other
        ? `unknown code ${code} (codes are case-sensitive: ${other.code})`
        : `unknown code ${code}; expected one of ${MARKET_CODES.map((c) => c.code).join(', ')}`,
    };
  }
  if (!Number.isInteger(number) || number < 1 || number > known.count)
    return { column: 'number', reason: `expected 1 to ${known.count} for ${code}, got ${number}` };
  const max = known.html ? MAX_OUTLOOK_LENGTH : MAX_VALUE_LENGTH;
  if (value.length > max)
    return { column: 'value', reason: `expected at most ${max} characters for ${code}, got ${value.length}` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
    return { column: 'value', reason: 'has a control character' };
  if (known.html) {
    const problem = safeHtmlProblem(value);
    return problem === undefined ? undefined : { column: 'value', reason: `${code} ${number} ${problem}` };
  }
  // A page may well insert every value as HTML: a plain value carries no markup at all.
  if (/[<>]/.test(value))
    return { column: 'value', reason: `has < or >: only FXMO and TBMO values are HTML` };
  return undefined;
}

/** The order of GetMarketsum's rows: code ascending (as strings), then number. */
export function byCodeThenNumber(a: { code: string; number: number }, b: { code: string; number: number }) {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : a.number - b.number;
}
