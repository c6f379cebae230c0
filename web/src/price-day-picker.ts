import { text, type Context } from './context.js';
import { h } from './dom.js';
import { monthName, yearOf } from './i18n.js';
import { daysWithPrices } from './price-days.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The fund prices table's date: a year, a month, then a day among those with prices, so a weekend or
 * a holiday cannot be picked (the browser's date input cannot leave days out), and years and months
 * from `first` to `latest` only, so none is offered with nothing to show. Selects, not a calendar
 * grid: each is a native control that keyboards and screen readers know, and Thai years are
 * Buddhist-era. Loads the shown month's days before it returns, so the view is drawn whole.
 */
export async function priceDayPicker(
  ctx: Context,
  {
    value,
    first,
    latest,
    onPick,
  }: { value: string; first: string; latest: string; onPick: (iso: string) => void },
): Promise<HTMLElement> {
  const [latestYear, latestMonth] = latest.split('-').map(Number) as [number, number];
  const [firstYear, firstMonth] = first.split('-').map(Number) as [number, number];
  const [year0, month0, day0] = value.split('-').map(Number) as [number, number, number];
  const years = Array.from({ length: latestYear - firstYear + 1 }, (_, i) => latestYear - i);
  const year = h(
    'select',
    { id: 'prices-year', 'aria-label': text(ctx, 'year') },
    ...years.map((y) => h('option', { value: y, selected: y === year0 }, String(yearOf(y, ctx.lang)))),
  );
  const month = h('select', { id: 'prices-month', 'aria-label': text(ctx, 'month') });
  const day = h('select', { id: 'prices-day', 'aria-label': text(ctx, 'day') });
  const show = h('button', { type: 'submit', id: 'prices-show' }, text(ctx, 'apply'));

  /** The months of the chosen year, none before the first or after the latest day with prices. */
  const fillMonths = (selected: number) => {
    const start = Number(year.value) === firstYear ? firstMonth : 1;
    const last = Number(year.value) === latestYear ? latestMonth : 12;
    const pick = Math.min(Math.max(selected, start), last);
    month.replaceChildren(
      ...Array.from({ length: last - start + 1 }, (_, i) =>
        h('option', { value: start + i, selected: start + i === pick }, monthName(start + i, ctx.lang)),
      ),
    );
  };
  /** The chosen month's days with prices; the day kept when it has prices, else the month's last. */
  const fillDays = async (selected: number) => {
    const [y, m] = [Number(year.value), Number(month.value)];
    const days = await daysWithPrices(ctx, y, m);
    if (Number(year.value) !== y || Number(month.value) !== m) return; // changed again meanwhile
    const pick = days.includes(selected) ? selected : days.at(-1);
    day.replaceChildren(
      ...(days.length === 0
        ? [h('option', { value: '' }, text(ctx, 'noPricesMonth'))]
        : days.map((d) => h('option', { value: d, selected: d === pick }, String(d)))),
    );
    day.disabled = days.length === 0;
    show.disabled = days.length === 0;
  };
  const refill = () => {
    fillMonths(Number(month.value));
    void fillDays(Number(day.value)).catch((error) => ctx.fail(error));
  };
  year.addEventListener('change', refill);
  month.addEventListener('change', refill);

  fillMonths(month0);
  await fillDays(day0);
  return h(
    'form',
    {
      class: 'range',
      id: 'prices-date',
      'aria-label': text(ctx, 'date'),
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (day.value) onPick(`${year.value}-${pad(Number(month.value))}-${pad(Number(day.value))}`);
      },
    },
    day,
    month,
    year,
    show,
  );
}
