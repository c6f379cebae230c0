// The currency converter's arithmetic, done exactly: rates are decimal strings as the bank publishes
// them and amounts decimal strings as typed, so both are fractions of integers (BigInt) and the only
// rounding is the last one, half away from zero. Binary floating point would turn 1.005 into 1.00.

/** num / den, den > 0. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** '123.45' (digits, an optional point and digits) as 12345/100. */
export function decimalFraction(text: string): Fraction {
  const [whole = '', fraction = ''] = text.split('.');
  return { num: BigInt(`${whole}${fraction}` || '0'), den: 10n ** BigInt(fraction.length) };
}

export const times = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.num, den: a.den * b.den });
export const over = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.den, den: a.den * b.num });
export const integer = (n: number): Fraction => ({ num: BigInt(n), den: 1n });

/** A positive fraction rounded half up to `decimals` (1 or more) places, as a number (for JSON). */
export function rounded(f: Fraction, decimals: number): number {
  return Number(decimalText(f, decimals));
}

/**
 * A positive fraction rounded half up to at most `decimals` (1 or more) places, as decimal text:
 * no trailing zeros, no point for a whole number, no grouping ('3236.64', '2125').
 */
export function decimalText(f: Fraction, decimals: number): string {
  const units = (f.num * 10n ** BigInt(decimals) * 2n + f.den) / (f.den * 2n);
  const digits = units.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/** How a currency is quoted: a rate in baht for `unit` units (100 for JPY, 1,000 for IDR and VND). */
export interface Quoted {
  rate: string;
  unit: number;
}

/**
 * The value of one unit of `from` in `to`, through baht: a foreign currency is bought at `from`'s
 * rate (the bank's buying TT), baht buy the foreign currency at `to`'s rate (its selling rate). A side
 * that is baht has no quote (undefined).
 */
export function conversionRate(from: Quoted | undefined, to: Quoted | undefined): Fraction {
  const bahtPerFrom = from ? over(decimalFraction(from.rate), integer(from.unit)) : integer(1);
  const toPerBaht = to ? over(integer(to.unit), decimalFraction(to.rate)) : integer(1);
  return times(bahtPerFrom, toPerBaht);
}
