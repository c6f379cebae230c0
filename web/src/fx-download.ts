import type { DateInput } from '../../src/client/index.js';
import { explain } from './api.js';
import { day, text, type Context } from './context.js';
import { dateField, readRange } from './date-field.js';
import { saveCsv } from './csv.js';
import { addDays, addMonths } from './dates.js';
import { foldable, h } from './dom.js';

/** The longest period GetDownloadfxrates answers at a time: 3 years, as the service counts them. */
const MAX_MONTHS = 36;

/** The first start the service takes for a period ending on `to` (3 years back, 29 February kept inside). */
function earliestStart(to: string): string {
  const start = addMonths(to, -MAX_MONTHS);
  return addMonths(start, MAX_MONTHS) < to ? addDays(start, 1) : start;
}

/**
 * The CSV download of a family's rates over a period, as the service writes it (GetDownloadfxrates
 * with Accept: text/csv), in the page's language: Thai gives Buddhist-era years. What it did or
 * refused is said beside the form, where the reader is (the page's notice is out of sight from here).
 */
export function fxDownload(ctx: Context, family: string, from: string, to: string): HTMLElement {
  const fromField = dateField(ctx.lang, { id: 'csv-from', label: text(ctx, 'from'), value: from });
  const toField = dateField(ctx.lang, { id: 'csv-to', label: text(ctx, 'to'), value: to });
  const button = h('button', { type: 'submit', id: 'csv-download' }, text(ctx, 'download'));
  const problem = h('p', { class: 'message error', id: 'csv-range-error', role: 'alert' });
  const done = h('p', { class: 'message', id: 'csv-status', role: 'status' });
  /** Says `said` in `place` (one message at a time), kept in sight. */
  const say = (place: HTMLElement, said: string) => {
    problem.textContent = '';
    done.textContent = '';
    place.textContent = said;
    if (said) place.scrollIntoView({ block: 'nearest' });
  };

  const download = async () => {
    const range = readRange(ctx.lang, fromField, toField, (iso) => day(ctx, iso));
    if ('error' in range) return say(problem, range.error);
    // Refused here, in the reader's words, rather than asked and refused by the service.
    const earliest = earliestStart(range.to);
    if (range.from < earliest) return say(problem, text(ctx, 'tooLong', { date: day(ctx, earliest) }));
    say(done, '');
    button.disabled = true;
    try {
      const answer = await ctx.api.client.getDownloadFxRatesCsv(
        family,
        range.from as DateInput,
        range.to as DateInput,
        ctx.lang,
      );
      // The service names its columns by the API's field names: an English file keeps them, a Thai
      // file gets Thai headings; both say that the dates are month first (10/01/2026 is 1 October,
      // not 10 January as a reader used to day-first dates would take it).
      const csv = answer.replace(/^[^\r\n]*/, text(ctx, 'csvHeaders'));
      const file = `fxrates-${family}-${range.from}-${range.to}${ctx.lang === 'th' ? '-th' : ''}.csv`;
      saveCsv(ctx, file, csv, (said) => say(done, said));
    } catch (error) {
      say(problem, explain(error, ctx.lang).text);
    } finally {
      button.disabled = false;
    }
  };

  return foldable(
    'fx-csv',
    'download',
    text(ctx, 'csvTitle'),
    h('p', { class: 'meta' }, `${family}. ${text(ctx, 'csvHint')} ${text(ctx, 'fxCsvDates')}`),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), void download()) },
      fromField.element,
      toField.element,
      button,
    ),
    problem,
    done,
  );
}
