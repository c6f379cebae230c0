import { bangkokToday, dateParts } from './dates.js';
import type { QuotaPeriod } from './subscriptions.js';

// Limit windows are derived from the clock alone, so every process (and, later, every node sharing a
// Redis store) agrees on which window a call falls in, and tests move through windows by moving the
// clock instead of sleeping.

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface Window {
  /** Names the window; counters are kept per window name. */
  id: string;
  /** First instant of the window, epoch milliseconds. */
  startsAt: number;
  /** First instant after the window, epoch milliseconds. */
  endsAt: number;
}

// Every call asks for its windows: the last one of each length is remembered, so a call in the
// same window builds no object and no name (a window's name is made once, when it starts).
const lastRateWindows = new Map<number, Window>();

/** Fixed rate-limit windows of `periodS` seconds, aligned to the epoch. */
export function rateWindow(now: Date, periodS: number): Window {
  const periodMs = periodS * 1000;
  const index = Math.floor(now.getTime() / periodMs);
  const last = lastRateWindows.get(periodS);
  if (last?.startsAt === index * periodMs) return last;
  const window = { id: `${periodS}s${index}`, startsAt: index * periodMs, endsAt: (index + 1) * periodMs };
  lastRateWindows.set(periodS, window);
  return window;
}

interface BangkokDay {
  number: number;
  day: string; // YYYY-MM-DD
  /** The quota windows this day falls in: the day itself and its month. */
  dayWindow: Window;
  monthWindow: Window;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// Every call asks for the current day; remembering the last one spares formatting a date per call.
let last: BangkokDay | undefined;

/** The Bangkok calendar day of an instant, with the quota windows it falls in. */
export function bangkokDay(now: Date): BangkokDay {
  const number = Math.floor((now.getTime() + BANGKOK_OFFSET_MS) / DAY_MS);
  if (last?.number !== number) {
    const day = bangkokToday(now);
    const { year, month } = dateParts(day);
    const dayStart = number * DAY_MS - BANGKOK_OFFSET_MS;
    last = {
      number,
      day,
      dayWindow: { id: `d${day}`, startsAt: dayStart, endsAt: dayStart + DAY_MS },
      monthWindow: {
        id: `m${day.slice(0, 7)}`,
        startsAt: Date.UTC(year, month - 1, 1) - BANGKOK_OFFSET_MS,
        endsAt: Date.UTC(year, month, 1) - BANGKOK_OFFSET_MS,
      },
    };
  }
  return last;
}

/** Quota windows are Bangkok calendar days or months: the quota is replenished at Bangkok midnight. */
export function quotaWindow(now: Date, period: QuotaPeriod): Window {
  const today = bangkokDay(now);
  return period === 'day' ? today.dayWindow : today.monthWindow;
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
