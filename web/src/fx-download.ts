import type { DateInput } from '../../src/client/index.js';
import { day, text, type Context } from './context.js';
import { dateField, readRange } from './date-field.js';
import { h } from './dom.js';

/**
 * The CSV download of a family's rates over a period, as the service writes it (GetDownloadfxrates
 * with Accept: text/csv), in the page's language: Thai gives Buddhist-era years.
 */
export function fxDownload(ctx: Context, family: string, from: string, to: string): HTMLElement {
  const fromField = dateField(ctx.lang, { id: 'csv-from', label: text(ctx, 'from'), value: from });
  const toField = dateField(ctx.lang, { id: 'csv-to', label: text(ctx, 'to'), value: to });
  const button = h('button', { type: 'submit', id: 'csv-download' }, text(ctx, 'download'));
  const problem = h('p', { class: 'message error', id: 'csv-range-error', role: 'alert' });

  const download = async () => {
    const range = readRange(ctx.lang, fromField, toField, (iso) => day(ctx, iso));
    problem.textContent = 'error' in range ? range.error : '';
    if ('error' in range) return;
    button.disabled = true;
    try {
      const answer = await ctx.api.client.getDownloadFxRatesCsv(
        family,
        range.from as DateInput,
        range.to as DateInput,
        ctx.lang,
      );
      // The service names its columns by the API's field names; a Thai file gets Thai headings.
      const csv = ctx.lang === 'th' ? answer.replace(/^[^\r\n]*/, text(ctx, 'csvHeaders')) : answer;
      const file = `fxrates-${family}-${range.from}-${range.to}${ctx.lang === 'th' ? '-th' : ''}.csv`;
      // A BOM so spreadsheet programs read the file as UTF-8.
      const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
      const link = h('a', { href: url, download: file, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      ctx.notify(text(ctx, 'downloaded', { file }));
    } catch (error) {
      ctx.fail(error);
    } finally {
      button.disabled = false;
    }
  };

  return h(
    'section',
    { class: 'download' },
    h('h2', {}, text(ctx, 'csvTitle')),
    h('p', { class: 'meta' }, `${family}. ${text(ctx, 'csvHint')}`),
    h(
      'form',
      { class: 'range', onsubmit: (e: Event) => (e.preventDefault(), void download()) },
      fromField.input,
      toField.input,
      button,
    ),
    problem,
  );
}
