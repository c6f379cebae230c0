import { dateField, thaiDate } from './date-field.js';
import { h } from './dom.js';
import { formatDay, t, type Lang } from './i18n.js';

// The explorer as of a past instant (docs/time-travel.md). The instant lives in the page's address,
// before the hash (/?asOf=2026-12-06T16:30%2B07:00#funds/101): the tabs, every link a view writes
// (`#...`) and every view's own settings keep it, and a shared link or a reload opens it again. The
// API client sends it with every call (Accept-Datetime). Times are Bangkok's, as the data's days are.

const PARAM = 'asOf';
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;
const BANGKOK_MS = 7 * 3_600_000;

/** The instant the page's address asks for; undefined for the latest (none, or not an instant). */
export function asOfInAddress(): Date | undefined {
  const value = new URLSearchParams(location.search).get(PARAM);
  if (!value || !INSTANT.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** An instant's Bangkok day and time: { day: '2026-12-06', time: '16:30' } (seconds only if it has some). */
export function inBangkok(at: Date): { day: string; time: string } {
  const iso = new Date(at.getTime() + BANGKOK_MS).toISOString();
  const seconds = iso.slice(17, 19);
  return { day: iso.slice(0, 10), time: iso.slice(11, seconds === '00' ? 16 : 19) };
}

/** The page's address as of `at` (none: the latest), its view (the hash) kept. */
export function addressAsOf(at: Date | undefined): string {
  const params = new URLSearchParams(location.search);
  params.delete(PARAM);
  const rest = params.toString();
  // Written by hand: URLSearchParams would write the colons as %3A.
  const own = at ? `${PARAM}=${inBangkok(at).day}T${inBangkok(at).time}%2B07:00` : '';
  const search = [rest, own].filter(Boolean).join('&');
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

/**
 * The "as of" bar above every view: as of an instant, it says so plainly, with the way back to the
 * latest data; either way, a date and a Bangkok time to choose another. `choose` is told the instant
 * picked (undefined: the latest).
 */
export function drawAsOf(
  el: HTMLElement,
  lang: Lang,
  at: Date | undefined,
  choose: (at: Date | undefined) => void,
): void {
  const shown = at ? inBangkok(at) : inBangkok(new Date());
  const date = dateField(lang, { id: 'as-of-date', label: t(lang, 'asOfDate'), value: shown.day });
  const time = h('input', {
    type: 'text',
    id: 'as-of-time',
    value: shown.time.slice(0, 5),
    inputmode: 'numeric',
    size: 5,
    placeholder: '18:30',
    'aria-describedby': 'as-of-time-format',
  });
  const problem = h('p', { id: 'as-of-problem', class: 'message error', role: 'alert' });
  const form = h(
    'form',
    { id: 'as-of-form', autocomplete: 'off' },
    // Each label with its field, so that a narrow screen wraps between the pairs.
    h('span', { class: 'as-of-field' }, h('label', { for: 'as-of-date' }, t(lang, 'asOfDate')), date.element),
    h('span', { class: 'as-of-field' }, h('label', { for: 'as-of-time' }, t(lang, 'asOfTime')), time),
    h('span', { id: 'as-of-time-format', class: 'visually-hidden' }, t(lang, 'asOfTimeFormat')),
    h('button', { type: 'submit', id: 'as-of-show' }, t(lang, 'asOfShow')),
    problem,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const day = date.value();
    const hhmm = TIME.exec(time.value.trim());
    if (!day) {
      const example = lang === 'th' ? thaiDate('2026-01-31') : formatDay('2026-01-31', lang);
      problem.textContent = t(lang, 'asOfBadDate', { example });
      return date.input.focus();
    }
    if (!hhmm) {
      problem.textContent = t(lang, 'asOfBadTime');
      return time.focus();
    }
    choose(new Date(`${day}T${hhmm[1]!.padStart(2, '0')}:${hhmm[2]}:00+07:00`));
  });
  const pick = h(
    'details',
    { id: 'as-of-pick' },
    h('summary', {}, t(lang, at ? 'asOfChange' : 'asOfPick')),
    form,
  );
  el.className = at ? 'as-of past' : 'as-of';
  el.setAttribute('aria-label', t(lang, 'asOfRegion'));
  if (!at) return void el.replaceChildren(pick);
  el.replaceChildren(
    h(
      'p',
      // Focused once an instant is picked (main.ts), so a screen reader says what the page shows now.
      { id: 'as-of-shown', tabindex: -1 },
      h('strong', {}, t(lang, 'asOfShown', { time: shown.time, date: formatDay(shown.day, lang) })),
      ' ',
      t(lang, 'asOfShownMore'),
    ),
    h(
      'button',
      { type: 'button', id: 'as-of-latest', onclick: () => choose(undefined) },
      t(lang, 'asOfLatest'),
    ),
    pick,
  );
}
