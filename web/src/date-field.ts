import { h } from './dom.js';
import { formatDay, monthName, t, type Lang } from './i18n.js';

export interface DateField {
  input: HTMLInputElement;
  /** What to put in a form: the input, and in Thai the note beside it that says how a year was read. */
  element: HTMLElement;
  /** The day entered as 'YYYY-MM-DD', or undefined when it is not a real day. */
  value(): string | undefined;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A real calendar day as 'YYYY-MM-DD', or undefined. */
function isoDay(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return date.toISOString().slice(0, 10);
}

const NAMED = /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i;

/**
 * The day an English date field's text stands for ('YYYY-MM-DD'): as the page writes days ('15 Jan
 * 2020', or the month's whole name), day first as in '15/1/2020', or '2020-01-15'.
 */
export function readEnglishDay(text: string): string | undefined {
  const typed = text.trim();
  const iso = ISO.exec(typed);
  const dayFirst = DAY_FIRST.exec(typed);
  const named = NAMED.exec(typed);
  let parts: [number, number, number] | undefined;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) parts = [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])];
  else if (named && named[2]!.length >= 3) {
    const word = named[2]!.toLowerCase();
    const month = Array.from({ length: 12 }, (_, i) => i + 1).find((m) =>
      monthName(m, 'en').toLowerCase().startsWith(word),
    );
    if (month) parts = [Number(named[3]), month, Number(named[1])];
  }
  if (!parts || parts[0] < FIRST_AD_YEAR) return undefined;
  return isoDay(...parts);
}

/**
 * Typed years from here on are Buddhist-era; below it, A.D.: read as B.E., 2025 would be A.D. 1482,
 * centuries before any data, while many people (and pasted dates) write A.D. years in Thai too.
 */
const FIRST_BE_YEAR = 2400;
/** Days before this A.D. year are no day the data could have, in either era: refused as a slip. */
const FIRST_AD_YEAR = 1900;

/** The day a Thai date field's text stands for ('YYYY-MM-DD'), and whether its year was taken as A.D. */
export function readThaiDay(text: string): { iso: string; ad: boolean } | undefined {
  const match = DAY_FIRST.exec(text.trim());
  if (!match) return undefined;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const ad = y < FIRST_BE_YEAR;
  const year = ad ? y : y - 543;
  const iso = year >= FIRST_AD_YEAR ? isoDay(year, m, d) : undefined;
  return iso ? { iso, ad } : undefined;
}

/**
 * The days Thai fields read with an A.D. year, by field id, until the field is drawn anew with that
 * day: the view drawn after a pick says again how the year was read, beside the same field.
 */
const readAsAd = new Map<string, string>();

/** 'YYYY-MM-DD' as Thai users write it: day/month/Buddhist-era year, e.g. 25/11/2569. */
export const thaiDate = (iso: string): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d}/${m}/${y + 543}`;
};

/**
 * A date input written as the page writes days: in English '15 Jan 2020', in Thai day/month/Buddhist-era
 * year. Not the browser's date picker, which follows the browser's locale (month first in the US, A.D.)
 * whatever the page's language, beside days the page writes its own way.
 */
export function dateField(
  lang: Lang,
  { id, label, value }: { id: string; label: string; value: string },
): DateField {
  if (lang !== 'th') {
    const input = h('input', {
      type: 'text',
      id,
      value: formatDay(value, lang),
      size: 11,
      'aria-label': `${label} (${t(lang, 'dateFormat')})`,
      placeholder: formatDay('2026-01-31', lang),
      class: 'date',
    });
    return { input, element: input, value: () => readEnglishDay(input.value) };
  }
  const note = h('small', { class: 'date-note', id: `${id}-note`, 'aria-live': 'polite' });
  const input = h('input', {
    type: 'text',
    id,
    value: thaiDate(value),
    inputmode: 'numeric',
    size: 10,
    'aria-label': `${label} (${t(lang, 'dateFormat')})`,
    placeholder: t(lang, 'dateFormat'),
    class: 'date',
    'aria-describedby': note.id,
  });
  /** Says which era a year was read in when it was taken as A.D.; nothing for the usual B.E. */
  const tell = (day: { iso: string; ad: boolean } | undefined) => {
    const y = day?.ad ? Number(day.iso.slice(0, 4)) : undefined;
    note.textContent = y ? t(lang, 'dateReadAsAd', { ad: y, be: y + 543 }) : '';
  };
  if (readAsAd.get(id) === value) tell({ iso: value, ad: true });
  readAsAd.delete(id);
  input.addEventListener('input', () => tell(readThaiDay(input.value)));
  return {
    input,
    element: h('span', { class: 'date-field' }, input, note),
    value: () => {
      const day = readThaiDay(input.value);
      tell(day);
      if (day?.ad) readAsAd.set(id, day.iso);
      return day?.iso;
    },
  };
}

/** The two days of a From/To pair, or the message that tells what is wrong with them. */
export function readRange(
  lang: Lang,
  from: DateField,
  to: DateField,
  formatDay: (iso: string) => string,
): { from: string; to: string } | { error: string } {
  const [start, end] = [from.value(), to.value()];
  if (!start || !end) {
    const example = lang === 'th' ? thaiDate('2026-01-31') : formatDay('2026-01-31');
    return { error: t(lang, 'badDate', { example }) };
  }
  if (start > end) return { error: t(lang, 'badRange', { from: formatDay(start), to: formatDay(end) }) };
  return { from: start, to: end };
}
