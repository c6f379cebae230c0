// Calendar dates are plain 'YYYY-MM-DD' strings (Gregorian, Bangkok). All arithmetic goes through UTC
// so no local time zone or daylight-saving rule can shift a day.

export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
export const BUDDHIST_ERA_OFFSET = 543;
/** The years the service takes: A.D. from 1900; 2400 and later look like Buddhist-era years. */
export const MIN_YEAR = 1900;
export const BUDDHIST_ERA_FROM = 2400;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

export function isoDate({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * A checked ISO date as the number yyyymmdd (2026-11-27: 20261127), read off its digits: a set of
 * these costs a market-scale import's writer a fraction of a set of the rows' own date strings, each
 * a separate copy to hash and compare with the one the set holds.
 */
export function dateDigits(iso: string): number {
  let n = 0;
  for (let i = 0; i < 10; i++) if (i !== 4 && i !== 7) n = n * 10 + iso.charCodeAt(i) - 48;
  return n;
}

/** The ISO date of a `dateDigits` number. */
export function fromDateDigits(n: number): string {
  return isoDate({ year: Math.floor(n / 10_000), month: Math.floor(n / 100) % 100, day: n % 100 });
}

export function dateParts(iso: string): DateParts {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A month's first and last days, as ISO dates (the range of the GetUpdateInMonth and GetDayInMonth reads). */
export function monthRange(year: number, month: number): { first: string; last: string } {
  return {
    first: isoDate({ year, month, day: 1 }),
    last: isoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

export function isRealDate({ year, month, day }: DateParts): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = dateParts(iso);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Same day and month `years` later; 29 February becomes 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  const { year, month, day } = dateParts(iso);
  const target = year + years;
  return isoDate({ year: target, month, day: Math.min(day, daysInMonth(target, month)) });
}

export function dayOfWeek(iso: string): number {
  const { year, month, day } = dateParts(iso);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Bangkok wall-clock parts of an instant. */
export function bangkokParts(now: Date): { date: string; time: string } {
  const shifted = new Date(now.getTime() + BANGKOK_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}

export function bangkokToday(now: Date = new Date()): string {
  return bangkokParts(now).date;
}

/** The API's date-time format: `YYYY-MM-DDT00:00:00`, no zone. */
export function toDateTime(iso: string): string {
  return `${iso}T00:00:00`;
}

/** `MM/dd/yyyy`, with a Buddhist-era year when asked (GetDownloadfxrates). */
export function formatMonthDayYear(iso: string, buddhistEra: boolean): string {
  const { year, month, day } = dateParts(iso);
  return `${pad2(month)}/${pad2(day)}/${buddhistEra ? year + BUDDHIST_ERA_OFFSET : year}`;
}

/** `d/MM/yyyy` (GetfxbannerAPI), with a Buddhist-era year when asked (Getfxrates). */
export function formatBannerDate(iso: string, buddhistEra = false): string {
  const { year, month, day } = dateParts(iso);
  return `${day}/${pad2(month)}/${buddhistEra ? year + BUDDHIST_ERA_OFFSET : year}`;
}

/** `dd/MM/yyyy` (GetDepositRate). */
export function formatDayMonthYear(iso: string): string {
  const { year, month, day } = dateParts(iso);
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

/** `dd/MM/yyyy HH:mm:ss` from a stored `YYYY-MM-DD HH:mm:ss`. */
export function formatTimestamp(stored: string): string {
  return `${formatDayMonthYear(stored.slice(0, 10))} ${stored.slice(11, 19)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01: a date as a small integer, for compact arrays and plain comparisons. */
export function dayNumber(iso: string): number {
  const { year, month, day } = dateParts(iso);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The ISO date of a day number: Howard Hinnant's civil_from_days, without a Date (a statistics call
 * makes a dozen of them, and Date.toISOString was a noticeable part of an uncached call; measured:
 * CONTRIBUTING.md, Measurements behind the code). */
export function fromDayNumber(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}
