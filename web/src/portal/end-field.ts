import { dateField } from '../date-field.js';
import { h } from '../dom.js';
import { formatDay } from '../i18n.js';
import type { PortalContext } from './context.js';

// A key's end as the developer gives it: a day written as the page writes days (not the browser's
// picker, month first in a US browser) and a 24-hour time, both in Bangkok, the portal's one zone.

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export interface EndField {
  element: HTMLElement;
  /** The end as an ISO instant, null for none (no day given), or undefined when the day or time is not one. */
  value(): string | null | undefined;
}

export function endField(ctx: PortalContext, id: string, label: string, iso: string | null): EndField {
  const bangkok = iso ? new Date(Date.parse(iso) + 7 * 3_600_000).toISOString() : '';
  const day = dateField(ctx.lang, { id: `${id}-day`, label: ctx.t('endDay'), value: bangkok.slice(0, 10) });
  if (!iso) day.input.value = '';
  const time = h('input', {
    id: `${id}-time`,
    type: 'text',
    inputmode: 'numeric',
    size: 8,
    value: bangkok ? bangkok.slice(11, 19) : '',
    placeholder: '23:59',
    'aria-label': ctx.t('endTime'),
  });
  const element = h(
    'fieldset',
    { class: 'field end-field', id },
    h('legend', {}, label),
    day.element,
    ' ',
    time,
    h('p', { class: 'hint' }, ctx.t('endHint', { example: formatDay('2026-01-31', ctx.lang) })),
  );
  return {
    element,
    value() {
      if (!day.input.value.trim()) return null;
      const d = day.value();
      const t = TIME.exec(time.value.trim() || '23:59');
      if (!d || !t) return undefined;
      const [, hh, mm, ss = '00'] = t;
      return new Date(`${d}T${hh!.padStart(2, '0')}:${mm}:${ss}+07:00`).toISOString();
    },
  };
}
