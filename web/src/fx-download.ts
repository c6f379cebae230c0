import type { DateInput } from '../../src/client/index.js';
import { text, type Context } from './context.js';
import { h } from './dom.js';

/**
 * The CSV download of a family's rates over a period, as the service writes it (GetDownloadfxrates
 * with Accept: text/csv), in the page's language: Thai gives Buddhist-era years.
 */
export function fxDownload(ctx: Context, family: string, from: string, to: string): HTMLElement {
  const fromInput = h('input', {
    type: 'date',
    id: 'csv-from',
    value: from,
    'aria-label': text(ctx, 'from'),
  });
  const toInput = h('input', { type: 'date', id: 'csv-to', value: to, 'aria-label': text(ctx, 'to') });
  const button = h('button', { type: 'submit', id: 'csv-download' }, text(ctx, 'download'));

  const download = async () => {
    button.disabled = true;
    try {
      const [start, end] = [fromInput.value, toInput.value] as DateInput[];
      const csv = await ctx.api.client.getDownloadFxRatesCsv(family, start!, end!, ctx.lang);
      const file = `fxrates-${family}-${fromInput.value}-${toInput.value}${ctx.lang === 'th' ? '-th' : ''}.csv`;
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
      fromInput,
      toInput,
      button,
    ),
  );
}
