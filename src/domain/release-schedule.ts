import { addDays, bangkokParts } from './dates.js';
import { isThaiBusinessDay } from './thai-calendar.js';

/** When a day's data is published: Bangkok time, and on Thai business days only or every day. */
export interface ReleaseSchedule {
  time: string;
  businessDaysOnly: boolean;
}

/** The latest day whose data the schedule says is out at `now`. */
export function expectedLatest(release: ReleaseSchedule, now: Date): string {
  const { date, time } = bangkokParts(now);
  let day = time >= release.time ? date : addDays(date, -1);
  if (release.businessDaysOnly) while (!isThaiBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** Release days after `latest` up to `expected` (0: up to date). */
export function releaseDaysBetween(release: ReleaseSchedule, latest: string, expected: string): number {
  let lag = 0;
  for (let d = addDays(latest, 1); d <= expected; d = addDays(d, 1))
    if (!release.businessDaysOnly || isThaiBusinessDay(d)) lag++;
  return lag;
}
