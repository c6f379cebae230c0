// The period picker the fund and FX charts share: the preset buttons (1W to 3Y), Custom, and a
// From/To form, over a period the view keeps while the page is open.
import { day, text, type Context } from './context.js';
import { PRESETS, presetStart, type Preset } from './dates.js';
import { dateField, readRange } from './date-field.js';
import { h, toggles } from './dom.js';

/** The period the user chose: a preset ending on the latest day, or their own From and To. */
export interface Period {
  preset: Preset | 'custom';
  from?: string;
  to?: string;
}

/** The days `period` covers when the data ends on `end`. */
export const periodRange = (period: Period, end: string) =>
  period.preset === 'custom' && period.from && period.to
    ? { from: period.from, to: period.to }
    : { from: presetStart(period.preset === 'custom' ? '1Y' : period.preset, end), to: end };

/**
 * The buttons and the From/To form for `period`, showing `from`–`to`; a choice changes `period` and
 * draws the view anew. Ids start with `prefix` (fund-from, fx-apply...). `refuse` tells what is wrong
 * with a range the form reads that the view cannot show, if anything.
 */
export function periodPicker(
  ctx: Context,
  period: Period,
  prefix: string,
  { from, to }: { from: string; to: string },
  refuse?: (range: { from: string; to: string }) => string | undefined,
  presets: readonly Preset[] = PRESETS,
) {
  const fromField = dateField(ctx.lang, { id: `${prefix}-from`, label: text(ctx, 'from'), value: from });
  const toField = dateField(ctx.lang, { id: `${prefix}-to`, label: text(ctx, 'to'), value: to });
  const problem = h('p', { class: 'message error', id: `${prefix}-range-error`, role: 'alert' });
  const apply = () => {
    const range = readRange(ctx.lang, fromField, toField, (iso) => day(ctx, iso));
    const error = 'error' in range ? range.error : refuse?.(range);
    if (error !== undefined) return void (problem.textContent = error);
    Object.assign(period, { preset: 'custom', ...range });
    ctx.rerender();
  };
  return h(
    'div',
    { class: 'period' },
    toggles(
      [
        ...presets.map((p) => ({ value: p, label: periodLabel(ctx, p) })),
        { value: 'custom' as const, label: text(ctx, 'custom') },
      ],
      period.preset,
      (preset) => {
        // Custom starts from the period on show, with the focus on its first field to change it:
        // before, it had no days yet and the view could not be drawn.
        if (preset === 'custom') {
          Object.assign(period, { preset, from, to });
          ctx.focusAfter(`#${prefix}-from`);
        } else period.preset = preset;
        ctx.rerender();
      },
    ),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), apply()) },
      fromField.element,
      toField.element,
      h('button', { type: 'submit', id: `${prefix}-apply` }, text(ctx, 'apply')),
    ),
    problem,
    h('p', { class: 'meta', id: `${prefix}-period` }, `${day(ctx, from)} – ${day(ctx, to)}`),
  );
}

/** A preset or a return's window as the reader's language says it: '1M', '1 เดือน'. */
export const periodLabel = (ctx: Context, period: Preset | 'YTD') => text(ctx, `period_${period}`);

/** A period as a link writes it: the preset ('1Y'), or its two days ('2025-01-01..2025-06-30'). */
export const periodParam = (period: Period): string =>
  period.preset === 'custom' ? `${period.from}..${period.to}` : period.preset;

/** The period a link asks for into `period`; anything else (none, a typo) leaves it as it was. */
export function readPeriod(value: string | null, period: Period, presets: readonly string[] = PRESETS): void {
  if (!value) return;
  const days = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (days && days[1]! <= days[2]!) Object.assign(period, { preset: 'custom', from: days[1], to: days[2] });
  else if (presets.includes(value)) Object.assign(period, { preset: value, from: undefined, to: undefined });
}
