// CSV files of what a view shows (issue 47, item 17), made in the browser from the answers it drew:
// one fund's prices, all funds on a day, the deposit and loan rates in force on a day. Dates are
// written in one format a file, named in the column's heading: ISO days in English, d/m/Buddhist-era
// years in Thai, as Thai spreadsheets expect.
import { text, type Context } from './context.js';
import { thaiDate } from './date-field.js';
import { h } from './dom.js';

export type Cell = string | number | null | undefined;

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const field = (value: Cell) => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvText = (headings: string[], rows: Cell[][]): string =>
  [headings, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** A date column's heading, with the format its dates are written in: 'Date (YYYY-MM-DD)'. */
export const dateHeading = (ctx: Context, heading: string) => `${heading} (${text(ctx, 'csvDateFormat')})`;

/** An ISO day as the file writes it in the page's language. */
export const csvDay = (ctx: Context, iso: string) => (ctx.lang === 'th' ? thaiDate(iso) : iso);

/**
 * Saves `csv` as `file` (with a BOM, so spreadsheet programs read it as UTF-8), and says so: through
 * `say` where the form asked for it is, or in the page's notice.
 */
export function saveCsv(ctx: Context, file: string, csv: string, say?: (said: string) => void): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = h('a', { href: url, download: file, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const said = text(ctx, 'downloaded', { file });
  if (say) say(said);
  else ctx.notify(said);
}

/** A "Download CSV" button that saves what `make` gives when pressed. */
export const csvButton = (ctx: Context, id: string, make: () => { file: string; csv: string }) =>
  h(
    'button',
    {
      type: 'button',
      id,
      class: 'csv',
      onclick: () => {
        const { file, csv } = make();
        saveCsv(ctx, ctx.lang === 'th' ? file.replace(/\.csv$/, '-th.csv') : file, csv);
      },
    },
    text(ctx, 'download'),
  );
