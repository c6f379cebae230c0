import { Type, type TString } from '@sinclair/typebox';
import { addYears, BUDDHIST_ERA_FROM, isoDate, isRealDate, MIN_YEAR, monthRange } from './dates.js';
import { ParamError } from './errors.js';
import { FUND_CODE_PATTERN } from './fund-code.js';

// Each path parameter is defined once: its schema (pattern for validation, description used as the
// "expected ..." part of the 400 message and in the API docs) and, where the pattern cannot say it all,
// a parser for the rest (real dates, Buddhist-era years, ranges). The examples make up the OpenAPI
// document's example request of each operation, which must succeed on the demo data (January 2026,
// fund 101, USD50).

export const Day = Type.String({
  pattern: '^(0?[1-9]|[12][0-9]|3[01])$',
  description: 'a day 1-31',
  examples: ['05'],
});
export const Month = Type.String({
  pattern: '^(0?[1-9]|1[0-2])$',
  description: 'a month 1-12',
  examples: ['01'],
});
export const Year = Type.String({
  pattern: '^[0-9]{4}$',
  description: 'a four-digit A.D. year',
  examples: ['2026'],
});
export const FundCode = Type.String({
  pattern: FUND_CODE_PATTERN,
  description: 'a fund number or short code',
  examples: ['101'],
});
export const Family = Type.String({
  pattern: '^[A-Za-z0-9]{1,10}$',
  description: 'a currency family code such as USD50',
  examples: ['USD50'],
});
export const FamilyList = Type.String({
  pattern: '^[A-Za-z0-9 ,]{1,400}$',
  description: 'comma-separated currency family codes such as USD50,GBP',
  examples: ['USD50,GBP,JPY'],
});
export const Lang = Type.String({
  pattern: '^([eE][nN]|[tT][hH])$',
  description: "'en' or 'th'",
  examples: ['en'],
});
/** The last segment of the website's Fund_Nav and FundPrice paths: the site sends `N`; accepted, ignored. */
export const Ignored = Type.String({
  pattern: '^[A-Za-z0-9]{1,10}$',
  description: 'one to ten letters or digits (ignored)',
  examples: ['N'],
});
export const LooseDate = Type.String({
  pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4}|[0-9]{8})$',
  description: 'a date YYYY-MM-DD (or DD-MM-YYYY, YYYYMMDD)',
  examples: ['2026-01-01'],
});

/** The same parameter with another example, so a range's start and end can differ in the docs. */
export const withExample = <T extends TString>(schema: T, example: string): T => ({
  ...schema,
  examples: [example],
});

/** fdd/fmm/fyyyy/tdd/tmm/tyyyy of the range operations. */
export const RangeParams = {
  fdd: withExample(Day, '01'),
  fmm: Month,
  fyyyy: Year,
  tdd: withExample(Day, '31'),
  tmm: Month,
  tyyyy: Year,
};

export function parseYear(name: string, raw: string): number {
  const year = Number(raw);
  if (year >= BUDDHIST_ERA_FROM) {
    throw new ParamError(name, 'an A.D. year (this looks like a Buddhist-era year; subtract 543)', raw);
  }
  if (!/^[0-9]{4}$/.test(raw) || year < MIN_YEAR) throw new ParamError(name, 'a four-digit A.D. year', raw);
  return year;
}

/**
 * The first and last days of a month given as year and month path segments (GetUpdateInMonth of the
 * funds, GetDayInMonth of FX). The month's schema pattern (Month) has already held it to 1-12.
 */
export function parseMonthParts(yearName: string, raw: [year: string, month: string]) {
  return monthRange(parseYear(yearName, raw[0]), Number(raw[1]));
}

/** A date from day, month and year path segments, e.g. fdd/fmm/fyyyy. */
export function parseDateParts(names: [string, string, string], raw: [string, string, string]): string {
  const [dayName, monthName, yearName] = names;
  const year = parseYear(yearName, raw[2]);
  const month = Number(raw[1]);
  const day = Number(raw[0]);
  if (!(month >= 1 && month <= 12)) throw new ParamError(monthName, 'a month 1-12', raw[1]);
  if (!isRealDate({ year, month, day })) {
    throw new ParamError(dayName, `a day that exists in ${year}-${String(month).padStart(2, '0')}`, raw[0]);
  }
  return isoDate({ year, month, day });
}

export interface DateRange {
  from: string;
  to: string;
}

export function checkRange(range: DateRange, maxYears?: number): DateRange {
  if (range.from > range.to) {
    throw new ParamError('period', 'a start date on or before the end date', `${range.from} to ${range.to}`);
  }
  if (maxYears !== undefined && range.to > addYears(range.from, maxYears)) {
    throw new ParamError('period', `at most ${maxYears} years`, `${range.from} to ${range.to}`);
  }
  return range;
}

type RangeParams = Record<'fdd' | 'fmm' | 'fyyyy' | 'tdd' | 'tmm' | 'tyyyy', string>;

export function parseRangeParams(p: RangeParams, maxYears?: number): DateRange {
  return checkRange(
    {
      from: parseDateParts(['fdd', 'fmm', 'fyyyy'], [p.fdd, p.fmm, p.fyyyy]),
      to: parseDateParts(['tdd', 'tmm', 'tyyyy'], [p.tdd, p.tmm, p.tyyyy]),
    },
    maxYears,
  );
}

const LOOSE_DATE_FORMATS: [RegExp, (m: RegExpExecArray) => string[]][] = [
  [/^([0-9]{4})-([0-9]{2})-([0-9]{2})$/, (m) => [m[1]!, m[2]!, m[3]!]],
  [/^([0-9]{2})-([0-9]{2})-([0-9]{4})$/, (m) => [m[3]!, m[2]!, m[1]!]],
  [/^([0-9]{4})([0-9]{2})([0-9]{2})$/, (m) => [m[1]!, m[2]!, m[3]!]],
];

/** GetNavByFundCode's dates: YYYY-MM-DD, DD-MM-YYYY or YYYYMMDD, normalized to YYYY-MM-DD. */
export function parseLooseDate(name: string, raw: string): string {
  let ymd: string[] | undefined;
  for (const [pattern, pick] of LOOSE_DATE_FORMATS) {
    const m = pattern.exec(raw);
    if (m) ymd = pick(m);
  }
  if (!ymd) throw new ParamError(name, 'a date YYYY-MM-DD (or DD-MM-YYYY, YYYYMMDD)', raw);
  const parts = { year: Number(ymd[0]), month: Number(ymd[1]), day: Number(ymd[2]) };
  if (parts.year >= BUDDHIST_ERA_FROM) {
    throw new ParamError(name, 'an A.D. date (this looks like a Buddhist-era year; subtract 543)', raw);
  }
  if (parts.year < MIN_YEAR || !isRealDate(parts)) throw new ParamError(name, 'a date that exists', raw);
  return isoDate(parts);
}

export function parseLang(raw: string): 'en' | 'th' {
  const lang = raw.toLowerCase();
  if (lang !== 'en' && lang !== 'th') throw new ParamError('lang', "'en' or 'th'", raw);
  return lang;
}

/** Families as asked: trimmed, upper-cased, duplicates dropped, order kept. */
export function parseFamilyList(raw: string): string[] {
  const codes = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== ''),
    ),
  ];
  if (codes.length === 0 || codes.some((c) => !/^[A-Z0-9]{1,10}$/.test(c))) {
    throw new ParamError('family', 'comma-separated currency family codes such as USD50,GBP', raw);
  }
  return codes;
}
