import { bangkokToday, dateParts } from './dates.js';
import type { QuotaPeriod } from './subscriptions.js';

// Limit windows are derived from the clock alone, so every process (and, later, every node sharing a
// Redis store) agrees on which window a call falls in, and tests move through windows by moving the
// clock instead of sleeping.

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface Window {
  /** Names the window; counters are kept per window name. */
  id: string;
  /** First instant after the window, epoch milliseconds. */
  endsAt: number;
}

/** Fixed rate-limit windows of `periodS` seconds, aligned to the epoch. */
export function rateWindow(now: Date, periodS: number): Window {
  const periodMs = periodS * 1000;
  const index = Math.floor(now.getTime() / periodMs);
  return { id: `${periodS}s${index}`, endsAt: (index + 1) * periodMs };
}

interface BangkokDay {
  number: number;
  day: string; // YYYY-MM-DD
  dayEnd: number;
  month: string; // YYYY-MM
  monthEnd: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// Every call asks for the current day; remembering the last one spares formatting a date per call.
let last: BangkokDay | undefined;

/** The Bangkok calendar day of an instant, with the ends of that day and its month. */
export function bangkokDay(now: Date): BangkokDay {
  const number = Math.floor((now.getTime() + BANGKOK_OFFSET_MS) / DAY_MS);
  if (last?.number !== number) {
    const day = bangkokToday(now);
    const { year, month } = dateParts(day);
    last = {
      number,
      day,
      dayEnd: (number + 1) * DAY_MS - BANGKOK_OFFSET_MS,
      month: day.slice(0, 7),
      monthEnd: Date.UTC(year, month, 1) - BANGKOK_OFFSET_MS,
    };
  }
  return last;
}

/** Quota windows are Bangkok calendar days or months: the quota is replenished at Bangkok midnight. */
export function quotaWindow(now: Date, period: QuotaPeriod): Window {
  const today = bangkokDay(now);
  return period === 'day'
    ? { id: `d${today.day}`, endsAt: today.dayEnd }
    : { id: `m${today.month}`, endsAt: today.monthEnd };
}

/** Whole seconds until `endsAt`, at least 1 (a client told 0 would retry at once). */
export function secondsUntil(endsAt: number, now: Date): number {
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/** HH:MM:SS; hours go past 24 for a monthly quota (the gateway's format has no day field). */
export function formatHms(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
