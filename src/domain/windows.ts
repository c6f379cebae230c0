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

/** Quota windows are Bangkok calendar days or months: the quota is replenished at Bangkok midnight. */
export function quotaWindow(now: Date, period: QuotaPeriod): Window {
  const { year, month, day } = dateParts(bangkokToday(now));
  if (period === 'day') {
    return {
      id: `d${bangkokToday(now)}`,
      endsAt: Date.UTC(year, month - 1, day + 1) - BANGKOK_OFFSET_MS,
    };
  }
  return {
    id: `m${bangkokToday(now).slice(0, 7)}`,
    endsAt: Date.UTC(year, month, 1) - BANGKOK_OFFSET_MS,
  };
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
