import { BUDDHIST_ERA_FROM, isRealDate, MIN_YEAR } from '../domain/dates.js';
import { echo } from '../domain/errors.js';

// Field parsers for import rows. A value comes from CSV (always a string) or JSON (string, number or
// null); each parser accepts both and returns the stored form, or throws FieldError with the reason.

export class FieldError extends Error {}

export type Parser<T> = (value: unknown) => T;

const text = (value: unknown): string => {
  if (typeof value === 'string') {
    // Most values have no surrounding space; checking the ends is cheaper than trim() on every one.
    const last = value.length - 1;
    return last >= 0 && (value.charCodeAt(0) <= 32 || value.charCodeAt(last) <= 32) ? value.trim() : value;
  }
  if (typeof value === 'number') {
    // JSON parses a number beyond the double range (1e400) to Infinity: say so, not `null`.
    if (Number.isFinite(value)) return String(value);
    throw new FieldError('is a number too large to hold');
  }
  if (value === null || value === undefined) return '';
  throw new FieldError(`expected a text or number, got ${echo(JSON.stringify(value))}`);
};

/** A refused value as its message shows it: cut as every echoed input is (column names too). */
const show = (value: string) => `'${echo(value)}'`;

/** Turns a required parser into one that also takes an empty value, as null. */
export const optional =
  <T>(parse: Parser<T>): Parser<T | null> =>
  (value) =>
    value === '' || value === null || value === undefined || text(value) === '' ? null : parse(value);

/**
 * Turns a required text parser into one that also takes an empty value, kept as '' (a column that
 * is never null, such as a fund's fact-sheet link before the fund has one).
 */
export const blankOr =
  (parse: Parser<string>): Parser<string> =>
  (value) =>
    value === '' || value === null || value === undefined || text(value) === '' ? '' : parse(value);

export const string =
  (maxLength: number, pattern?: RegExp, expected = 'a text'): Parser<string> =>
  (value) => {
    const s = text(value);
    if (s === '') throw new FieldError('is required');
    if (s.length > maxLength)
      throw new FieldError(`expected at most ${maxLength} characters, got ${s.length}`);
    if (pattern && !pattern.test(s)) throw new FieldError(`expected ${expected}, got ${show(s)}`);
    return s;
  };

export const integer =
  (min: number, max: number): Parser<number> =>
  (value) => {
    const s = text(value);
    if (s === '') throw new FieldError('is required');
    if (!/^-?[0-9]{1,10}$/.test(s)) throw new FieldError(`expected a whole number, got ${show(s)}`);
    const n = Number(s);
    if (n < min || n > max) throw new FieldError(`expected ${min} to ${max}, got ${n}`);
    return n;
  };

const DECIMAL = /^[0-9]{1,15}(\.[0-9]+)?$/;

/** Powers of ten a double holds exactly. */
const POWERS = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** The digits after the point of the last decimal `decimalValue` read (no object per value). */
let decimalsRead = 0;

/**
 * The value of a decimal written as DECIMAL allows, or -1 for anything else. A market-scale import
 * reads four decimals per price row, 44 million of them: the regular expression, the search for the
 * point and Number() were the largest part of checking a row. One pass over the characters does all
 * three. The value is exactly Number()'s: with at most 15 digits the digits make a whole number a
 * double holds exactly, 10^decimals is exact too, and a division of two exact doubles is rounded
 * once, to the double nearest the decimal (Clinger's fast path); longer ones go to Number().
 */
function decimalValue(s: string): number {
  let whole = 0;
  let point = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) whole = whole * 10 + (c - 48);
    else if (c === 46 && point < 0 && i > 0 && i < s.length - 1) point = i;
    else return -1;
  }
  if (s.length === 0 || (point < 0 ? s.length : point) > 15) return -1;
  decimalsRead = point < 0 ? 0 : s.length - point - 1;
  const digits = point < 0 ? s.length : s.length - 1;
  return digits <= 15 ? whole / POWERS[decimalsRead]! : Number(s);
}

/**
 * Whether a JSON number is one `decimal` takes as it stands, without writing it as text (as a sync's
 * rows come): what String() gives has at most `decimals` digits after the point exactly when rounding
 * to that many leaves the number unchanged, as long as the scaled number stays far below 2^53 (so the
 * product errs by less than half a unit), the whole part has at most 15 digits, as in the text, and
 * String() writes no exponent (from 1e-6). Everything
 * else, refusals included, goes through the text: one wording for every refusal.
 */
const plainDecimal = (value: number, scale: number): boolean =>
  value >= 1e-6 && value < 1e15 && value * scale < 2 ** 50 && Math.round(value * scale) / scale === value;

/** A positive decimal (prices, rates, assets); at most `decimals` digits after the point. */
export const decimal = (decimals: number, { allowZero = false } = {}): Parser<number> => {
  // Beyond 10^22 (no exact power of ten) NaN: every number then goes through the text.
  const scale = POWERS[decimals] ?? NaN;
  return (value) => {
    if (typeof value === 'number' && plainDecimal(value, scale)) return value;
    const s = text(value);
    if (s === '') throw new FieldError('is required');
    const read = decimalValue(s);
    if (read < 0) {
      if (s.startsWith('-') && DECIMAL.test(s.slice(1)))
        throw new FieldError(`expected ${allowZero ? '0 or ' : ''}a number above 0, got ${show(s)}`);
      throw new FieldError(`expected a decimal number, got ${show(s)}`);
    }
    if (decimalsRead > decimals) {
      throw new FieldError(`expected at most ${decimals} decimals, got ${show(s)}`);
    }
    if (read === 0 && !allowZero) throw new FieldError('expected a number above 0, got 0');
    return read;
  };
};

/** A decimal kept as text exactly as published (deposit rates). */
export const decimalText =
  (max: number, decimals: number): Parser<string> =>
  (value) => {
    const s = text(value);
    if (!new RegExp(`^[0-9]{1,3}(\\.[0-9]{1,${decimals}})?$`).test(s) || Number(s) > max) {
      throw new FieldError(
        `expected a percentage 0-${max} with at most ${decimals} decimals, got ${show(s)}`,
      );
    }
    return s;
  };

// A batch has millions of rows but only thousands of distinct dates: remember each verdict.
const dateVerdicts = new Map<string, string | FieldError>();

export const date: Parser<string> = (value) => {
  const s = text(value);
  let verdict = dateVerdicts.get(s);
  if (verdict === undefined) {
    verdict = checkDate(s);
    if (dateVerdicts.size < 100_000) dateVerdicts.set(s, verdict);
  }
  if (verdict instanceof FieldError) throw verdict;
  return verdict;
};

function checkDate(s: string): string | FieldError {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return new FieldError(`expected a date YYYY-MM-DD, got ${show(s)}`);
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (!isRealDate(parts) || parts.year < MIN_YEAR || parts.year >= BUDDHIST_ERA_FROM) {
    return new FieldError(`expected a real A.D. date, got ${show(s)}`);
  }
  return s;
}

export const time: Parser<string> = (value) => {
  const s = text(value);
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(s))
    throw new FieldError(`expected a time HH:mm, got ${show(s)}`);
  return s;
};

export const timestamp: Parser<string> = (value) => {
  const s = text(value);
  const m = /^([0-9]{4}-[0-9]{2}-[0-9]{2}) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/.exec(s);
  if (!m) throw new FieldError(`expected a time stamp YYYY-MM-DD HH:mm:ss, got ${show(s)}`);
  date(m[1]);
  return s;
};

export const url: Parser<string> = (value) => {
  const s = string(500)(value);
  if (!/^https?:\/\/[^\s]+$/.test(s)) throw new FieldError(`expected an http(s) URL, got ${show(s)}`);
  return s;
};
