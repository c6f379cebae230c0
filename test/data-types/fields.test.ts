import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal, FieldError } from '../../src/data-types/fields.js';

const DECIMAL = /^[0-9]{1,15}(\.[0-9]+)?$/;
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** What `decimal` made of a value: the number, or the reason it refused it. */
const outcome = (parse: (v: unknown) => number, value: string | number) => {
  try {
    return parse(value);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    return error.message;
  }
};

describe('decimal fields', () => {
  it('read every decimal as Number() does, to the last bit', () => {
    const parse = decimal(30, { allowZero: true });
    fc.assert(
      fc.property(digits(1, 15), fc.option(digits(1, 12)), (whole, fraction) => {
        const s = fraction === null ? whole : `${whole}.${fraction}`;
        expect(Object.is(parse(s), Number(s))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    for (const s of [
      '0.1',
      '0.3',
      '123456789012345',
      '999999999999999.999999',
      '1.7976931348623157',
      '0.000001',
    ])
      expect(parse(s)).toBe(Number(s));
  });

  it('take exactly the decimals the format allows, and refuse anything else with the same reasons', () => {
    const parse = decimal(6);
    const chars = fc.string({ unit: fc.constantFrom(...'0123456789.-+e x'), maxLength: 20 });
    fc.assert(
      fc.property(chars, (s) => {
        const got = outcome(parse, s);
        const trimmed = s.trim();
        if (DECIMAL.test(trimmed) && (trimmed.split('.')[1] ?? '').length <= 6 && Number(trimmed) > 0)
          expect(got).toBe(Number(trimmed));
        else expect(typeof got).toBe('string');
      }),
      { numRuns: 20_000 },
    );
    expect(outcome(parse, '-1.5')).toBe("expected a number above 0, got '-1.5'");
    expect(outcome(parse, '1.2.3')).toBe("expected a decimal number, got '1.2.3'");
    expect(outcome(parse, '.5')).toBe("expected a decimal number, got '.5'");
    expect(outcome(parse, '5.')).toBe("expected a decimal number, got '5.'");
    expect(outcome(parse, '1234567890123456')).toBe("expected a decimal number, got '1234567890123456'");
    expect(outcome(parse, '1.1234567')).toBe("expected at most 6 decimals, got '1.1234567'");
    expect(outcome(parse, '0.000')).toBe('expected a number above 0, got 0');
  });

  it("take a JSON number (as a sync's rows come) exactly as they take its text: the same number, or the same refusal", () => {
    const same = (d: number, v: number) => {
      const parse = decimal(d, { allowZero: d === 2 });
      expect(outcome(parse, v)).toStrictEqual(outcome(parse, String(v)));
    };
    // Decimals as published (a whole number over a power of ten), and any double at all.
    const published = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 12 }))
      .map(([n, k]) => n / 10 ** k);
    for (const d of [0, 2, 6, 8, 30]) {
      fc.assert(
        fc.property(fc.oneof(published, fc.double({ noNaN: true, noDefaultInfinity: true })), (v) =>
          same(d, v),
        ),
        { numRuns: 5_000 },
      );
    }
    for (const v of [1e-7, 1e-6, 0.1 + 0.2, 1.005, 2 ** 50 / 1e6, 123456789012345.6, 1e15, 1e21, -1.5, 0, -0])
      for (const d of [0, 2, 6, 8]) same(d, v);
  });
});
