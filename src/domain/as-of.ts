import { BANGKOK_OFFSET_MS } from './dates.js';

// The instants of as-of reads (docs/time-travel.md): what a caller may ask for and how the answer
// names the state it serves (HTTP-dates, RFC 7089 and RFC 9110).

const HTTP_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant an HTTP-date names, to the end of its second (its state includes that second's commits). */
export function parseHttpDate(value: string): Date | undefined {
  if (!HTTP_DATE.test(value.trim())) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms + 999);
}

/**
 * `?asOf=`: an ISO 8601 instant with its offset (`2026-11-20T10:00:00+07:00`, `...Z`), or a day, read
 * as the end of that Bangkok day (what was published by the end of it). An instant without seconds or
 * milliseconds reaches to the end of the minute or second it names.
 */
export function parseAsOf(value: string): Date | undefined {
  const text = value.trim();
  if (DAY.test(text)) {
    const ms = Date.parse(`${text}T23:59:59.999Z`);
    return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text
      ? undefined
      : new Date(ms - BANGKOK_OFFSET_MS);
  }
  const match = ISO_INSTANT.exec(text);
  if (!match) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  const rest = match[1] === undefined ? 59_999 : match[2] === undefined ? 999 : 0;
  return new Date(ms + rest);
}

/** An instant as an HTTP-date (`Fri, 20 Nov 2026 03:00:00 GMT`), to the second. */
export const httpDate = (instant: Date): string => instant.toUTCString();

/**
 * Whether an answer last modified at `lastModified` (an HTTP-date) is newer than If-Modified-Since:
 * true without a usable If-Modified-Since, so the answer is sent in full.
 */
export function modifiedSince(
  ifModifiedSince: string | undefined,
  lastModified: string | undefined,
): boolean {
  if (!ifModifiedSince || !lastModified) return true;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return Number.isNaN(since) || Number.isNaN(modified) || modified > since;
}
