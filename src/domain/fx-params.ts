import { Type } from '@sinclair/typebox';
import { decimalFraction, type Fraction } from './convert.js';
import { ParamError } from './errors.js';

// Path parameters of the website's FX operations (contract notes: the website), defined once like those of params.ts:
// the pattern validates, the description is the "expected ..." of the 400 and the docs' wording, and
// the example is the OpenAPI document's example request, which must answer on the demo data.

export const Round = Type.String({
  pattern: '^(0?[1-9]|[1-9][0-9])$',
  description: "an update round 1-99 (the day's rounds are listed by GetUpdateInMonth)",
  examples: ['1'],
});
export const Currency = Type.String({
  pattern: '^[A-Za-z]{3}$',
  description: 'a three-letter currency code such as USD or THB',
  examples: ['USD'],
});
export const AMOUNT_EXPECTED = 'a decimal above 0 and at most 1000000000000';
export const Amount = Type.String({
  pattern: '^([0-9]{1,13}([.][0-9]{0,10})?|[.][0-9]{1,10})$',
  description: AMOUNT_EXPECTED,
  examples: ['1000'],
});

const MAX_AMOUNT: Fraction = { num: 10n ** 12n, den: 1n };

/** An amount to convert, exactly as typed: above 0 and at most 10^12. */
export function parseAmount(raw: string): Fraction {
  const amount = decimalFraction(raw);
  if (amount.num <= 0n || amount.num * MAX_AMOUNT.den > MAX_AMOUNT.num * amount.den) {
    throw new ParamError('amount', AMOUNT_EXPECTED, raw);
  }
  return amount;
}
