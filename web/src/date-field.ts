import { h } from './dom.js';
import { t, type Lang } from './i18n.js';

export interface DateField {
  input: HTMLInputElement;
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

/** 'YYYY-MM-DD' as Thai users write it: day/month/Buddhist-era year, e.g. 25/11/2569. */
export const thaiDate = (iso: string): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d}/${m}/${y + 543}`;
};

/**
 * A date input. In English the browser's date picker; in Thai a text field in day/month/Buddhist-era
 * year, since the browser's picker follows its own locale (month first, A.D.) whatever the page says.
 */
export function dateField(
  lang: Lang,
  { id, label, value }: { id: string; label: string; value: string },
): DateField {
  if (lang !== 'th') {
    const input = h('input', { type: 'date', id, value, 'aria-label': label });
    return { input, value: () => (ISO.test(input.value) ? input.value : undefined) };
  }
  const input = h('input', {
    type: 'text',
    id,
    value: thaiDate(value),
    inputmode: 'numeric',
    size: 10,
    'aria-label': `${label} (${t(lang, 'dateFormat')})`,
    placeholder: t(lang, 'dateFormat'),
    class: 'date',
  });
  return {
    input,
    value: () => {
      const match = DAY_FIRST.exec(input.value.trim());
      if (!match) return undefined;
      const [, d, m, y] = match.map(Number) as [number, number, number, number];
      return isoDay(y - 543, m, d);
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
    const example = lang === 'th' ? thaiDate('2026-01-31') : '2026-01-31';
    return { error: t(lang, 'badDate', { example }) };
  }
  if (start > end) return { error: t(lang, 'badRange', { from: formatDay(start), to: formatDay(end) }) };
  return { from: start, to: end };
}
