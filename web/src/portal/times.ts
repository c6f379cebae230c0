import type { Lang } from '../i18n.js';

// Instants in the portal (a key's end, a request's time, a session's last use) are Bangkok times, as
// its days are Bangkok days; a time the developer types is read as Bangkok time too.

const ZONE = 'Asia/Bangkok';
const formats: Partial<Record<Lang, Intl.DateTimeFormat>> = {};

/** '7 Dec 2026, 14:05' in Bangkok (Thai: its own month names and Buddhist year). */
export function bangkokTime(iso: string, lang: Lang, seconds = false): string {
  const format = seconds
    ? new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
        timeZone: ZONE,
        dateStyle: 'medium',
        timeStyle: 'medium',
      })
    : (formats[lang] ??= new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
        timeZone: ZONE,
        dateStyle: 'medium',
        timeStyle: 'short',
      }));
  return format.format(new Date(iso));
}
