import Holidays from 'date-holidays';
import { addDays, dayOfWeek } from './dates.js';

// Thai banks and fund houses publish prices and rates only on Thai business days. Holidays come from
// date-holidays' Thai calendar (public holidays only; bank-only and observance days are ignored).
// date-holidays has no substitution days, so they are added here by the government's standing rule:
// a public holiday on a Saturday or Sunday gives the next working day off.

const thailand = new Holidays('TH');
const holidaysByYear = new Map<number, ReadonlySet<string>>();

const isWeekend = (iso: string): boolean => {
  const weekday = dayOfWeek(iso);
  return weekday === 0 || weekday === 6;
};

function publicHolidays(year: number): string[] {
  return thailand
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => h.date.slice(0, 10));
}

/** The Thai public holidays of a year and their substitution days, as 'YYYY-MM-DD', computed once. */
export function thaiHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    // A weekend holiday late in December can push its substitution day into January.
    const raw = [
      ...publicHolidays(year - 1).filter((d) => d >= `${year - 1}-12-20`),
      ...publicHolidays(year),
    ];
    const off = new Set(raw);
    for (const holiday of raw.filter(isWeekend).sort()) {
      let substitute = addDays(holiday, 1);
      while (isWeekend(substitute) || off.has(substitute)) substitute = addDays(substitute, 1);
      off.add(substitute);
    }
    days = new Set([...off].filter((d) => d.startsWith(`${year}-`)));
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isThaiBusinessDay(iso: string): boolean {
  return !isWeekend(iso) && !thaiHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The Thai business days from `from` to `to`, both inclusive, in ascending order. */
export function* businessDays(from: string, to: string): Generator<string> {
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isThaiBusinessDay(day)) yield day;
  }
}

/** The first Thai business day on or after `iso`. */
export function nextBusinessDay(iso: string): string {
  let day = iso;
  while (!isThaiBusinessDay(day)) day = addDays(day, 1);
  return day;
}
