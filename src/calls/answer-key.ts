import { bangkokDay } from '../domain/windows.js';

/**
 * The answer cache's key of a call: paths match case-insensitively, and so do every parameter of the
 * GET operations; the query string holds no parameter of theirs. "Today" (deposit rates) is part of
 * the key, so an answer never outlives its Bangkok day.
 */
export function answerKey(url: string, accept: string | undefined, now: Date): string {
  const wantsCsv = (accept ?? '').toLowerCase().includes('text/csv');
  const q = url.indexOf('?');
  return `${(q < 0 ? url : url.slice(0, q)).toLowerCase()}|${wantsCsv ? 'csv' : 'json'}|${bangkokDay(now).day}`;
}
