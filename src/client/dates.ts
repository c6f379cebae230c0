/** A day: a `Date`, taken as its calendar day in Bangkok (the service's time zone), or 'YYYY-MM-DD'. */
export type DateInput = Date | `${number}-${number}-${number}`;

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a day; throws a RangeError before any request for an invalid one. */
export function isoDay(input: DateInput): string {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw new RangeError('Expected a valid Date, got Invalid Date');
    return new Date(input.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
  }
  const day = String(input);
  const parsed = new Date(`${day}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
    Number.isNaN(parsed.getTime()) ||
    !parsed.toISOString().startsWith(day)
  ) {
    throw new RangeError(`Expected a Date or a day 'YYYY-MM-DD', got '${day}'`);
  }
  return day;
}

/** The day/month/year path segments the range operations take, e.g. '05/01/2026'. */
export function dayPath(input: DateInput): string {
  const [year, month, day] = isoDay(input).split('-');
  return `${day}/${month}/${year}`;
}
