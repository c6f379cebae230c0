import { bangkokDay } from '../domain/windows.js';

/**
 * The answer cache's key of a call: paths match case-insensitively, and so do every parameter of the
 * GET operations; the query string holds no parameter of theirs. "Today" (deposit rates) is part of
 * the key, so an answer never outlives its Bangkok day.
 */
export function answerKey(
  url: string,
  accept: string | undefined,
  now: Date,
  /** Asked as of an instant (docs/time-travel.md): the batch read and the instant ('now': one to come). */
  asOf?: { batch: number; instant: Date } | 'now',
): string {
  const wantsCsv = (accept ?? '').toLowerCase().includes('text/csv');
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).toLowerCase();
  const format = wantsCsv ? 'csv' : 'json';
  if (asOf === undefined) return `${path}|${format}|${bangkokDay(now).day}`;
  // The instant's day is its answer's "today"; an answer for an instant to come names its state too.
  return asOf === 'now'
    ? `${path}|${format}|${bangkokDay(now).day}|@now`
    : `${path}|${format}|${bangkokDay(asOf.instant).day}|@${asOf.batch}`;
}
